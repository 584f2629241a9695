// writeSettlement: a pending payment settles once, only as the status table allows, with its
// registration only if it applies, and with its checkout's attempt while the checkout is on it.

import { describe, expect, it } from 'vitest';
import { type PendingEvent, type PendingKind, planSettle } from '../../../../src/domain/lifecycle.js';
import type { PaymentStatus } from '../../../../src/domain/records.js';
import { writeCheckout, writePayment, writeSettlement } from '../../../../src/storage/writes/index.js';
import { all, checkoutRecord, type ContractContext, id, insertPayment, newEntity, paymentRecord, registrationRecord, settlement, T0 } from '../fixtures.js';
import { LEASE, MAX_DECLINES, freshCheckout, pendingOf, attempt, read } from '../checkout-fixtures.js';

export function writeSettlementContract(ctx: () => ContractContext): void {
  describe('writeSettlement', () => {
    it('settles a pending payment exactly once, even when settled in parallel', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const p = await insertPayment(store, entityId, { status: 'pending', resultCode: '000.200.000', pendingJson: '{"x":1}' });
      const results = await all(
        Array.from({ length: 10 }, (_, i) => () =>
          writeSettlement(store, settlement(p, i % 2 ? 'declined' : 'success', { resultCode: `code-${i}`, responseJson: `{"i":${i}}` })),
        ),
      );
      expect(results.filter((r) => r === 'settled')).toHaveLength(1);
      const winner = results.indexOf('settled');
      const settled = await store.payments.find(entityId, p.id);
      expect(settled).toMatchObject({ status: winner % 2 ? 'declined' : 'success', resultCode: `code-${winner}`, responseJson: `{"i":${winner}}`, updatedAt: T0 + 10 });
      // Planned from the stale pending snapshot: the guard (status = pending) no longer holds.
      expect(await writeSettlement(store, settlement(p, 'success', { resultCode: 'again', now: T0 + 20 }))).toBe('refused');
      expect(await writeSettlement(store, settlement({ ...p, id: id() }, 'success'))).toBe('refused');
      expect(await store.payments.find(entityId, p.id)).toEqual(settled);
    });

    it('refuses a settle the status table does not allow, even where the row matches its guard', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const done = await insertPayment(store, entityId);
      const pending = await insertPayment(store, entityId, { status: 'pending', resultCode: '000.200.000', pendingJson: '{"x":1}' });
      const write = (p: typeof done, from: PaymentStatus, to: PaymentStatus, pendingKind: PendingKind = 'three-d-secure', event: PendingEvent = 'fail') =>
        writeSettlement(store, { paymentId: p.id, checkoutId: p.checkoutId, change: { from, to, pendingKind, event }, resultCode: 'x', responseJson: '{}', pendingJson: null, now: T0 + 10 });
      expect(planSettle(done, 'fail')).toEqual({ ok: false });
      // A row of the table, but for another kind than the payment's: the guard refuses it.
      expect(await write(pending, 'pending', 'success', 'slip', 'confirm')).toBe('refused');
      // Not a row of the table: a 3-D Secure challenge does not succeed by failing.
      expect(await write(pending, 'pending', 'success', 'three-d-secure', 'fail')).toBe('refused');
      expect(await write(done, 'success', 'declined')).toBe('refused');
      expect(await write(done, 'success', 'pending')).toBe('refused');
      expect(await write(pending, 'pending', 'pending')).toBe('refused');
      expect(await store.payments.find(entityId, done.id)).toEqual(done);
      expect(await store.payments.find(entityId, pending.id)).toEqual(pending);
    });

    it("writes a settlement's registration only if the settlement applies", async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const p = await insertPayment(store, entityId, { status: 'pending', resultCode: '000.200.000', pendingJson: '{"x":1}' });
      const r = registrationRecord(entityId);
      expect(await writeSettlement(store, settlement(p, 'success', { registration: r }))).toBe('settled');
      expect(await store.registrations.find(entityId, r.id)).toEqual(r);
      expect(await store.payments.find(entityId, p.id)).toMatchObject({ status: 'success', registrationId: r.id });
      // A second settlement from the stale snapshot is refused, and so is its registration.
      const late = registrationRecord(entityId);
      expect(await writeSettlement(store, settlement(p, 'success', { registration: late }))).toBe('refused');
      expect(await store.registrations.find(entityId, late.id)).toBeUndefined();
      expect((await store.payments.find(entityId, p.id))?.registrationId).toBe(r.id);
    });

    it('settles a pending payment to success with its checkout, only while the checkout is on it (L1)', async () => {
      const { store } = ctx();
      const c = await freshCheckout(store);
      expect(await store.checkouts.claim(c.id, T0, T0 + LEASE, MAX_DECLINES)).toBe('claimed');
      const { p } = await attempt(store, c, 'pending', { leaseUntil: T0 + 5 * LEASE });
      expect(await writeSettlement(store, settlement(p, 'success'))).toBe('settled');
      expect(await read(store, c.id)).toMatchObject({ successPaymentId: p.id, busyUntil: null, declineCount: 0 });
      expect(await store.checkouts.claim(c.id, T0 + 1, T0 + LEASE, MAX_DECLINES)).toBe('paid');

      // Paid by another payment while this one was its last: it may still end, but not as a success.
      const other = id();
      const paid = checkoutRecord(await newEntity(store), { successPaymentId: other });
      const late = paymentRecord(paid.entityId, pendingOf(paid));
      await writeCheckout(store, { ...paid, lastPaymentId: late.id });
      await writePayment(store, late);
      expect(await writeSettlement(store, settlement(late, 'success'))).toBe('checkout-closed');
      expect((await store.payments.find(paid.entityId, late.id))?.status).toBe('pending');
      expect(await writeSettlement(store, settlement(late, 'declined', { resultCode: '100.396.103' }))).toBe('settled');
      expect(await read(store, paid.id)).toMatchObject({ successPaymentId: other, declineCount: 0 });

      // Gone on to another attempt (its last payment is another one): the same.
      const moved = await freshCheckout(store, { lastPaymentId: id() });
      const stale = await insertPayment(store, moved.entityId, pendingOf(moved));
      expect(await writeSettlement(store, settlement(stale, 'success'))).toBe('checkout-closed');
      expect(await read(store, moved.id)).toMatchObject({ successPaymentId: null, declineCount: 0 });
    });

    it('settles a pending attempt once when success and abandonment race', async () => {
      const { store } = ctx();
      for (let round = 0; round < 5; round++) {
        const c = await freshCheckout(store);
        await store.checkouts.claim(c.id, T0, T0 + LEASE, MAX_DECLINES);
        const { p } = await attempt(store, c, 'pending', { leaseUntil: T0 + 5 * LEASE });
        const results = await all(Array.from({ length: 6 }, (_, i) => () => writeSettlement(store, settlement(p, i % 2 === round % 2 ? 'success' : 'declined'))));
        expect(results.filter((r) => r === 'settled')).toHaveLength(1);
        const settled = await store.payments.find(c.entityId, p.id);
        const checkout = await read(store, c.id);
        if (settled?.status === 'success') expect(checkout).toMatchObject({ successPaymentId: p.id, declineCount: 0 });
        else expect(checkout).toMatchObject({ successPaymentId: null, declineCount: 1 });
        expect(checkout.busyUntil).toBeNull();
      }
    });
  });
}
