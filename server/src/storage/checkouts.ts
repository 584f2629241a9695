// Checkout attempts, each decided by one conditional UPDATE so concurrent submits, status reads
// and lease expiry never need a lock held across an await: the row itself is the arbiter.

import { sql, type Kysely, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import type { Database } from './schema.js';
import type { CheckoutClaim, EpochMs, PaymentStatus } from './store.js';

/** `:a` as a BIGINT: PostgreSQL would otherwise type a bare parameter from context or as text. */
const big = (n: number) => sql<number>`cast(${n} as bigint)`;

type CheckoutUpdate = UpdateQueryBuilder<Database, 'checkouts', 'checkouts', UpdateResult>;

/**
 * The guard of every change a checkout takes between attempts: not expired, no success, no attempt
 * holding it, and no pending payment, however old its lease: a pending 3-D Secure payment could
 * still succeed, so it has to be abandoned (settled) first (L1).
 */
function betweenAttempts(update: CheckoutUpdate, id: string, now: EpochMs): CheckoutUpdate {
  return update
    .where('id', '=', id)
    .where('expires_at', '>', big(now))
    .where('success_payment_id', 'is', null)
    .where((eb) => eb.or([eb('busy_until', 'is', null), eb('busy_until', '<=', big(now))]))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('payments').select('payments.id').whereRef('payments.id', '=', 'checkouts.last_payment_id').where('payments.status', '=', 'pending'))),
    );
}

export async function claimCheckout(
  db: Kysely<Database>,
  id: string,
  now: EpochMs,
  leaseUntil: EpochMs,
  maxDeclines: number,
): Promise<CheckoutClaim> {
  const result = await betweenAttempts(db.updateTable('checkouts').set({ busy_until: leaseUntil }), id, now)
    .where('decline_count', '<', maxDeclines)
    .executeTakeFirst();
  if (result.numUpdatedRows === 1n) return 'claimed';

  // Why not: read the row once. A lease freed in between still answers 'busy'; a retry succeeds.
  const row = await db
    .selectFrom('checkouts')
    .select(['expires_at', 'success_payment_id', 'decline_count'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return 'missing';
  if (row.success_payment_id !== null) return 'paid';
  if (row.expires_at <= now) return 'expired';
  if (row.decline_count >= maxDeclines) return 'locked';
  return 'busy';
}

/** How an attempt ends, besides its outcome. */
export interface AttemptEnd {
  /** A pending payment holds the checkout until then. */
  pendingLeaseUntil?: EpochMs;
  /** Bound by a success or a pending attempt when none is bound yet (A7). */
  shopperResultUrl?: string | null;
  /**
   * 'new': the attempt's new payment is being written and becomes the checkout's last one.
   * 'settling': a pending payment is being settled; only while the checkout is still on it.
   */
  payment: 'new' | 'settling';
}

/**
 * Ends the attempt of payment `paymentId`, in the transaction that writes or settles that payment:
 * success makes it the checkout's success, declined counts one decline, pending holds the checkout
 * until pendingLeaseUntil. A failed attempt sends the shopper nowhere, so it binds no result URL.
 * False when the checkout is gone, already has a success (for a success), or, when settling, went
 * on to another attempt: the caller then writes nothing (a success must not settle then).
 */
export async function endAttempt(trx: Kysely<Database>, checkoutId: string, paymentId: string, outcome: PaymentStatus, end: AttemptEnd): Promise<boolean> {
  const url = outcome !== 'declined' ? (end.shopperResultUrl ?? null) : null;
  let update = trx
    .updateTable('checkouts')
    .set((eb) => ({
      busy_until: outcome === 'pending' ? (end.pendingLeaseUntil ?? null) : null,
      last_payment_id: paymentId,
      ...(url !== null ? { shopper_result_url: eb.fn.coalesce('shopper_result_url', eb.val(url)) } : {}),
      ...(outcome === 'success' ? { success_payment_id: paymentId } : {}),
      ...(outcome === 'declined' ? { decline_count: eb('decline_count', '+', 1) } : {}),
    }))
    .where('id', '=', checkoutId);
  if (outcome === 'success' || end.payment === 'settling') update = update.where('success_payment_id', 'is', null);
  if (end.payment === 'settling') update = update.where('last_payment_id', '=', paymentId);
  const result = await update.executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** An attempt that authorized nothing frees the checkout at once. */
export async function releaseCheckout(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('checkouts').set({ busy_until: null }).where('id', '=', id).execute();
}

export async function countCheckoutRead(db: Kysely<Database>, id: string, now: EpochMs, windowMs: number, max: number): Promise<boolean> {
  // Both SET expressions read the row as it was before the update, on both dialects.
  const newWindow = sql<boolean>`${big(now)} >= read_window_start + ${big(windowMs)}`;
  const result = await db
    .updateTable('checkouts')
    .set((eb) => ({
      read_window_start: eb.case().when(newWindow).then(big(now)).else(eb.ref('read_window_start')).end(),
      read_count: eb.case().when(newWindow).then(1).else(eb('read_count', '+', 1)).end(),
    }))
    .where('id', '=', id)
    .where((eb) => eb.or([newWindow, eb('read_count', '<', max)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function markCheckoutSpent(db: Kysely<Database>, id: string, now: EpochMs): Promise<void> {
  await db.updateTable('checkouts').set('spent_at', now).where('id', '=', id).where('spent_at', 'is', null).execute();
}

/** What a checkout update may change: the payment it prepares. */
export interface CheckoutChange {
  amount: number;
  currency: string;
  paymentType: string;
  paramsJson: string;
  shopperResultUrl: string | null;
}

/**
 * Changes a checkout's prepared payment between attempts (a summary page that recomputes the total),
 * under the same guard as an attempt's claim; the reason it did not, otherwise.
 */
export async function updateCheckout(db: Kysely<Database>, id: string, entityId: string, change: CheckoutChange, now: EpochMs): Promise<'updated' | Exclude<CheckoutClaim, 'claimed' | 'locked'>> {
  const result = await betweenAttempts(
    db.updateTable('checkouts').set({ amount: change.amount, currency: change.currency, payment_type: change.paymentType, params_json: change.paramsJson, shopper_result_url: change.shopperResultUrl }),
    id,
    now,
  )
    .where('entity_id', '=', entityId)
    .executeTakeFirst();
  if (result.numUpdatedRows === 1n) return 'updated';
  const row = await db.selectFrom('checkouts').select(['expires_at', 'success_payment_id']).where('id', '=', id).where('entity_id', '=', entityId).executeTakeFirst();
  if (!row) return 'missing';
  if (row.success_payment_id !== null) return 'paid';
  if (row.expires_at <= now) return 'expired';
  return 'busy';
}
