// The checkouts repository (L1, L8, F9): one attempt at a time, a lock after repeated declines,
// a pending attempt holding the checkout, expiry, the status-read window, spending once.

import { describe, expect, it } from 'vitest';
import { writeCheckout, writeSettlement } from '../../../src/storage/writes/index.js';
import { all, checkoutRecord, type ContractContext, count, HOUR, id, newEntity, settlement, T0 } from './fixtures.js';
import { LEASE, MAX_DECLINES, freshCheckout, attempt, read } from './checkout-fixtures.js';

export function checkoutsContract(ctx: () => ContractContext): void {
  describe('checkouts repository', () => {
    it('counts the checkouts that expired in a range without a success (the metrics)', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      // A range of its own, far from every other test's checkouts.
      const from = T0 + 900 * HOUR;
      const write = (expiresAt: number, successPaymentId: string | null = null) => writeCheckout(store, checkoutRecord(entityId, { createdAt: expiresAt - HOUR, expiresAt, successPaymentId }));
      await write(from - 1);
      await write(from);
      await write(from + 10);
      await write(from + 20, id());
      await write(from + HOUR);
      expect(await store.checkouts.countExpiredUnpaid(from, from + HOUR)).toBe(2);
      expect(await store.checkouts.countExpiredUnpaid(from + HOUR, from + 2 * HOUR)).toBe(1);
      expect(await store.checkouts.countExpiredUnpaid(from + 2 * HOUR, from + 3 * HOUR)).toBe(0);
    });

    it('round-trips every field', async () => {
      const { store } = ctx();
      const c = checkoutRecord(await newEntity(store), {
        shopperResultUrl: 'https://shop.example/result',
        successPaymentId: id(),
        lastPaymentId: id(),
        busyUntil: T0 + 5,
        declineCount: 2,
        spentAt: T0 + 6,
        readWindowStart: T0 + 7,
        readCount: 1,
      });
      await writeCheckout(store, c);
      expect(await store.checkouts.find(c.id)).toEqual(c);
      expect(await store.checkouts.find(id())).toBeUndefined();
    });

    it('changes the prepared payment only between attempts, of its own entity, before it is paid or expires', async () => {
      const { store } = ctx();
      const c = await freshCheckout(store);
      const change = { amount: 12_345, currency: 'USD', paymentType: 'PA', paramsJson: '[["amount","123.45"]]', shopperResultUrl: 'https://shop.example/r' };
      expect(await store.checkouts.update(c.id, id(), change, T0 + 1)).toBe('missing');
      expect(await store.checkouts.update(c.id, c.entityId, change, T0 + 1)).toBe('updated');
      expect(await read(store, c.id)).toMatchObject({ amount: 12_345, currency: 'USD', paymentType: 'PA', paramsJson: change.paramsJson, shopperResultUrl: change.shopperResultUrl });
      expect(await store.checkouts.claim(c.id, T0 + 2, T0 + 2 + LEASE, MAX_DECLINES)).toBe('claimed');
      expect(await store.checkouts.update(c.id, c.entityId, { ...change, amount: 1 }, T0 + 3)).toBe('busy');
      expect((await read(store, c.id)).amount).toBe(12_345);
      expect(await store.checkouts.update(c.id, c.entityId, change, c.expiresAt)).toBe('expired');
    });

    it('of 50 parallel claims exactly one wins; the others find it busy (L1)', async () => {
      const { store } = ctx();
      const c = await freshCheckout(store);
      const results = await all(Array.from({ length: 50 }, () => () => store.checkouts.claim(c.id, T0 + 1, T0 + 1 + LEASE, MAX_DECLINES)));
      expect(results.filter((r) => r === 'claimed')).toHaveLength(1);
      expect(results.filter((r) => r === 'busy')).toHaveLength(49);
      expect((await read(store, c.id)).busyUntil).toBe(T0 + 1 + LEASE);
    });

    it('locks after the maximum number of declines (L8)', async () => {
      const { store } = ctx();
      const c = await freshCheckout(store);
      for (let i = 0; i < MAX_DECLINES; i++) {
        expect(await store.checkouts.claim(c.id, T0 + i, T0 + i + LEASE, MAX_DECLINES)).toBe('claimed');
        expect((await attempt(store, c, 'declined')).written).toBe(true);
      }
      expect((await read(store, c.id)).declineCount).toBe(MAX_DECLINES);
      expect(await store.checkouts.claim(c.id, T0 + 10, T0 + LEASE, MAX_DECLINES)).toBe('locked');
    });

    it('is held by a pending attempt, past its lease too, until it is settled; a released attempt frees it at once', async () => {
      const { store } = ctx();
      const c = await freshCheckout(store);
      expect(await store.checkouts.claim(c.id, T0, T0 + LEASE, MAX_DECLINES)).toBe('claimed');
      const { p } = await attempt(store, c, 'pending', { leaseUntil: T0 + 5 * LEASE });
      expect(await read(store, c.id)).toMatchObject({ lastPaymentId: p.id, busyUntil: T0 + 5 * LEASE, declineCount: 0 });
      expect(await store.checkouts.claim(c.id, T0 + LEASE, T0 + 2 * LEASE, MAX_DECLINES)).toBe('busy');
      // The lease expired, yet the payment could still succeed: it must be settled first (L1).
      expect(await store.checkouts.claim(c.id, T0 + 5 * LEASE, T0 + 6 * LEASE, MAX_DECLINES)).toBe('busy');
      expect(await writeSettlement(store, settlement(p, 'declined', { resultCode: '100.396.103' }))).toBe('settled');
      expect(await read(store, c.id)).toMatchObject({ lastPaymentId: p.id, busyUntil: null, declineCount: 1 });
      expect(await store.checkouts.claim(c.id, T0 + 5 * LEASE, T0 + 6 * LEASE, MAX_DECLINES)).toBe('claimed');
      // A relay that died mid-attempt holds the checkout until that attempt's lease ends.
      expect(await store.checkouts.claim(c.id, T0 + 6 * LEASE - 1, T0 + 7 * LEASE, MAX_DECLINES)).toBe('busy');
      expect(await store.checkouts.claim(c.id, T0 + 6 * LEASE, T0 + 7 * LEASE, MAX_DECLINES)).toBe('claimed');
      await store.checkouts.release(c.id);
      expect(await read(store, c.id)).toMatchObject({ lastPaymentId: p.id, busyUntil: null, declineCount: 1 });
      expect(await store.checkouts.claim(c.id, T0 + 6 * LEASE, T0 + 7 * LEASE, MAX_DECLINES)).toBe('claimed');
    });

    it('answers expired from expiresAt on, and missing for an unknown id (F9)', async () => {
      const { store } = ctx();
      const c = await freshCheckout(store);
      expect(await store.checkouts.claim(id(), c.expiresAt, c.expiresAt + LEASE, MAX_DECLINES)).toBe('missing');
      expect(await store.checkouts.claim(c.id, c.expiresAt, c.expiresAt + LEASE, MAX_DECLINES)).toBe('expired');
      expect(await store.checkouts.claim(c.id, c.expiresAt - 1, c.expiresAt + LEASE, MAX_DECLINES)).toBe('claimed');
    });

    it('counts status reads per window, also under contention', async () => {
      const { store } = ctx();
      const c = await freshCheckout(store);
      const window = 60_000;
      const burst = await all(Array.from({ length: 10 }, () => () => store.checkouts.countRead(c.id, T0, window, 2)));
      expect(count(burst)).toBe(2);
      expect(await store.checkouts.countRead(c.id, T0 + window - 1, window, 2)).toBe(false);
      expect(await store.checkouts.countRead(c.id, T0 + window, window, 2)).toBe(true);
      expect(await read(store, c.id)).toMatchObject({ readWindowStart: T0 + window, readCount: 1 });
      expect(await store.checkouts.countRead(id(), T0, window, 2)).toBe(false);
    });

    it('is spent once', async () => {
      const { store } = ctx();
      const c = await freshCheckout(store);
      await store.checkouts.markSpent(c.id, T0 + 1);
      await store.checkouts.markSpent(c.id, T0 + 2);
      expect((await read(store, c.id)).spentAt).toBe(T0 + 1);
    });
  });
}
