// Payments (the ledger): every record, a payment or a follow-up referencing it, and the guarded
// changes of their status and running totals (ledger.ts). The composite writes that insert or
// change a payment with its parts are in ../writes/.

import { sql, type CompiledQuery } from 'kysely';
import type { LedgerChange, PendingKind } from '../../domain/lifecycle.js';
import type { EpochMs, PaymentRecord, PaymentStatus } from '../../domain/records.js';
import { guardedUpdate, reverseRecordUpdate, rowsToChange } from '../ledger.js';
import { paymentFromRow, paymentToRow } from '../rows.js';
import { markPaymentsSettled, type Aggregation } from '../settlement.js';
import type { Scope } from './scope.js';

/** A settlement's change of one payment's row (writes/settlement.ts). */
export interface PaymentSettlement {
  paymentId: string;
  from: PaymentStatus;
  to: Exclude<PaymentStatus, 'pending'>;
  pendingKind: PendingKind;
  resultCode: string;
  responseJson: string;
  pendingJson: string | null;
  now: EpochMs;
  /** The stored card it binds, if any. */
  registrationId?: string;
  /** A confirmation record of this entity pays it in full: captured up to its amount. */
  confirmedFor?: { entityId: string };
}

export interface PaymentsRepository {
  insert(p: PaymentRecord): Promise<void>;
  /** The insert as a statement, for a composite write's batch. */
  insertStatement(p: PaymentRecord): CompiledQuery;
  /** Scoped by entity: another entity's payment is undefined. */
  find(entityId: string, id: string): Promise<PaymentRecord | undefined>;
  /** By id alone: for relay-internal pages (3-D Secure) that carry an unguessable id. */
  findById(id: string): Promise<PaymentRecord | undefined>;
  /**
   * Scoped by several entities at once (a back office person sees some of a merchant's
   * channels): a payment of any other entity is undefined.
   */
  findAmong(entityIds: readonly string[], id: string): Promise<PaymentRecord | undefined>;
  /**
   * A payment's family in one query, oldest first (a record after the one it references when
   * both have one time): the payment of `entityId`, the records referencing it, and theirs (a
   * refund of a capture). Empty when the payment is not the entity's.
   */
  family(entityId: string, paymentId: string): Promise<PaymentRecord[]>;
  /**
   * Payments pending for `kind` since before `createdBefore`, oldest first, at most `limit`; only
   * `entityId`'s when given (a test clock moves one entity's time).
   */
  pendingBefore(kind: PendingKind, createdBefore: EpochMs, limit: number, entityId?: string): Promise<PaymentRecord[]>;
  /** The records of `paymentType` referencing a payment, oldest first (a slip's RC: one at most). */
  referencing(referencedId: string, paymentType: string): Promise<PaymentRecord[]>;
  /**
   * A follow-up's guarded change of the referenced payment (and its parent, and a reversed
   * chargeback): false when a guard failed; the caller's transaction must then roll back.
   */
  applyChange(referencedId: string, entityId: string, change: LedgerChange, now: EpochMs): Promise<boolean>;
  /**
   * A settlement's change, only while the payment is still `from` with its pending kind: the
   * payment's currency quote (null: none), or undefined when the guard failed.
   */
  settle(s: PaymentSettlement): Promise<{ fxQuoteId: string | null } | undefined>;
  /** Marks payments settled by a settlement aggregation, those not settled yet only; how many were. */
  markSettled(aggregation: Pick<Aggregation, 'id' | 'settlement_date'>, paymentIds: readonly string[]): Promise<number>;
}

