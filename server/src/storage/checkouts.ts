// Checkout attempts, each decided by one conditional UPDATE so concurrent submits, status reads
// and lease expiry never need a lock held across an await: the row itself is the arbiter.

import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';
import type { CheckoutClaim, EpochMs } from './store.js';

/** `:a` as a BIGINT: PostgreSQL would otherwise type a bare parameter from context or as text. */
const big = (n: number) => sql<number>`cast(${n} as bigint)`;

export async function claimCheckout(
  db: Kysely<Database>,
  id: string,
  now: EpochMs,
  leaseUntil: EpochMs,
  maxDeclines: number,
): Promise<CheckoutClaim> {
  const result = await db
    .updateTable('checkouts')
    .set({ busy_until: leaseUntil })
    .where('id', '=', id)
    .where('expires_at', '>', big(now))
    .where('success_payment_id', 'is', null)
    .where('decline_count', '<', maxDeclines)
    .where((eb) => eb.or([eb('busy_until', 'is', null), eb('busy_until', '<=', big(now))]))
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

export async function finishCheckoutAttempt(
  db: Kysely<Database>,
  id: string,
  paymentId: string | null,
  outcome: 'success' | 'declined' | 'pending' | 'released',
  pendingLeaseUntil: EpochMs,
  shopperResultUrl: string | null,
): Promise<void> {
  // Only an attempt that paid or went on to 3-D Secure sends the shopper anywhere, so only such an
  // attempt may bind the result URL, and only the first: a failed submit leaves nothing behind.
  const binds = (outcome === 'success' || outcome === 'pending') && shopperResultUrl !== null;
  await db
    .updateTable('checkouts')
    .set((eb) => ({
      busy_until: outcome === 'pending' ? pendingLeaseUntil : null,
      last_payment_id: paymentId ?? eb.ref('last_payment_id'),
      ...(binds ? { shopper_result_url: eb.fn.coalesce('shopper_result_url', eb.val(shopperResultUrl)) } : {}),
      // Only the first success is kept: the unique column is what makes it "the" payment.
      ...(outcome === 'success' && paymentId !== null
        ? { success_payment_id: eb.fn.coalesce('success_payment_id', eb.val(paymentId)) }
        : {}),
      ...(outcome === 'declined' ? { decline_count: eb('decline_count', '+', 1) } : {}),
    }))
    .where('id', '=', id)
    .execute();
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
