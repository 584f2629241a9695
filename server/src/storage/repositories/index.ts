// The repositories: one per topic, each a small interface over a scope (the database or one
// transaction). Store and StoreTransaction (../store.ts) carry the same set.

import { KyselyAccessTokens, type AccessTokensRepository } from './access-tokens.js';
import { KyselyAudit, type AuditRepository } from './audit.js';
import { KyselyBackofficeSessions, type BackofficeSessionsRepository } from './backoffice-sessions.js';
import { KyselyChargebacks, type ChargebacksRepository } from './chargebacks.js';
import { KyselyCardKeys, type CardKeysRepository } from './card-keys.js';
import { KyselyCheckouts, type CheckoutsRepository } from './checkouts.js';
import { KyselyEntities, type EntitiesRepository } from './entities.js';
import { KyselyHome, type HomeRepository } from './home.js';
import { KyselyIdempotency, type IdempotencyRepository } from './idempotency.js';
import { KyselyJobs, type JobsRepository } from './jobs.js';
import { KyselyMerchantSettings, type MerchantSettingsRepository } from './merchant-settings.js';
import { KyselyMerchants, type MerchantsRepository } from './merchants.js';
import { KyselyPayments, type PaymentsRepository } from './payments.js';
import { KyselyPaymentSearch, type PaymentSearchRepository } from './payment-search.js';
import { KyselyQuotes, type QuotesRepository } from './quotes.js';
import { KyselyRegistrations, type RegistrationsRepository } from './registrations.js';
import { KyselyReports, type ReportsRepository } from './reports.js';
import { KyselySchedules, type SchedulesRepository } from './schedules.js';
import { KyselySealedValues, type SealedValuesRepository } from './sealed-values.js';
import type { Scope } from './scope.js';
import { KyselySettlement, type SettlementRepository } from './settlement.js';
import { KyselySignInFailures, type SignInFailuresRepository } from './sign-in-failures.js';
import { KyselySimulatorJournal, type SimulatorJournalRepository } from './simulator-journal.js';
import { KyselyUsers, type UsersRepository } from './users.js';
import { KyselyWebhooks, type WebhooksRepository } from './webhooks.js';

export type * from './access-tokens.js';
export type * from './audit.js';
export type * from './backoffice-sessions.js';
export type * from './chargebacks.js';
export type * from './card-keys.js';
export type * from './checkouts.js';
export type * from './entities.js';
export type * from './home.js';
export type * from './idempotency.js';
export type * from './jobs.js';
export type * from './merchants.js';
export type * from './merchant-settings.js';
export type * from './payments.js';
export type * from './payment-search.js';
export type * from './quotes.js';
export type * from './registrations.js';
export type * from './reports.js';
export type * from './schedules.js';
export type * from './sealed-values.js';
export type * from './settlement.js';
export type * from './simulator-journal.js';
export type * from './sign-in-failures.js';
export type * from './users.js';
export type * from './webhooks.js';
export type * from './scope.js';

/** Every repository, bound to one scope. */
export interface Repositories {
  readonly merchants: MerchantsRepository;
  readonly entities: EntitiesRepository;
  readonly payments: PaymentsRepository;
  readonly registrations: RegistrationsRepository;
  readonly checkouts: CheckoutsRepository;
  readonly idempotency: IdempotencyRepository;
  readonly jobs: JobsRepository;
  readonly webhooks: WebhooksRepository;
  readonly schedules: SchedulesRepository;
  readonly simulatorJournal: SimulatorJournalRepository;
  readonly reports: ReportsRepository;
  readonly quotes: QuotesRepository;
  readonly settlement: SettlementRepository;
  readonly users: UsersRepository;
  readonly audit: AuditRepository;
  readonly accessTokens: AccessTokensRepository;
  readonly sessions: BackofficeSessionsRepository;
  readonly merchantSettings: MerchantSettingsRepository;
  readonly signInFailures: SignInFailuresRepository;
  /** The back office's payment list. */
  readonly paymentSearch: PaymentSearchRepository;
  /** The back office's chargebacks with their reversals. */
  readonly chargebacks: ChargebacksRepository;
  /** The back office's home page. */
  readonly home: HomeRepository;
  /** Which card key seals new values (crypto/keyring.ts). */
  readonly cardKeys: CardKeysRepository;
  /** The values sealed with each card key, for rotation (app/reseal.ts). */
  readonly sealedValues: SealedValuesRepository;
}

export function repositoriesOf(scope: Scope): Repositories {
  return {
    merchants: new KyselyMerchants(scope),
    entities: new KyselyEntities(scope),
    payments: new KyselyPayments(scope),
    registrations: new KyselyRegistrations(scope),
    checkouts: new KyselyCheckouts(scope),
    idempotency: new KyselyIdempotency(scope),
    jobs: new KyselyJobs(scope),
    webhooks: new KyselyWebhooks(scope),
    schedules: new KyselySchedules(scope),
    simulatorJournal: new KyselySimulatorJournal(scope),
    reports: new KyselyReports(scope),
    quotes: new KyselyQuotes(scope),
    settlement: new KyselySettlement(scope),
    users: new KyselyUsers(scope),
    audit: new KyselyAudit(scope),
    accessTokens: new KyselyAccessTokens(scope),
    sessions: new KyselyBackofficeSessions(scope),
    merchantSettings: new KyselyMerchantSettings(scope),
    signInFailures: new KyselySignInFailures(scope),
    paymentSearch: new KyselyPaymentSearch(scope),
    chargebacks: new KyselyChargebacks(scope),
    home: new KyselyHome(scope),
    cardKeys: new KyselyCardKeys(scope),
    sealedValues: new KyselySealedValues(scope),
  };
}
