// Checkouts (L1, L8, F9): one attempt at a time, one success, a lock after repeated declines,
// expiry, the bound result URL, the status-read window.

import { describe, expect, it } from 'vitest';
import type { Store } from '../../../src/storage/store.js';
import { all, checkoutRecord, count, id, insertPayment, newEntity, paymentRecord, T0, type ContractContext } from './fixtures.js';

const LEASE = 60_000;
const MAX_DECLINES = 3;

async function freshCheckout(store: Store, over: Parameters<typeof checkoutRecord>[1] = {}) {
  const c = checkoutRecord(await newEntity(store), over);
  await store.insertCheckout(c);
  return c;
}

async function read(store: Store, checkoutId: string) {
  const c = await store.findCheckout(checkoutId);
  if (!c) throw new Error('checkout vanished');
  return c;
}

export function checkoutsContract(ctx: () => ContractContext): void {
  describe('checkouts', () => {
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
      await store.insertCheckout(c);
      expect(await store.findCheckout(c.id)).toEqual(c);
      expect(await store.findCheckout(id())).toBeUndefined();
    });

    it('of 50 parallel claims exactly one wins; the others find it busy (L1)', async () => {
      const { store } = ctx();
      const c = await freshCheckout(store);
      const results = await all(Array.from({ length: 50 }, () => () => store.claimCheckout(c.id, T0 + 1, T0 + 1 + LEASE, MAX_DECLINES)));
      expect(results.filter((r) => r === 'claimed')).toHaveLength(1);
      expect(results.filter((r) => r === 'busy')).toHaveLength(49);
      expect((await read(store, c.id)).busyUntil).toBe(T0 + 1 + LEASE);
    });

    it('keeps the first success only and answers paid afterwards', async () => {
      const { store } = ctx();
      const c = await freshCheckout(store);
      const [p1, p2] = [id(), id()];
      expect(await store.claimCheckout(c.id, T0, T0 + LEASE, MAX_DECLINES)).toBe('claimed');
      await store.finishCheckoutAttempt(c.id, p1, 'success', 0);
      await store.finishCheckoutAttempt(c.id, p2, 'success', 0);
      expect(await read(store, c.id)).toMatchObject({ successPaymentId: p1, lastPaymentId: p2, busyUntil: null });
      expect(await store.claimCheckout(c.id, T0 + 1, T0 + LEASE, MAX_DECLINES)).toBe('paid');
    });

    it('refuses a second successful payment of one checkout (L1)', async () => {
      const { store } = ctx();
      const c = await freshCheckout(store);
      await insertPayment(store, c.entityId, { checkoutId: c.id });
      await expect(store.insertPayment(paymentRecord(c.entityId, { checkoutId: c.id }))).rejects.toThrow();
      // Failed and pending attempts of a checkout are many, and so are successes outside checkouts.
      await insertPayment(store, c.entityId, { checkoutId: c.id, status: 'declined' });
      await insertPayment(store, c.entityId, { checkoutId: c.id, status: 'declined' });
      await insertPayment(store, c.entityId, { checkoutId: c.id, status: 'pending' });
      await insertPayment(store, c.entityId);
      await insertPayment(store, c.entityId);
    });

    it('locks after the maximum number of declines (L8)', async () => {
      const { store } = ctx();
      const c = await freshCheckout(store);
      for (let i = 0; i < MAX_DECLINES; i++) {
        expect(await store.claimCheckout(c.id, T0 + i, T0 + i + LEASE, MAX_DECLINES)).toBe('claimed');
        await store.finishCheckoutAttempt(c.id, id(), 'declined', 0);
      }
      expect((await read(store, c.id)).declineCount).toBe(MAX_DECLINES);
      expect(await store.claimCheckout(c.id, T0 + 10, T0 + LEASE, MAX_DECLINES)).toBe('locked');
    });

    it('holds a pending attempt until its lease ends; a released attempt frees it at once', async () => {
      const { store } = ctx();
      const c = await freshCheckout(store);
      const pending = id();
      expect(await store.claimCheckout(c.id, T0, T0 + LEASE, MAX_DECLINES)).toBe('claimed');
      await store.finishCheckoutAttempt(c.id, pending, 'pending', T0 + 5 * LEASE);
      expect(await read(store, c.id)).toMatchObject({ lastPaymentId: pending, busyUntil: T0 + 5 * LEASE, declineCount: 0 });
      expect(await store.claimCheckout(c.id, T0 + LEASE, T0 + 2 * LEASE, MAX_DECLINES)).toBe('busy');
      // The lease expired: a relay that died mid-attempt does not block the checkout forever.
      expect(await store.claimCheckout(c.id, T0 + 5 * LEASE, T0 + 6 * LEASE, MAX_DECLINES)).toBe('claimed');
      await store.finishCheckoutAttempt(c.id, null, 'released', 0);
      expect(await read(store, c.id)).toMatchObject({ lastPaymentId: pending, busyUntil: null, declineCount: 0 });
      expect(await store.claimCheckout(c.id, T0 + 5 * LEASE, T0 + 6 * LEASE, MAX_DECLINES)).toBe('claimed');
    });

    it('answers expired from expiresAt on, and missing for an unknown id (F9)', async () => {
      const { store } = ctx();
      const c = await freshCheckout(store);
      expect(await store.claimCheckout(id(), c.expiresAt, c.expiresAt + LEASE, MAX_DECLINES)).toBe('missing');
      expect(await store.claimCheckout(c.id, c.expiresAt, c.expiresAt + LEASE, MAX_DECLINES)).toBe('expired');
      expect(await store.claimCheckout(c.id, c.expiresAt - 1, c.expiresAt + LEASE, MAX_DECLINES)).toBe('claimed');
    });

    it('binds the result URL of the first attempt that pays or goes pending, never of a failed one (A7)', async () => {
      const { store } = ctx();
      const open = await freshCheckout(store);
      await store.claimCheckout(open.id, T0, T0 + 1, MAX_DECLINES);
      await store.finishCheckoutAttempt(open.id, id(), 'declined', 0, 'https://declined.example/r');
      await store.claimCheckout(open.id, T0 + 2, T0 + 3, MAX_DECLINES);
      await store.finishCheckoutAttempt(open.id, null, 'released', 0, 'https://released.example/r');
      expect((await read(store, open.id)).shopperResultUrl).toBeNull();
      await store.claimCheckout(open.id, T0 + 4, T0 + 5, MAX_DECLINES);
      await store.finishCheckoutAttempt(open.id, id(), 'pending', T0 + LEASE, 'https://first.example/r');
      await store.claimCheckout(open.id, T0 + LEASE, T0 + 2 * LEASE, MAX_DECLINES);
      await store.finishCheckoutAttempt(open.id, id(), 'success', 0, 'https://second.example/r');
      expect((await read(store, open.id)).shopperResultUrl).toBe('https://first.example/r');
      const bound = await freshCheckout(store, { shopperResultUrl: 'https://prepared.example/r' });
      await store.claimCheckout(bound.id, T0, T0 + 1, MAX_DECLINES);
      await store.finishCheckoutAttempt(bound.id, id(), 'success', 0, 'https://other.example/r');
      expect((await read(store, bound.id)).shopperResultUrl).toBe('https://prepared.example/r');
    });

    it('counts status reads per window, also under contention', async () => {
      const { store } = ctx();
      const c = await freshCheckout(store);
      const window = 60_000;
      const burst = await all(Array.from({ length: 10 }, () => () => store.countCheckoutRead(c.id, T0, window, 2)));
      expect(count(burst)).toBe(2);
      expect(await store.countCheckoutRead(c.id, T0 + window - 1, window, 2)).toBe(false);
      expect(await store.countCheckoutRead(c.id, T0 + window, window, 2)).toBe(true);
      expect(await read(store, c.id)).toMatchObject({ readWindowStart: T0 + window, readCount: 1 });
      expect(await store.countCheckoutRead(id(), T0, window, 2)).toBe(false);
    });

    it('is spent once', async () => {
      const { store } = ctx();
      const c = await freshCheckout(store);
      await store.markCheckoutSpent(c.id, T0 + 1);
      await store.markCheckoutSpent(c.id, T0 + 2);
      expect((await read(store, c.id)).spentAt).toBe(T0 + 1);
    });
  });
}
