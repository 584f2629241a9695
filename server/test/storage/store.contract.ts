// The store contract: one suite per repository and one per composite write, run by sqlite.test.ts
// and postgres.test.ts against a real database. Call storeContract inside a describe block; it
// opens one store for the block and runs every contract of the lists below, each in a describe
// block named by its repository or write, the concurrency cases (docs/security-cases.md L1–L4)
// included.

import { afterAll, beforeAll } from 'vitest';
import { accessTokensContract } from './contract/access-tokens.js';
import { auditContract } from './contract/audit.js';
import { backofficeSessionsContract } from './contract/backoffice-sessions.js';
import { cardKeysContract } from './contract/card-keys.js';
import { merchantSettingsContract } from './contract/merchant-settings.js';
import { signInFailuresContract } from './contract/sign-in-failures.js';
import { chargebacksContract } from './contract/chargebacks.js';
import { checkoutsContract } from './contract/checkouts.js';
import { entitiesContract } from './contract/entities.js';
import type { ContractContext, StoreHarness } from './contract/fixtures.js';
import { idempotencyContract } from './contract/idempotency.js';
import { jobsContract } from './contract/jobs.js';
import { merchantsContract } from './contract/merchants.js';
import { paymentFamilyContract } from './contract/payment-family.js';
import { paymentsContract } from './contract/payments.js';
import { paymentSearchContract } from './contract/payment-search.js';
import { quotesContract } from './contract/quotes.js';
import { recordDeliveriesContract } from './contract/record-deliveries.js';
import { registrationsContract } from './contract/registrations.js';
import { reportsContract } from './contract/reports.js';
import { schedulesContract } from './contract/schedules.js';
import { settlementContract } from './contract/settlement.js';
import { simulatorJournalContract } from './contract/simulator-journal.js';
import { storeContract as storeItselfContract } from './contract/store.js';
import { usersContract } from './contract/users.js';
import { webhooksContract } from './contract/webhooks.js';
import { writeAccessTokenContract } from './contract/writes/access-token.js';
import { writeAggregationContract } from './contract/writes/aggregation.js';
import { batchedWritesContract } from './contract/writes/batched.js';
import { writeDueFiringsContract } from './contract/writes/due-firings.js';
import { followUpAlongsideContract } from './contract/writes/follow-up-alongside.js';
import { followUpCapturesContract } from './contract/writes/follow-up-captures.js';
import { followUpChargebacksContract } from './contract/writes/follow-up-chargebacks.js';
import { followUpLedgerContract } from './contract/writes/follow-up-ledger.js';
import { outboxContract } from './contract/writes/outbox.js';
import { writePaymentContract } from './contract/writes/payment.js';
import { writeRecordsRedeliveryContract } from './contract/writes/records-redelivery.js';
import { writeRedeliveryContract } from './contract/writes/redelivery.js';
import { writeRegistrationDeletionContract } from './contract/writes/registration-deletion.js';
import { writeScheduleCancelContract } from './contract/writes/schedule-cancel.js';
import { writeSettlementContract } from './contract/writes/settlement.js';
import { voucherConfirmationContract } from './contract/writes/voucher-confirmation.js';
import { writeUserChangeContract } from './contract/writes/user-change.js';
import { writeUserInviteContract } from './contract/writes/user-invite.js';
import { writeInvitationAcceptContract } from './contract/writes/invitation-accept.js';
import { writeSessionStartContract } from './contract/writes/session-start.js';
import { writeMerchantSettingsContract } from './contract/writes/merchant-settings.js';
import { writeEntitySettingsContract } from './contract/writes/entity-settings.js';
import { backofficeSchedulesContract } from './contract/backoffice-schedules.js';

export type { StoreHarness } from './contract/fixtures.js';

type Contract = (ctx: () => ContractContext) => void;

/** The store's own promises, then one contract per repository (storage/repositories/). */
export const REPOSITORY_CONTRACTS: readonly Contract[] = [
  storeItselfContract,
  merchantsContract,
  entitiesContract,
  paymentsContract,
  paymentFamilyContract,
  registrationsContract,
  checkoutsContract,
  idempotencyContract,
  simulatorJournalContract,
  jobsContract,
  webhooksContract,
  recordDeliveriesContract,
  schedulesContract,
  reportsContract,
  quotesContract,
  settlementContract,
  usersContract,
  auditContract,
  accessTokensContract,
  backofficeSessionsContract,
  merchantSettingsContract,
  signInFailuresContract,
  paymentSearchContract,
  chargebacksContract,
  cardKeysContract,
];

/** One contract per composite write (storage/writes/). */
export const WRITE_CONTRACTS: readonly Contract[] = [
  writePaymentContract,
  followUpLedgerContract,
  followUpCapturesContract,
  followUpAlongsideContract,
  followUpChargebacksContract,
  writeSettlementContract,
  voucherConfirmationContract,
  batchedWritesContract,
  writeRegistrationDeletionContract,
  writeDueFiringsContract,
  writeScheduleCancelContract,
  writeRedeliveryContract,
  writeRecordsRedeliveryContract,
  writeAggregationContract,
  outboxContract,
  writeUserInviteContract,
  writeUserChangeContract,
  writeAccessTokenContract,
  writeSessionStartContract,
  writeMerchantSettingsContract,
  writeEntitySettingsContract,
  writeInvitationAcceptContract,
  backofficeSchedulesContract,
];

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

  for (const contract of [...REPOSITORY_CONTRACTS, ...WRITE_CONTRACTS]) contract(ctx);
}
