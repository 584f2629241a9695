// The Store: the only way the relay reads or writes persistent state. One repository per topic
// (repositories/), each bound to the database; `transaction` binds the same repositories to one
// transaction. Writes of several things that must all be there or none are functions over the
// repositories (writes/), not store methods. One implementation (Kysely, kysely-store.ts) serves
// SQLite and PostgreSQL; one contract suite per repository (server/test/storage/) runs on both.
//
// Ledger invariants are enforced by the database, never by JavaScript between awaits: a
// follow-up's conditional update and the insert of its record are one transaction
// (writes/follow-up.ts), which commits only when the guard held.

import type { CompiledQuery } from 'kysely';
import type { Repositories } from './repositories/index.js';
import type { PoolUse } from './postgres.js';

export type {
  CheckoutRecord,
  EntityRecord,
  EntitySettings,
  EpochMs,
  MerchantRecord,
  PaymentRecord,
  PaymentStatus,
  RecurringMigration,
  RegistrationRecord,
} from '../domain/records.js';
export { NEW_CHECKOUT_STATE } from '../domain/records.js';
export type { DeliveryFilter, DeliveryListing, EndpointChange, EventDelivery, RecordDelivery, RedeliverySelection, SecretRotation } from './webhooks.js';
export type { CheckoutChange } from './checkouts.js';
export type * from './repositories/index.js';
export type { FollowUpWrite, NewPaymentParts, NewRegistrationParts, SettleOutcome, SettleWrite } from './writes/index.js';

/** The repositories bound to one scope, and the writer of statements that commit together. */
export interface StoreScope extends Repositories {
  /**
   * Writes statements that must commit together (a composite write's batch, writes/): on the
   * database, in the group commit's next transaction (one per event-loop turn, group-commit.ts);
   * in a transaction, one after the other on it. Guards are checked (guarded-query.ts).
   */
  writeTogether(statements: readonly CompiledQuery[]): Promise<void>;
}

/**
 * The repositories, bound to one transaction: what a write composes when it writes several things
 * that must all be there or none (Store.transaction).
 */
export type StoreTransaction = StoreScope;

/**
 * A request's claim was taken from its relay while the request ran (its lease ran out and another
 * relay resolved it as left in doubt): the effect is rolled back with the answer it could not
 * write, and the client retries.
 */
export class ClaimLostError extends Error {
  constructor() {
    super('the idempotency claim was resolved by another relay before the request could commit');
  }
}

export interface Store extends StoreScope {
  readonly dialect: 'sqlite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** One round trip to the database; rejects when it cannot be reached. */
  ping(): Promise<void>;
  /** Migrations this code knows that the database has not applied, in order; [] when up to date. */
  pendingMigrations(): Promise<string[]>;
  /**
   * Runs `work` in one transaction: everything it writes through `tx` commits together when it
   * returns, and nothing does when it throws. The seam of the outbox: a state change and the jobs
   * it causes are written in one go.
   */
  transaction<T>(work: (tx: StoreTransaction) => Promise<T>): Promise<T>;
  /** PostgreSQL: the pool's connections now (the metrics); undefined on SQLite, one connection in this process. */
  poolUse(): PoolUse | undefined;
}
