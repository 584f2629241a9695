// The Store contract: one suite, run by sqlite.test.ts and postgres.test.ts against a real database.
// Call it inside a describe block; it opens one store for the block and checks every promise of
// store.ts, the concurrency cases (docs/security-cases.md L1–L4) included.

import { afterAll, beforeAll } from 'vitest';
import { checkoutsContract } from './contract/checkouts.js';
import type { ContractContext, StoreHarness } from './contract/fixtures.js';
import { healthContract } from './contract/health.js';
import { idempotencyContract } from './contract/idempotency.js';
import { inDoubtContract } from './contract/in-doubt.js';
import { jobsContract } from './contract/jobs.js';
import { captureRefundsContract } from './contract/capture-refunds.js';
import { ledgerContract } from './contract/ledger.js';
import { chargebacksContract } from './contract/chargebacks.js';
import { redirectsContract } from './contract/redirects.js';
import { recordsContract } from './contract/records.js';
import { webhooksContract } from './contract/webhooks.js';
import { schedulesContract } from './contract/schedules.js';
import { vouchersContract } from './contract/vouchers.js';

export type { StoreHarness } from './contract/fixtures.js';

export function storeContract(makeHarness: () => Promise<StoreHarness>): void {
  let context: ContractContext | undefined;
  const ctx = (): ContractContext => {
    if (!context) throw new Error('the store contract has no open store (did beforeAll fail?)');
    return context;
  };

  beforeAll(async () => {
    const harness = await makeHarness();
    context = { harness, store: await harness.open() };
  });
  afterAll(async () => {
    if (!context) return;
    await context.store.close();
    await context.harness.dispose();
  });

  recordsContract(ctx);
  ledgerContract(ctx);
  captureRefundsContract(ctx);
  chargebacksContract(ctx);
  redirectsContract(ctx);
  idempotencyContract(ctx);
  inDoubtContract(ctx);
  checkoutsContract(ctx);
  jobsContract(ctx);
  healthContract(ctx);
  webhooksContract(ctx);
  schedulesContract(ctx);
  vouchersContract(ctx);
}
