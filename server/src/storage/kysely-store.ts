// The Store on Kysely: one set of queries for SQLite and PostgreSQL. The dialect-specific parts
// (connection, pragmas, pool, BEGIN IMMEDIATE) live in sqlite.ts and postgres.ts.

import { sql, type CompiledQuery, type Kysely, type Selectable, type Transaction } from 'kysely';
import { canSettle, type PendingKind } from '../domain/lifecycle.js';
import { claimCheckout, countCheckoutRead, endAttempt, markCheckoutSpent, releaseCheckout, updateCheckout, type CheckoutChange } from './checkouts.js';
import { claimKey, completeKey, completeKeyQuery, inDoubtKeys, purgeKeys, releaseClaim } from './idempotency.js';
import { findAuthorization, voidAuthorization } from './simulator-journal.js';
import { GroupCommit, type BatchReader } from './group-commit.js';
import { claimJobs, type ClaimGroups, completeJobs, countJobs, enqueueQueries, findJob, findJobByKey, finishJobWithError, purgeFinishedJobs, releaseJobs } from './jobs.js';
import type { JobRecord, JobState } from '../domain/job.js';
import type { AttemptOutcome, DeliveryWork, WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../domain/webhooks.js';
import { executeFollowing } from './followers.js';
import {
  cancelDeliveryQuery,
  eventsOfRecord,
  findEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  redeliver,
  updateEndpoint,
  WebhookStatements,
  type DeliveryFilter,
  type DeliveryListing,
  type EndpointChange,
  type RedeliverySelection,
} from './webhooks.js';
import { PreparedInsert } from './prepared-insert.js';
import { KyselyReportStore, type ReportStore } from './report-store.js';
import { sqliteBatchWriter } from './sqlite.js';
import { postgresBatch } from './postgres.js';
import { guardedUpdate, reverseRecordUpdate, rowsToChange } from './ledger.js';
import { migrateToLatest, pendingMigrations } from './migrate.js';
import {
  checkoutFromRow,
  checkoutToRow,
  entityFromRow,
  entityToRow,
  merchantFromRow,
  merchantToRow,
  paymentFromRow,
  paymentToRow,
  registrationFromRow,
  registrationToRow,
  simulatorAuthorizationToRow,
} from './rows.js';
import type { Database, RegistrationsTable } from './schema.js';
import { type FiringsWritten, cancelSchedule, cancelSchedulesOfRegistration, chargeOccurrence, chargeOccurrenceQuery, failOccurrence, OccurrenceNotDueError, findOccurrence, findSchedule, findTestClock, testClockQuery, testClockTime, listSchedules, lockDueSchedules, moveTestClock, occurrencesOf, scheduleToRow, writeFirings } from './schedules.js';
import type { Firing, OccurrenceRecord, OccurrenceToCharge, ScheduleRecord } from '../domain/schedules.js';
import type {
  ClaimAnswer,
  ClaimHolder,
  CheckoutClaim,
  CheckoutRecord,
  EntityRecord,
  EntitySettings,
  EpochMs,
  FollowUpWrite,
  IdempotencyClaim,
  InDoubtClaim,
  MerchantRecord,
  NewPaymentParts,
  NewRegistrationParts,
  PaymentRecord,
  RegistrationRecord,
  SettleOutcome,
  SettleWrite,
  SimulatorAuthorization,
  Store,
  StoreTransaction,
} from './store.js';
import { releaseQuote } from './quotes.js';

export class KyselyStore implements Store {
  readonly dialect: 'sqlite' | 'postgres';
  readonly reports: ReportStore;
  readonly #db: Kysely<Database>;
  /** PostgreSQL schema holding the tables, when not the default one (tests). */
  readonly #schema: string | undefined;
  /** Inserts of one event-loop turn share a transaction: one commit on SQLite, one round trip on PostgreSQL. */
  readonly #groupCommit: GroupCommit;
  /** Reads that one answer needs, asked together: one round trip on PostgreSQL. */
  readonly #readTogether: BatchReader;
  /** The inserts every payment or checkout makes, compiled once. */
  readonly #payments: PreparedInsert<'payments'>;
  readonly #registrations: PreparedInsert<'registrations'>;
  readonly #checkouts: PreparedInsert<'checkouts'>;
  readonly #simulatorAuthorizations: PreparedInsert<'simulator_authorizations'>;
  /** Webhook events, deliveries and attempts: statements compiled once. */
  readonly #webhooks: WebhookStatements;

  constructor(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', schema?: string) {
    this.#db = db;
    this.dialect = dialect;
    this.#schema = schema;
    this.#groupCommit = new GroupCommit(dialect === 'sqlite' ? sqliteBatchWriter(db) : postgresBatch(db).write);
    if (dialect === 'postgres') {
      // Reads of one turn (concurrent charges, creations) share one round trip.
      const reads = new GroupCommit<unknown[]>(postgresBatch(db).read);
      this.#readTogether = (queries) => reads.run(...queries);
    } else {
      // SQLite runs in this process: reads one after the other cost no round trip.
      this.#readTogether = (queries) => Promise.all(queries.map(async (q) => (await db.executeQuery(q)).rows));
    }
    this.#payments = new PreparedInsert(db, 'payments');
    this.#registrations = new PreparedInsert(db, 'registrations');
    this.#checkouts = new PreparedInsert(db, 'checkouts');
    this.#simulatorAuthorizations = new PreparedInsert(db, 'simulator_authorizations');
    this.#webhooks = new WebhookStatements(db, dialect);
    this.reports = new KyselyReportStore(db, dialect);
  }

  /**
   * Statements that must commit together (an insert, its claim's answer, the jobs it queues), in
   * one transaction, shared with the other writers of the same event-loop turn (group-commit.ts).
   */
  #insert(writes: CompiledQuery[]): Promise<void> {
    return this.#groupCommit.run(...writes).then(() => undefined);
  }

  /** The statements that follow an effect in its transaction: its claim's answer, its jobs, its events. */
  #followers(answer: ClaimAnswer | undefined, jobs: readonly JobRecord[] | undefined, events?: readonly WebhookEvent[]): CompiledQuery[] {
    const writes: CompiledQuery[] = [];
    if (answer) writes.push(completeKeyQuery(this.#db, answer));
    if (jobs && jobs.length > 0) writes.push(...enqueueQueries(this.#db, jobs));
    if (events && events.length > 0) writes.push(...this.#webhooks.emit(events));
    return writes;
  }

  /** The repositories bound to one transaction (StoreTransaction). */
  #repositories(trx: Transaction<Database>): StoreTransaction {
    return {
      payments: {
        insert: (p) => this.#payments.run(trx, paymentToRow(p)).then(() => undefined),
        find: async (entityId, id) => {
          const row = await trx.selectFrom('payments').selectAll().where('entity_id', '=', entityId).where('id', '=', id).executeTakeFirst();
          return row && paymentFromRow(row);
        },
      },
      registrations: { insert: (r) => this.#registrations.run(trx, registrationToRow(r)).then(() => undefined) },
      checkouts: { insert: (c) => this.#checkouts.run(trx, checkoutToRow(c)).then(() => undefined) },
      idempotency: { complete: (answer) => completeKey(trx, answer) },
      jobs: {
        enqueue: async (jobs) => {
          for (const query of enqueueQueries(trx, jobs)) await trx.executeQuery(query);
        },
      },
      webhooks: {
        emit: async (events) => {
          for (const query of this.#webhooks.emit(events)) await executeFollowing(trx, query);
        },
      },
    };
  }

  /** The writes that follow an effect inside a transaction: its claim's answer, its jobs, its events. */
  async #follow(tx: StoreTransaction, answer: ClaimAnswer | undefined, jobs: readonly JobRecord[] | undefined, events?: readonly WebhookEvent[]): Promise<void> {
    if (answer) await tx.idempotency.complete(answer);
    if (jobs && jobs.length > 0) await tx.jobs.enqueue(jobs);
    if (events && events.length > 0) await tx.webhooks.emit(events);
  }

  transaction<T>(work: (tx: StoreTransaction) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute((trx) => work(this.#repositories(trx)));
  }

  /**
   * Runs `work` in one transaction, committed when it answers true (a guard held) and rolled back
   * when it answers false or throws: either everything it wrote is there, or nothing.
   */
  async #atomically(work: (trx: Transaction<Database>, tx: StoreTransaction) => Promise<boolean>): Promise<boolean> {
    const trx = await this.#db.startTransaction().execute();
    try {
      if (!(await work(trx, this.#repositories(trx)))) {
        await trx.rollback().execute();
        return false;
      }
      await trx.commit().execute();
      return true;
    } catch (err) {
      // Kysely releases the connection even when the rollback fails; the first error is the news.
      if (!trx.isCommitted && !trx.isRolledBack) await trx.rollback().execute().catch(() => undefined);
      throw err;
    }
  }

  async migrate(): Promise<void> {
    await migrateToLatest(this.#db, await this.#migrationSchema());
  }

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.#db);
  }

  async pendingMigrations(): Promise<string[]> {
    return pendingMigrations(this.#db, await this.#migrationSchema());
  }

  async #migrationSchema(): Promise<string | undefined> {
    return this.dialect === 'postgres' ? (this.#schema ?? (await this.#currentSchema())) : undefined;
  }

  /**
   * Kysely's Migrator looks for its table in every schema unless told which one; another schema's
   * schema_migrations (a test run, another deployment) must not count as ours.
   */
  async #currentSchema(): Promise<string> {
    const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(this.#db);
    const schema = rows[0]?.schema;
    if (!schema) throw new Error('PostgreSQL search_path names no existing schema to create the tables in');
    return schema;
  }

  close(): Promise<void> {
    return this.#db.destroy();
  }

  // Merchants and entities

  async createMerchant(m: MerchantRecord): Promise<void> {
    await this.#db.insertInto('merchants').values(merchantToRow(m)).execute();
  }

  async countMerchants(): Promise<number> {
    const row = await this.#db
      .selectFrom('merchants')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async findMerchantByTokenHash(tokenHash: string): Promise<MerchantRecord | undefined> {
    const row = await this.#db.selectFrom('merchants').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    return row && merchantFromRow(row);
  }

  listWebhookSecrets(): Promise<{ id: string; webhookSecret: string }[]> {
    return this.#db.selectFrom('merchants').select(['id', 'webhook_secret as webhookSecret']).orderBy('id').execute();
  }

  async replaceWebhookSecret(id: string, from: string, to: string): Promise<boolean> {
    const result = await this.#db.updateTable('merchants').set('webhook_secret', to).where('id', '=', id).where('webhook_secret', '=', from).executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async findMerchant(id: string): Promise<MerchantRecord | undefined> {
    const row = await this.#db.selectFrom('merchants').selectAll().where('id', '=', id).executeTakeFirst();
    return row && merchantFromRow(row);
  }

  async createEntity(e: EntityRecord): Promise<void> {
    await this.#db.insertInto('entities').values(entityToRow(e)).execute();
  }

  async findEntity(id: string): Promise<EntityRecord | undefined> {
    const row = await this.#db.selectFrom('entities').selectAll().where('id', '=', id).executeTakeFirst();
    return row && entityFromRow(row);
  }

  async listEntities(merchantId: string): Promise<EntityRecord[]> {
    const rows = await this.#db
      .selectFrom('entities')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(entityFromRow);
  }

  async updateEntitySettings(id: string, settings: EntitySettings): Promise<void> {
    await this.#db.updateTable('entities').set('settings', JSON.stringify(settings)).where('id', '=', id).execute();
  }

  // Payments

  insertPayment(p: PaymentRecord, parts: NewPaymentParts = {}): Promise<boolean> {
    const { registration, attempt, answer, jobs, events, occurrence } = parts;
    // The hot path: a payment alone (with its answer, jobs and events) is plain inserts, grouped; a
    // schedule's charge adds its occurrence's guard, first.
    if (!registration && !attempt) {
      const guard = occurrence ? [chargeOccurrenceQuery(this.#db, occurrence)] : [];
      return this.#insert([...guard, this.#payments.compile(paymentToRow(p)), ...this.#followers(answer, jobs, events)]).then(
        () => true,
        (error: unknown) => {
          if (error instanceof OccurrenceNotDueError) return false;
          throw error;
        },
      );
    }
    const checkoutId = p.checkoutId;
    if (attempt && checkoutId === null) throw new Error('a payment that ends a checkout attempt must name its checkout');
    return this.#atomically(async (trx, tx) => {
      // A schedule's charge: only while its occurrence is still due (a cancel got there first, or another run did).
      if (occurrence && !(await chargeOccurrence(trx, occurrence))) return false;
      // The checkout row first, as in settlePayment: one lock order, so PostgreSQL never deadlocks.
      if (attempt && checkoutId !== null) {
        if (!(await endAttempt(trx, checkoutId, p.id, p.status, { ...attempt, payment: 'new' }))) return false;
      }
      if (registration) await tx.registrations.insert(registration);
      await tx.payments.insert(p);
      await this.#follow(tx, answer, jobs, events);
      return true;
    });
  }

  async findPayment(entityId: string, id: string): Promise<PaymentRecord | undefined> {
    // Scoped in the query itself (A1): another entity's id matches no row at all.
    const row = await this.#db
      .selectFrom('payments')
      .selectAll()
      .where('entity_id', '=', entityId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && paymentFromRow(row);
  }

  async pendingPaymentsBefore(kind: PendingKind, createdBefore: EpochMs, limit: number, entityId?: string): Promise<PaymentRecord[]> {
    let query = this.#db
      .selectFrom('payments')
      .selectAll()
      .where('status', '=', 'pending')
      .where('pending_kind', '=', kind)
      .where('created_at', '<', createdBefore);
    if (entityId !== undefined) query = query.where('entity_id', '=', entityId);
    const rows = await query.orderBy('created_at').limit(limit).execute();
    return rows.map(paymentFromRow);
  }

  async paymentsReferencing(referencedId: string, paymentType: string): Promise<PaymentRecord[]> {
    const rows = await this.#db.selectFrom('payments').selectAll().where('referenced_id', '=', referencedId).where('payment_type', '=', paymentType).orderBy('created_at').orderBy('id').execute();
    return rows.map(paymentFromRow);
  }

  async findPaymentById(id: string): Promise<PaymentRecord | undefined> {
    const row = await this.#db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
    return row && paymentFromRow(row);
  }

  async applyFollowUp(w: FollowUpWrite): Promise<boolean> {
    if (w.record.entityId !== w.entityId || w.record.referencedId !== w.referencedId) {
      throw new Error('follow-up record must belong to the entity and reference the payment it changes');
    }
    return this.#atomically(async (trx, tx) => {
      const update = guardedUpdate(trx, w.referencedId, w.entityId, w.change, w.now);
      const result = update && (await update.executeTakeFirst());
      // Fewer rows than the change names: a guard failed (perhaps on one of two rows), so roll back.
      if (result?.numUpdatedRows !== rowsToChange(w.change)) return false;
      // A chargeback reversal also ends its chargeback, once: a second CR of it changes nothing.
      const ended = reverseRecordUpdate(trx, w.referencedId, w.entityId, w.change, w.now);
      if (ended && (await ended.executeTakeFirst()).numUpdatedRows !== 1n) return false;
      await tx.payments.insert(w.record);
      await this.#follow(tx, w.answer, w.jobs, w.events);
      return true;
    });
  }

  async settlePayment(w: SettleWrite): Promise<SettleOutcome> {
    // Only a row of the status table applies; its `from` is the guard, checked by the database.
    if (!canSettle(w.change)) return 'refused';
    const to = w.change.to;
    if (to === 'pending') return 'refused'; // never a row of the table; narrows the type
    const registration = w.registration;
    const confirmation = w.confirmation;
    // A change confirmed by a record is written with exactly that record, and no other change is.
    if ((w.change.confirmedBy !== undefined) !== (confirmation !== undefined)) return 'refused';
    if (confirmation && (confirmation.paymentType !== w.change.confirmedBy || confirmation.referencedId !== w.paymentId)) return 'refused';
    let refusal: SettleOutcome = 'refused';
    const settled = await this.#atomically(async (trx, tx) => {
      // The checkout row first: its success and the payment's are written together, or neither.
      if (w.checkoutId !== null && !(await endAttempt(trx, w.checkoutId, w.paymentId, to, { payment: 'settling' })) && to === 'success') {
        refusal = 'checkout-closed';
        return false;
      }
      const result = await trx
        .updateTable('payments')
        .set({
          status: to,
          result_code: w.resultCode,
          response_json: w.responseJson,
          pending_json: w.pendingJson,
          pending_kind: null,
          updated_at: w.now,
          ...(registration ? { registration_id: registration.id } : {}),
          // A confirmed slip is paid in full: captured, so refunds are bounded by its amount.
          ...(confirmation ? { captured_amount: sql<number>`amount` } : {}),
        })
        .where('id', '=', w.paymentId)
        .where('status', '=', w.change.from)
        .where('pending_kind', '=', w.change.pendingKind)
        .$if(confirmation !== undefined, (q) => q.where('entity_id', '=', confirmation?.entityId ?? ''))
        .returning('fx_quote_id')
        .executeTakeFirst();
      if (!result) return false;
      // A pending payment that ends without success gives its currency quote back, in the same
      // transaction: the merchant may charge the shopper again at the guaranteed rate.
      if (to !== 'success' && result.fx_quote_id !== null) await releaseQuote(trx, result.fx_quote_id, w.paymentId);
      if (registration) await tx.registrations.insert(registration);
      if (confirmation) await tx.payments.insert(confirmation);
      await this.#follow(tx, undefined, w.jobs, w.events);
      return true;
    });
    return settled ? 'settled' : refusal;
  }

  // Registrations

  insertRegistration(r: RegistrationRecord, parts: NewRegistrationParts = {}): Promise<void> {
    return this.#insert([this.#registrations.compile(registrationToRow(r)), ...this.#followers(parts.answer, parts.jobs, parts.events)]);
  }

  /** Scoped in the query itself: another entity's registration id matches no row. */
  #registrationQuery(entityId: string, id: string) {
    return this.#db.selectFrom('registrations').selectAll().where('entity_id', '=', entityId).where('id', '=', id);
  }

  async findRegistration(entityId: string, id: string): Promise<RegistrationRecord | undefined> {
    const row = await this.#registrationQuery(entityId, id).executeTakeFirst();
    return row && registrationFromRow(row);
  }

  async findRegistrationAndTestClock(entityId: string, id: string): Promise<{ registration: RegistrationRecord | undefined; testClock: EpochMs | undefined }> {
    const [registrations = [], clocks = []] = await this.#readTogether([this.#registrationQuery(entityId, id).compile(), testClockQuery(this.#db, entityId).compile()]);
    const registration = registrations[0] as Selectable<RegistrationsTable> | undefined;
    return { registration: registration && registrationFromRow(registration), testClock: testClockTime(clocks[0] as { time: number | string } | undefined) };
  }

  deleteRegistration(entityId: string, id: string, now: EpochMs, events: readonly WebhookEvent[] = []): Promise<boolean> {
    // The ciphertext and the keyed hash go at once: a deleted registration can never be charged
    // nor linked to a new one holding the same card.
    return this.#atomically(async (trx, tx) => {
      const result = await trx
        .updateTable('registrations')
        .set({ deleted_at: now, card_ciphertext: '', card_hmac: '' })
        .where('entity_id', '=', entityId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) return false;
      // A schedule cannot charge a card that is gone: its schedules end with it.
      await cancelSchedulesOfRegistration(trx, entityId, id, now);
      await this.#follow(tx, undefined, undefined, events);
      return true;
    });
  }

  // Scheduled payments

  insertSchedule(s: ScheduleRecord, parts: { answer?: ClaimAnswer; jobs?: readonly JobRecord[] } = {}): Promise<void> {
    return this.#insert([this.#db.insertInto('schedules').values(scheduleToRow(s)).compile(), ...this.#followers(parts.answer, parts.jobs)]);
  }

  findSchedule(entityId: string, id: string): Promise<ScheduleRecord | undefined> {
    return findSchedule(this.#db, entityId, id);
  }

  listSchedules(entityId: string, registrationId: string): Promise<ScheduleRecord[]> {
    return listSchedules(this.#db, entityId, registrationId);
  }

  scheduleOccurrences(scheduleId: string, limit: number): Promise<OccurrenceRecord[]> {
    return occurrencesOf(this.#db, scheduleId, limit);
  }

  findOccurrence(id: string): Promise<OccurrenceToCharge | undefined> {
    return findOccurrence(this.#db, this.#readTogether, id);
  }

  async cancelSchedule(entityId: string, id: string, now: EpochMs): Promise<'cancelled' | 'already' | 'missing'> {
    let outcome: 'cancelled' | 'already' | 'missing' = 'missing';
    await this.#atomically(async (trx) => {
      outcome = await cancelSchedule(trx, entityId, id, now);
      return true;
    });
    return outcome;
  }

  async fireDueSchedules(now: EpochMs, limit: number, plan: (s: ScheduleRecord) => Firing, jobsOf: (written: FiringsWritten) => JobRecord[], entityId?: string): Promise<{ found: number; due: OccurrenceRecord[] }> {
    let fired: { found: number; due: OccurrenceRecord[] } = { found: 0, due: [] };
    await this.#atomically(async (trx) => {
      const schedules = await lockDueSchedules(trx, this.dialect, now, limit, entityId);
      fired = { found: schedules.length, due: schedules.length === 0 ? [] : await writeFirings(trx, schedules.map(plan), jobsOf, now) };
      return true;
    });
    return fired;
  }

  failOccurrence(id: string, resultCode: string, now: EpochMs): Promise<boolean> {
    return failOccurrence(this.#db, id, resultCode, now);
  }

  findTestClock(entityId: string): Promise<EpochMs | undefined> {
    return findTestClock(this.#db, entityId);
  }

  moveTestClock(entityId: string, time: EpochMs, now: EpochMs): Promise<boolean> {
    return moveTestClock(this.#db, entityId, time, now);
  }

  // Checkouts

  insertCheckout(c: CheckoutRecord, answer?: ClaimAnswer): Promise<void> {
    return this.#insert([this.#checkouts.compile(checkoutToRow(c)), ...this.#followers(answer, undefined)]);
  }

  async findCheckout(id: string): Promise<CheckoutRecord | undefined> {
    const row = await this.#db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirst();
    return row && checkoutFromRow(row);
  }

  claimCheckout(id: string, now: EpochMs, leaseUntil: EpochMs, maxDeclines: number): Promise<CheckoutClaim> {
    return claimCheckout(this.#db, id, now, leaseUntil, maxDeclines);
  }

  updateCheckout(id: string, entityId: string, change: CheckoutChange, now: EpochMs): Promise<'updated' | Exclude<CheckoutClaim, 'claimed' | 'locked'>> {
    return updateCheckout(this.#db, id, entityId, change, now);
  }

  releaseCheckout(id: string): Promise<void> {
    return releaseCheckout(this.#db, id);
  }

  countCheckoutRead(id: string, now: EpochMs, windowMs: number, max: number): Promise<boolean> {
    return countCheckoutRead(this.#db, id, now, windowMs, max);
  }

  markCheckoutSpent(id: string, now: EpochMs): Promise<void> {
    return markCheckoutSpent(this.#db, id, now);
  }

  // Idempotency

  claimIdempotencyKey(entityId: string, key: string, requestHash: string, now: EpochMs, expiredBefore: EpochMs, holder: ClaimHolder): Promise<IdempotencyClaim> {
    return claimKey(this.#db, entityId, key, requestHash, now, expiredBefore, holder, async (insert) => (await this.#groupCommit.run(insert))[0] ?? 0);
  }

  async completeIdempotencyKey(answer: ClaimAnswer): Promise<void> {
    // No effect to undo: a claim lost meanwhile simply keeps no answer.
    await this.#db.executeQuery(completeKeyQuery(this.#db, answer));
  }


  purgeIdempotencyKeys(olderThan: EpochMs): Promise<number> {
    return purgeKeys(this.#db, olderThan);
  }

  inDoubtIdempotencyKeys(now: EpochMs, restartedOwner: string | null, limit: number): Promise<InDoubtClaim[]> {
    return inDoubtKeys(this.#db, now, restartedOwner, limit);
  }

  releaseIdempotencyClaim(claim: InDoubtClaim): Promise<boolean> {
    return releaseClaim(this.#db, claim);
  }

  // Jobs

  enqueueJobs(jobs: readonly JobRecord[]): Promise<void> {
    if (jobs.length === 0) return Promise.resolve();
    return this.#insert(enqueueQueries(this.#db, jobs));
  }

  claimJobs(owner: string, now: EpochMs, leaseUntil: EpochMs, limit: number, groups?: ClaimGroups): Promise<JobRecord[]> {
    return claimJobs(this.#db, this.dialect, owner, now, leaseUntil, limit, groups);
  }

  completeJobs(owner: string, ids: readonly string[], now: EpochMs): Promise<number> {
    return completeJobs(this.#db, owner, ids, now);
  }

  finishJobWithError(owner: string, id: string, error: string, next: { state: 'queued' | 'failed'; runAt?: EpochMs }, now: EpochMs): Promise<boolean> {
    return finishJobWithError(this.#db, owner, id, error, next, now);
  }

  releaseJobs(owner: string, now: EpochMs, tryRan: boolean): Promise<number> {
    return releaseJobs(this.#db, owner, now, tryRan);
  }

  findJob(id: string): Promise<JobRecord | undefined> {
    return findJob(this.#db, id);
  }

  findJobByKey(uniqueKey: string): Promise<JobRecord | undefined> {
    return findJobByKey(this.#db, uniqueKey);
  }

  countJobs(kind?: string): Promise<Record<JobState, number>> {
    return countJobs(this.#db, kind);
  }

  purgeFinishedJobs(olderThan: EpochMs): Promise<number> {
    return purgeFinishedJobs(this.#db, olderThan);
  }

  // Webhooks

  insertWebhookEndpoint(endpoint: WebhookEndpoint): Promise<void> {
    return insertEndpoint(this.#db, endpoint);
  }

  updateWebhookEndpoint(entityId: string, id: string, change: EndpointChange, now: EpochMs): Promise<boolean> {
    return updateEndpoint(this.#db, entityId, id, change, now);
  }

  findWebhookEndpoint(entityId: string, id: string): Promise<WebhookEndpoint | undefined> {
    return findEndpoint(this.#db, entityId, id);
  }

  listWebhookEndpoints(entityId: string): Promise<WebhookEndpoint[]> {
    return listEndpoints(this.#db, entityId);
  }

  emitWebhookEvents(events: readonly WebhookEvent[]): Promise<void> {
    if (events.length === 0) return Promise.resolve();
    return this.#insert(this.#webhooks.emit(events));
  }

  webhookDeliveryWork(deliveryId: string): Promise<DeliveryWork | undefined> {
    return this.#webhooks.load(deliveryId);
  }

  recordWebhookAttempt(delivery: WebhookDelivery, outcome: AttemptOutcome, now: EpochMs): Promise<void> {
    return this.#insert(this.#webhooks.recordAttempt(delivery, outcome, now));
  }

  cancelWebhookDelivery(deliveryId: string, reason: string, now: EpochMs): Promise<void> {
    return this.#insert([cancelDeliveryQuery(this.#db, deliveryId, reason, now)]);
  }

  listWebhookDeliveries(endpointId: string, filter: DeliveryFilter): Promise<DeliveryListing[]> {
    return listDeliveries(this.#db, endpointId, filter);
  }

  redeliverWebhooks(selection: RedeliverySelection, now: EpochMs): Promise<string[]> {
    return redeliver(this.#db, selection, now);
  }

  webhookEventsOf(recordId: string): Promise<WebhookEvent[]> {
    return eventsOfRecord(this.#db, recordId);
  }

  // The simulator's journal

  recordSimulatorAuthorization(a: SimulatorAuthorization): Promise<void> {
    return this.#insert([this.#simulatorAuthorizations.compile(simulatorAuthorizationToRow(a))]);
  }

  findSimulatorAuthorization(reference: string): Promise<SimulatorAuthorization | undefined> {
    return findAuthorization(this.#db, reference);
  }

  voidSimulatorAuthorization(reference: string, now: EpochMs): Promise<boolean> {
    return voidAuthorization(this.#db, reference, now);
  }
}