export class KyselyPayments implements PaymentsRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  async insert(p: PaymentRecord): Promise<void> {
    await this.#s.write([this.insertStatement(p)]);
  }

  insertStatement(p: PaymentRecord): CompiledQuery {
    return this.#s.prepared.payments.compile(paymentToRow(p));
  }

  async find(entityId: string, id: string): Promise<PaymentRecord | undefined> {
    // Scoped in the query itself (A1): another entity's id matches no row at all.
    const row = await this.#s.db.selectFrom('payments').selectAll().where('entity_id', '=', entityId).where('id', '=', id).executeTakeFirst();
    return row && paymentFromRow(row);
  }

  async findById(id: string): Promise<PaymentRecord | undefined> {
    const row = await this.#s.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
    return row && paymentFromRow(row);
  }

  async findAmong(entityIds: readonly string[], id: string): Promise<PaymentRecord | undefined> {
    if (entityIds.length === 0) return undefined;
    const row = await this.#s.db.selectFrom('payments').selectAll().where('id', '=', id).where('entity_id', 'in', [...entityIds]).executeTakeFirst();
    return row && paymentFromRow(row);
  }

  async family(entityId: string, paymentId: string): Promise<PaymentRecord[]> {
    // A record references its payment at most two levels down (a refund of a capture of a PA):
    // the payment by its key, its children by the referenced index, and theirs through it again.
    // Scoped by the payment's entity in the query itself, once: a follow-up always belongs to its
    // payment's entity. An entity_id beside the OR would lead SQLite to scan the entity's payments
    // by its time index instead (sqlite.test.ts holds the plan).
    const rows = await this.#s.db
      .selectFrom('payments')
      .selectAll()
      .where((eb) => eb.exists(eb.selectFrom('payments as root').select('root.id').where('root.id', '=', paymentId).where('root.entity_id', '=', entityId)))
      .where((eb) =>
        eb.or([
          eb('id', '=', paymentId),
          eb('referenced_id', '=', paymentId),
          eb('referenced_id', 'in', eb.selectFrom('payments as child').select('child.id').where('child.referenced_id', '=', paymentId)),
        ]),
      )
      .execute();
    // Oldest first; within one millisecond a record comes after the one it references.
    const depth = (r: { id: string; referenced_id: string | null }) => (r.id === paymentId ? 0 : r.referenced_id === paymentId ? 1 : 2);
    const family = rows.map(paymentFromRow);
    const depths = new Map(rows.map((r) => [r.id, depth(r)]));
    return family.sort((a, b) => a.createdAt - b.createdAt || (depths.get(a.id) ?? 0) - (depths.get(b.id) ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async pendingBefore(kind: PendingKind, createdBefore: EpochMs, limit: number, entityId?: string): Promise<PaymentRecord[]> {
    let query = this.#s.db.selectFrom('payments').selectAll().where('status', '=', 'pending').where('pending_kind', '=', kind).where('created_at', '<', createdBefore);
    if (entityId !== undefined) query = query.where('entity_id', '=', entityId);
    const rows = await query.orderBy('created_at').limit(limit).execute();
    return rows.map(paymentFromRow);
  }

  async referencing(referencedId: string, paymentType: string): Promise<PaymentRecord[]> {
    const rows = await this.#s.db.selectFrom('payments').selectAll().where('referenced_id', '=', referencedId).where('payment_type', '=', paymentType).orderBy('created_at').orderBy('id').execute();
    return rows.map(paymentFromRow);
  }

  async applyChange(referencedId: string, entityId: string, change: LedgerChange, now: EpochMs): Promise<boolean> {
    const update = guardedUpdate(this.#s.db, referencedId, entityId, change, now);
    const result = update && (await update.executeTakeFirst());
    // Fewer rows than the change names: a guard failed (perhaps on one of two rows).
    if (result?.numUpdatedRows !== rowsToChange(change)) return false;
    // A chargeback reversal also ends its chargeback, once: a second CR of it changes nothing.
    const ended = reverseRecordUpdate(this.#s.db, referencedId, entityId, change, now);
    return !ended || (await ended.executeTakeFirst()).numUpdatedRows === 1n;
  }

  async settle(s: PaymentSettlement): Promise<{ fxQuoteId: string | null } | undefined> {
    const confirmedFor = s.confirmedFor;
    const result = await this.#s.db
      .updateTable('payments')
      .set({
        status: s.to,
        result_code: s.resultCode,
        response_json: s.responseJson,
        pending_json: s.pendingJson,
        pending_kind: null,
        updated_at: s.now,
        ...(s.registrationId !== undefined ? { registration_id: s.registrationId } : {}),
        // A confirmed slip is paid in full: captured, so refunds are bounded by its amount.
        ...(confirmedFor ? { captured_amount: sql<number>`amount` } : {}),
      })
      .where('id', '=', s.paymentId)
      .where('status', '=', s.from)
      .where('pending_kind', '=', s.pendingKind)
      .$if(confirmedFor !== undefined, (q) => q.where('entity_id', '=', confirmedFor?.entityId ?? ''))
      .returning('fx_quote_id')
      .executeTakeFirst();
    return result && { fxQuoteId: result.fx_quote_id };
  }

  markSettled(aggregation: Pick<Aggregation, 'id' | 'settlement_date'>, paymentIds: readonly string[]): Promise<number> {
    return markPaymentsSettled(this.#s.db, aggregation, paymentIds);
  }
}
