// The Store interface: the only way the relay reads or writes persistent state. One implementation
// (Kysely) serves SQLite and PostgreSQL; one contract suite (server/test/storage/) runs on both.
//
// Ledger invariants are enforced here, by the database, never by JavaScript between awaits:
// applyFollowUp() performs the lifecycle table's conditional update and the insert of the new
// record in one transaction, and reports whether the guard held.

import type { LedgerChange, PendingKind, StatusChange } from '../domain/lifecycle.js';
import type { JobRecord, JobState } from '../domain/job.js';
import type { AttemptOutcome, DeliveryWork, WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../domain/webhooks.js';
import type { DeliveryFilter, DeliveryListing, EndpointChange, RedeliverySelection } from './webhooks.js';
import type { ClaimGroups } from './jobs.js';
export type { DeliveryFilter, DeliveryListing, EndpointChange, RedeliverySelection } from './webhooks.js';
import type { FiringsWritten } from './schedules.js';
import type { CheckoutChange } from './checkouts.js';
import type { ReportStore } from './report-store.js';
export type { CheckoutChange } from './checkouts.js';
import type { Firing, OccurrenceCharge, OccurrenceRecord, OccurrenceToCharge, ScheduleRecord } from '../domain/schedules.js';

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
import type { EpochMs, PaymentRecord, RegistrationRecord, EntityRecord, EntitySettings, MerchantRecord, CheckoutRecord, PaymentStatus } from '../domain/records.js';

export type CheckoutClaim = 'claimed' | 'missing' | 'expired' | 'paid' | 'busy' | 'locked';

export type IdempotencyClaim =
  | { kind: 'claimed' }
  /** `leaseUntil`: when its holder's lease runs out (null: a claim from before leases). */
  | { kind: 'in-progress'; leaseUntil: EpochMs | null }
  | { kind: 'mismatch' }
  | { kind: 'done'; statusCode: number; body: string };

/**
 * The answer an idempotency claim replays, written in the same transaction as the request's effect
 * (docs/security-cases.md F1): a request whose effect is committed has its answer, so a claim still in
 * progress after a crash means that nothing of it was committed.
 */
export interface ClaimAnswer {
  entityId: string;
  key: string;
  /** The relay holding the claim and the moment it claimed: the answer is written only while
   * that very claim holds (a retry's later claim under the same owner is another claim). */
  owner: string;
  claimedAt: EpochMs;
  statusCode: number;
  body: string;
}

/** Who holds a new idempotency claim, and until when (several relays share one store). */
export interface ClaimHolder {
  /** The relay's id (config.relayId). */
  owner: string;
  /** Past this moment another relay may take the claim as left in doubt. */
  leaseUntil: EpochMs;
}

/** A claim whose request never finished: its relay is gone, or its lease ran out. */
export interface InDoubtClaim {
  entityId: string;
  key: string;
  createdAt: EpochMs;
  owner: string;
}

/** The simulator's record of one authorization it answered under a connector reference. */
export interface SimulatorAuthorization {
  /** The relay's reference for the request (see simulator/journal.ts). */
  reference: string;
  entityId: string;
  paymentId: string;
  paymentType: string;
  amount: number;
  currency: string;
  resultCode: string;
  state: 'approved' | 'declined' | 'challenge' | 'voided';
  createdAt: EpochMs;
  voidedAt: EpochMs | null;
}

/**
 * A follow-up (CP, RF, RV) or a settlement of a pending payment: the guarded change to the
 * referenced row and the record to insert, applied atomically.
 */
export interface FollowUpWrite {
  referencedId: string;
  entityId: string;
  change: LedgerChange;
  /** Inserted only when the guard held. */
  record: PaymentRecord;
  now: EpochMs;
  /** Written with the record, only when the guard held. */
  answer?: ClaimAnswer;
  /** The work the follow-up causes (the outbox), queued only when the guard held. */
  jobs?: readonly JobRecord[];
  /** The webhook events it tells of, written (and fanned out) only when the guard held. */
  events?: readonly WebhookEvent[];
}

/** The settlement of a payment, planned from the status table (lifecycle.ts planSettle). */
export interface SettleWrite {
  paymentId: string;
  /** The payment's checkout, as the caller read the payment: a payment's checkout never changes. */
  checkoutId: string | null;
  change: StatusChange;
  resultCode: string;
  /** The public response with the outcome. */
  responseJson: string;
  /** Replaces the pending state; the caller strips what must not outlive the challenge. */
  pendingJson: string | null;
  now: EpochMs;
  /** createRegistration on a 3-D Secure payment: written only if the settlement is. */
  registration?: RegistrationRecord;
  /**
   * The confirmation record a change with `confirmedBy` requires (a paid slip's RC, referencing
   * the payment): inserted only if the settlement is, and at most one per payment (migration 015).
   */
  confirmation?: PaymentRecord;
  /** The work the settlement causes (the outbox), queued only if it is written. */
  jobs?: readonly JobRecord[];
  /** The webhook events it tells of, written only if it is. */
  events?: readonly WebhookEvent[];
}

/**
 * How a settlement ended; nothing is written unless it is 'settled'. 'refused': the change is not
 * in the status table, or the payment is no longer in its `from` status. 'checkout-closed': a
 * success refused because the payment's checkout has a success already or went on to another
 * attempt; the payment is still pending and can only end as not successful.
 */
export type SettleOutcome = 'settled' | 'refused' | 'checkout-closed';

/** What a new payment brings along, written in the payment's own transaction. */
export interface NewPaymentParts {
  /** createRegistration: the card stored for the payment (its registrationId). */
  registration?: RegistrationRecord;
  /**
   * Widget flow: the payment ends the attempt on its checkout (payment.checkoutId) that claimed it.
   * A success becomes the checkout's one success; declined counts a decline; pending holds the
   * checkout until pendingLeaseUntil. Success and pending bind shopperResultUrl if none is bound.
   */
  attempt?: { pendingLeaseUntil: EpochMs; shopperResultUrl: string | null };
  /** The answer of the idempotency claim the payment was made under. */
  answer?: ClaimAnswer;
  /** The work the payment causes (the outbox), queued in the payment's transaction. */
  jobs?: readonly JobRecord[];
  /** The webhook events it tells of, written (and fanned out) in the payment's transaction. */
  events?: readonly WebhookEvent[];
  /**
   * A schedule's charge: the occurrence it pays ends with the payment, and the payment is written
   * only while the occurrence is still due (not cancelled, not charged by another run): false.
   */
  occurrence?: OccurrenceCharge;
}

/** What a new stored card brings along, in its own transaction. */
export interface NewRegistrationParts {
  answer?: ClaimAnswer;
  jobs?: readonly JobRecord[];
  events?: readonly WebhookEvent[];
}

/**
 * The repositories, bound to one transaction: what a flow composes when it writes several things
 * that must all be there or none (Store.transaction). Each is a small set of statements on one
 * table; the store's composite writes are made of the same ones.
 */
export interface StoreTransaction {
  readonly payments: {
    insert(p: PaymentRecord): Promise<void>;
    find(entityId: string, id: string): Promise<PaymentRecord | undefined>;
  };
  readonly registrations: {
    insert(r: RegistrationRecord): Promise<void>;
  };
  readonly checkouts: {
    insert(c: CheckoutRecord): Promise<void>;
  };
  readonly idempotency: {
    /** Writes a claim's answer (it must be held: claimed and not yet answered). */
    complete(answer: ClaimAnswer): Promise<void>;
  };
  readonly jobs: {
    /** Queues jobs; one whose unique key is taken is skipped. */
    enqueue(jobs: readonly JobRecord[]): Promise<void>;
  };
  readonly webhooks: {
    /** Writes events and their deliveries to every endpoint that wants them, with their jobs. */
    emit(events: readonly WebhookEvent[]): Promise<void>;
  };
}

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

export interface Store {
  readonly dialect: 'sqlite' | 'postgres';
  /** Transaction reports, settlement and currency quotes (storage/report-store.ts). */
  readonly reports: ReportStore;
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

  createMerchant(m: MerchantRecord): Promise<void>;
  countMerchants(): Promise<number>;
  findMerchantByTokenHash(tokenHash: string): Promise<MerchantRecord | undefined>;
  findMerchant(id: string): Promise<MerchantRecord | undefined>;
  /** Every merchant's stored webhook secret, for sealing the plain ones of an older store. */
  listWebhookSecrets(): Promise<{ id: string; webhookSecret: string }[]>;
  /** Replaces a stored webhook secret if it is still `from`; false when it changed meanwhile. */
  replaceWebhookSecret(id: string, from: string, to: string): Promise<boolean>;
  createEntity(e: EntityRecord): Promise<void>;
  findEntity(id: string): Promise<EntityRecord | undefined>;
  listEntities(merchantId: string): Promise<EntityRecord[]>;
  updateEntitySettings(id: string, settings: EntitySettings): Promise<void>;

  /**
   * A new payment and its parts, in one transaction: if the payment cannot be written, neither are
   * they. False = a success refused because its checkout has one already; nothing written.
   */
  insertPayment(p: PaymentRecord, parts?: NewPaymentParts): Promise<boolean>;
  /** Scoped by entity: another entity's payment is undefined. */
  findPayment(entityId: string, id: string): Promise<PaymentRecord | undefined>;
  /**
   * Payments pending for `kind` since before `createdBefore`, oldest first, at most `limit`; only
   * `entityId`'s when given (a test clock moves one entity's time).
   */
  pendingPaymentsBefore(kind: PendingKind, createdBefore: EpochMs, limit: number, entityId?: string): Promise<PaymentRecord[]>;
  /** The records of `paymentType` referencing a payment, oldest first (a slip's RC: one at most). */
  paymentsReferencing(referencedId: string, paymentType: string): Promise<PaymentRecord[]>;
  /** By id alone: for relay-internal pages (3-D Secure) that carry an unguessable id. */
  findPaymentById(id: string): Promise<PaymentRecord | undefined>;
  /** Applies the lifecycle guard and inserts the record in one transaction; false = guard failed, nothing written. */
  applyFollowUp(w: FollowUpWrite): Promise<boolean>;
  /**
   * Applies a change of the status table, only if the payment's status is still change.from, and
   * writes the registration with it. A payment of a checkout ends that checkout's attempt in the
   * same transaction, while the checkout is still on it (see SettleOutcome).
   */
  settlePayment(w: SettleWrite): Promise<SettleOutcome>;

  /** With its parts (the claim's answer, jobs, events) in the same transaction. */
  insertRegistration(r: RegistrationRecord, parts?: NewRegistrationParts): Promise<void>;
  findRegistration(entityId: string, id: string): Promise<RegistrationRecord | undefined>;
  /** A registration and the entity's test clock (undefined: never moved), read together: what a schedule's creation needs. */
  findRegistrationAndTestClock(entityId: string, id: string): Promise<{ registration: RegistrationRecord | undefined; testClock: EpochMs | undefined }>;
  /**
   * Marks deleted and wipes the ciphertext, with the events that tell of it; false (nothing
   * written) when absent or already deleted.
   */
  deleteRegistration(entityId: string, id: string, now: EpochMs, events?: readonly WebhookEvent[]): Promise<boolean>;

  /** With `answer`, the idempotency claim's answer in the same transaction. */
  insertCheckout(c: CheckoutRecord, answer?: ClaimAnswer): Promise<void>;
  /** By id alone (the widget's public routes); callers check the entity where it matters. */
  findCheckout(id: string): Promise<CheckoutRecord | undefined>;
  /**
   * Takes the checkout for one payment attempt, atomically: not expired, no success yet, fewer
   * than maxDeclines declines, no unexpired lease, and no pending last payment whatever its lease
   * (it must be settled first: it could still succeed). An attempt ends with the write of its
   * payment (insertPayment with `attempt`), its settlement, or releaseCheckout.
   */
  claimCheckout(id: string, now: EpochMs, leaseUntil: EpochMs, maxDeclines: number): Promise<CheckoutClaim>;
  /**
   * Changes the payment a checkout prepares (amount, currency, type, parameters) between attempts:
   * not while one holds it or its payment is pending, never once paid or expired.
   */
  updateCheckout(id: string, entityId: string, change: CheckoutChange, now: EpochMs): Promise<'updated' | Exclude<CheckoutClaim, 'claimed' | 'locked'>>;
  /** Ends an attempt that authorized nothing: only frees the lease. */
  releaseCheckout(id: string): Promise<void>;
  /** Counts a status read; false when `max` reads already happened in the current window. */
  countCheckoutRead(id: string, now: EpochMs, windowMs: number, max: number): Promise<boolean>;
  markCheckoutSpent(id: string, now: EpochMs): Promise<void>;

  /**
   * Idempotency, scoped to (entityId, key). requestHash distinguishes different parameters; a key
   * created before `expiredBefore` is claimed as if it were unused.
   */
  claimIdempotencyKey(entityId: string, key: string, requestHash: string, now: EpochMs, expiredBefore: EpochMs, holder: ClaimHolder): Promise<IdempotencyClaim>;
  /** Writes the answer of a request without an effect; nothing when the claim is no longer held. */
  completeIdempotencyKey(answer: ClaimAnswer): Promise<void>;
  purgeIdempotencyKeys(olderThan: EpochMs): Promise<number>;
  /**
   * Claims in progress that no live relay works on: lease expired, or owned by `restartedOwner`, a
   * relay starting again (null: expired leases only). At most `limit`, oldest first.
   */
  inDoubtIdempotencyKeys(now: EpochMs, restartedOwner: string | null, limit: number): Promise<InDoubtClaim[]>;
  /**
   * Releases a claim in progress if it is still exactly that claim (same owner and moment), so a
   * retry may run: a request that failed before any effect, or a claim found in doubt. False when
   * the claim is answered, gone, or taken afresh.
   */
  releaseIdempotencyClaim(claim: InDoubtClaim): Promise<boolean>;

  /** Jobs (jobs/runner.ts): queued alone, outside any other write. */
  enqueueJobs(jobs: readonly JobRecord[]): Promise<void>;
  /**
   * Claims up to `limit` jobs that are due (queued with run_at <= now) or whose lease expired, for
   * `owner` until `leaseUntil`, counting a try on each. Two runners never get the same job while
   * its lease runs.
   */
  claimJobs(owner: string, now: EpochMs, leaseUntil: EpochMs, limit: number, groups?: ClaimGroups): Promise<JobRecord[]>;
  /** Marks jobs done, only those still leased to `owner`; returns how many were. */
  completeJobs(owner: string, ids: readonly string[], now: EpochMs): Promise<number>;
  /** A try failed: queued again for `runAt`, or kept as failed; only while leased to `owner`. */
  finishJobWithError(owner: string, id: string, error: string, next: { state: 'queued' | 'failed'; runAt?: EpochMs }, now: EpochMs): Promise<boolean>;
  /**
   * Every job leased to `owner` goes back to the queue, due now; its try stays counted when it ran
   * (a crash: the relay restarted), and not when the relay stops cleanly before running it.
   */
  releaseJobs(owner: string, now: EpochMs, tryRan: boolean): Promise<number>;
  findJob(id: string): Promise<JobRecord | undefined>;
  findJobByKey(uniqueKey: string): Promise<JobRecord | undefined>;
  countJobs(kind?: string): Promise<Record<JobState, number>>;
  /** Forgets done and failed jobs last changed before `olderThan`. */
  purgeFinishedJobs(olderThan: EpochMs): Promise<number>;

  /** Webhook endpoints of an entity (webhooks/endpoints.ts); a removed one is never found. */
  insertWebhookEndpoint(endpoint: WebhookEndpoint): Promise<void>;
  updateWebhookEndpoint(entityId: string, id: string, change: EndpointChange, now: EpochMs): Promise<boolean>;
  findWebhookEndpoint(entityId: string, id: string): Promise<WebhookEndpoint | undefined>;
  listWebhookEndpoints(entityId: string): Promise<WebhookEndpoint[]>;
  /** Events written alone, outside a record's transaction (a redelivery tool, tests). */
  emitWebhookEvents(events: readonly WebhookEvent[]): Promise<void>;
  /** A delivery with its event and endpoint: what its job sends. */
  webhookDeliveryWork(deliveryId: string): Promise<DeliveryWork | undefined>;
  /** An attempt and its consequences (the delivery's state, a disabled endpoint), together. */
  recordWebhookAttempt(delivery: WebhookDelivery, outcome: AttemptOutcome, now: EpochMs): Promise<void>;
  /** A pending delivery whose endpoint no longer takes events ends as cancelled. */
  cancelWebhookDelivery(deliveryId: string, reason: string, now: EpochMs): Promise<void>;
  listWebhookDeliveries(endpointId: string, filter: DeliveryFilter): Promise<DeliveryListing[]>;
  /** Queues deliveries again (see storage/webhooks.ts redeliver); the ids queued. */
  redeliverWebhooks(selection: RedeliverySelection, now: EpochMs): Promise<string[]>;
  webhookEventsOf(recordId: string): Promise<WebhookEvent[]>;

  /** Scheduled payments (storage/schedules.ts), with the creation's claim answer and the job that fires it. */
  insertSchedule(s: ScheduleRecord, parts?: { answer?: ClaimAnswer; jobs?: readonly JobRecord[] }): Promise<void>;
  findSchedule(entityId: string, id: string): Promise<ScheduleRecord | undefined>;
  listSchedules(entityId: string, registrationId: string): Promise<ScheduleRecord[]>;
  /** The latest `limit` occurrences of a schedule, oldest first. */
  scheduleOccurrences(scheduleId: string, limit: number): Promise<OccurrenceRecord[]>;
  findOccurrence(id: string): Promise<OccurrenceToCharge | undefined>;
  /** Cancels an active schedule and its occurrences still due, in one transaction. */
  cancelSchedule(entityId: string, id: string, now: EpochMs): Promise<'cancelled' | 'already' | 'missing'>;
  /**
   * Fires up to `limit` schedules due at `now` (of one entity when given), in one transaction:
   * `plan` says what each firing writes (pure, from the schedule), `jobsOf` the jobs of what was
   * written (charges of the due occurrences, the firing of the next run times). Returns how many
   * schedules were due and the due occurrences written.
   */
  fireDueSchedules(now: EpochMs, limit: number, plan: (s: ScheduleRecord) => Firing, jobsOf: (written: FiringsWritten) => JobRecord[], entityId?: string): Promise<{ found: number; due: OccurrenceRecord[] }>;
  /** A due occurrence that cannot be charged; false when it is no longer due. */
  failOccurrence(id: string, resultCode: string, now: EpochMs): Promise<boolean>;
  /** An entity's test clock (the time it was last moved to), if it was ever moved. */
  findTestClock(entityId: string): Promise<EpochMs | undefined>;
  /** Moves it forward only; false when it is at or past `time` already. */
  moveTestClock(entityId: string, time: EpochMs, now: EpochMs): Promise<boolean>;

  /** The simulator's journal (simulator/journal.ts): its record of what it answered. */
  recordSimulatorAuthorization(a: SimulatorAuthorization): Promise<void>;
  findSimulatorAuthorization(reference: string): Promise<SimulatorAuthorization | undefined>;
  /** Voids an approved or pending authorization; false when there is none to void. */
  voidSimulatorAuthorization(reference: string, now: EpochMs): Promise<boolean>;
}
