// The audit: every invariant, one file each, run against the database and the receivers once the
// load has stopped and the webhooks owed have been sent.

import { acknowledgedOnce } from './acknowledged-once.js';
import { followUpBounds } from './follow-up-bounds.js';
import { nothingHeldPastLease } from './leases.js';
import { memorySteady } from './memory.js';
import { onePaymentPerKey } from './one-payment-per-key.js';
import { schedulesOnce } from './schedules.js';
import { serverErrors } from './server-errors.js';
import { settlementSums } from './settlement.js';
import { slipsConfirmedOnce } from './slips.js';
import type { AuditInput, Verdict } from './verdict.js';
import { webhooksDelivered } from './webhooks-delivered.js';

export interface AuditReport {
  ok: boolean;
  verdicts: Verdict[];
}

export const INVARIANTS = [acknowledgedOnce, onePaymentPerKey, followUpBounds, serverErrors, webhooksDelivered, schedulesOnce, slipsConfirmedOnce, settlementSums, nothingHeldPastLease, memorySteady];

export async function runAudit(input: AuditInput): Promise<AuditReport> {
  const verdicts: Verdict[] = [];
  for (const check of INVARIANTS) {
    try {
      verdicts.push(await check(input));
    } catch (error) {
      verdicts.push({ invariant: check.name, ok: false, checked: 0, findings: [`the check itself failed: ${(error as Error).message}`] });
    }
  }
  return { ok: verdicts.every((v) => v.ok), verdicts };
}
