// Turns a LedgerChange (lifecycle.ts) into the single conditional UPDATE that enforces it. Every
// rule is in the WHERE clause, so the database re-checks it against the committed row: of two
// racing follow-ups, the second sees the first one's totals (PostgreSQL re-evaluates the WHERE
// after waiting for the row lock; SQLite runs one writer at a time) and changes nothing.

import { sql, type Kysely, type Transaction, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import type { LedgerChange, RunningTotal } from '../domain/lifecycle.js';
import type { Database } from './schema.js';
import type { EpochMs } from './store.js';

const COLUMN: Record<RunningTotal, 'captured_amount' | 'refunded_amount' | 'chargeback_amount'> = {
  capturedAmount: 'captured_amount',
  refundedAmount: 'refunded_amount',
  chargebackAmount: 'chargeback_amount',
};

const LIMIT: Record<NonNullable<LedgerChange['add']>['limit'], 'amount' | 'captured_amount'> = {
  amount: 'amount',
  capturedAmount: 'captured_amount',
};

type PaymentsUpdate = UpdateQueryBuilder<Database, 'payments', 'payments', UpdateResult>;

/** How many rows the guarded UPDATE must change for the change to hold: the reference, and its parent. */
export function rowsToChange(change: LedgerChange): bigint {
  return change.parent ? 2n : 1n;
}

/**
 * The guarded UPDATE for one follow-up, or undefined when the change can never apply (no type to
 * reference). Callers run it in the transaction that inserts the follow-up record, and the change
 * holds only when it changed rowsToChange() rows; otherwise they roll back. A change with a parent
 * (a refund of a capture) is still one statement: each row's guard is one branch of the WHERE.
 */
export function guardedUpdate(
  db: Kysely<Database> | Transaction<Database>,
  referencedId: string,
  entityId: string,
  change: LedgerChange,
  now: EpochMs,
): PaymentsUpdate | undefined {
  if (change.referencedTypes.length === 0) return undefined;
  let q: PaymentsUpdate = db
    .updateTable('payments')
    .set('updated_at', now)
    .where('entity_id', '=', entityId)
    // Always required, of the parent too (LedgerChange.requireSuccessNotReversed is the literal true).
    .where('status', '=', 'success')
    .where('reversed', '=', 0);
  const add = change.add;
  if (add && (!Number.isSafeInteger(add.amount) || add.amount <= 0)) {
    // A non-positive amount would move a total backwards; that is a caller bug, not a refusal.
    throw new RangeError(`ledger amount must be a positive integer of minor units, got ${add.amount}`);
  }
  const parent = change.parent;
  if (!parent) {
    q = q.where('id', '=', referencedId).where('payment_type', 'in', [...change.referencedTypes]);
    for (const total of change.requireZero) q = q.where(COLUMN[total], '=', 0);
    if (add) {
      const column = COLUMN[add.column];
      const alongside = add.alongside ? COLUMN[add.alongside] : undefined;
      q = q.set(column, (eb) => eb(column, '+', add.amount));
      // With `alongside` (a chargeback), both totals count against the one limit.
      q = alongside
        ? q.where((eb) => eb(eb(eb(column, '+', eb.ref(alongside)), '+', add.amount), '<=', eb.ref(LIMIT[add.limit])))
        : q.where((eb) => eb(eb(column, '+', add.amount), '<=', eb.ref(LIMIT[add.limit])));
    }
    const release = change.release;
    if (release) {
      if (!Number.isSafeInteger(release.amount) || release.amount <= 0 || add) throw new RangeError(`a release takes a positive amount of one total, got ${release.amount}`);
      const column = COLUMN[release.column];
      q = q.set(column, (eb) => eb(column, '-', release.amount)).where(column, '>=', release.amount);
    }
  } else {
    // requireZero of a change with a parent holds on both rows (a charged-back PA refuses refunds of its captures).
    for (const total of change.requireZero) q = q.where(COLUMN[total], '=', 0);
    if (!add || add.column !== parent.add.column || add.amount !== parent.add.amount || add.alongside !== undefined || change.release || parent.referencedTypes.length === 0) {
      throw new RangeError('a change with a parent adds the same amount to the same total of both rows');
    }
    const column = COLUMN[add.column];
    q = q
      .set(column, (eb) => eb(column, '+', add.amount))
      .where((eb) =>
        eb.or([
          eb.and([eb('id', '=', referencedId), eb('payment_type', 'in', [...change.referencedTypes]), eb(eb(column, '+', add.amount), '<=', eb.ref(LIMIT[add.limit]))]),
          eb.and([eb('id', '=', parent.id), eb('payment_type', 'in', [...parent.referencedTypes]), eb(eb(column, '+', add.amount), '<=', eb.ref(LIMIT[parent.add.limit]))]),
        ]),
      );
  }
  if (change.setReversed) q = q.set('reversed', 1);
  if (change.capturedEquals !== undefined) q = q.where('captured_amount', '=', change.capturedEquals);
  if (change.notAfter !== undefined) {
    // Casts: PostgreSQL would otherwise compare two untyped parameters as text.
    q = q.where(sql<boolean>`cast(${now} as bigint) <= cast(${change.notAfter} as bigint)`);
  }
  return q;
}

/**
 * The second statement of a chargeback reversal: its CB record, of this payment and entity, is
 * marked reversed only if it is not yet; the change holds only when this changed one row.
 */
export function reverseRecordUpdate(db: Kysely<Database> | Transaction<Database>, referencedId: string, entityId: string, change: LedgerChange, now: EpochMs): PaymentsUpdate | undefined {
  const target = change.reverseRecord;
  if (!target) return undefined;
  return db
    .updateTable('payments')
    .set({ reversed: 1, updated_at: now })
    .where('id', '=', target.id)
    .where('entity_id', '=', entityId)
    .where('payment_type', '=', target.paymentType)
    .where('referenced_id', '=', referencedId)
    .where('reversed', '=', 0);
}
