// What the checkout contracts share: a checkout's lease and decline limit, a fresh checkout, and
// an attempt's payment written as the relay writes it, with the end of the attempt.

import type { CheckoutRecord, EpochMs, PaymentRecord, PaymentStatus } from '../../../src/domain/records.js';
import type { Store } from '../../../src/storage/store.js';
import { writeCheckout, writePayment } from '../../../src/storage/writes/index.js';
import { checkoutRecord, newEntity, paymentRecord } from './fixtures.js';

export const LEASE = 60_000;
export const MAX_DECLINES = 3;

export async function freshCheckout(store: Store, over: Parameters<typeof checkoutRecord>[1] = {}) {
  const c = checkoutRecord(await newEntity(store), over);
  await writeCheckout(store, c);
  return c;
}

/** A pending (3-D Secure) payment of checkout `c`. */
export const pendingOf = (c: CheckoutRecord): Partial<PaymentRecord> => ({ checkoutId: c.id, status: 'pending', resultCode: '000.200.000', pendingJson: '{}' });

/** An attempt's payment, written as the relay writes it: together with the end of the attempt. */
export async function attempt(store: Store, c: CheckoutRecord, status: PaymentStatus, opts: { leaseUntil?: EpochMs; url?: string } = {}) {
  const over = status === 'pending' ? pendingOf(c) : { checkoutId: c.id, status, ...(status === 'declined' ? { resultCode: '800.100.152' } : {}) };
  const p = paymentRecord(c.entityId, over);
  const written = await writePayment(store, p, { attempt: { pendingLeaseUntil: opts.leaseUntil ?? 0, shopperResultUrl: opts.url ?? null } });
  return { p, written };
}

export async function read(store: Store, checkoutId: string) {
  const c = await store.checkouts.find(checkoutId);
  if (!c) throw new Error('checkout vanished');
  return c;
}
