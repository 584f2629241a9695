// The quotes repository: a currency quote is found only within its entity, used by at most one
// payment while it is valid (also when payments race for it), and given back only by the payment
// that took it.

import { describe, expect, it } from 'vitest';
import type { FxQuote } from '../../../src/storage/store.js';
import { all, type ContractContext, id, newEntity, T0 } from './fixtures.js';

function quote(entityId: string, over: Partial<FxQuote> = {}): FxQuote {
  return { id: id(), entityId, sourceCurrency: 'EUR', targetCurrency: 'USD', rate: '1.0825', createdAt: T0, validUntil: T0 + 60_000, paymentId: null, usedAt: null, ...over };
}

export function quotesContract(ctx: () => ContractContext): void {
  describe('quotes repository', () => {
    it("finds a quote within its entity only, with its rate as written", async () => {
      const { store } = ctx();
      const mine = await newEntity(store);
      const theirs = await newEntity(store);
      const q = quote(mine);
      await store.quotes.insert(q);
      expect(await store.quotes.find(mine, q.id)).toMatchObject({ id: q.id, entityId: mine, sourceCurrency: 'EUR', targetCurrency: 'USD', rate: '1.0825', paymentId: null, usedAt: null });
      expect(Number((await store.quotes.find(mine, q.id))?.validUntil)).toBe(T0 + 60_000);
      expect(await store.quotes.find(theirs, q.id)).toBeUndefined();
    });

    it('is used once: of 10 payments racing for it exactly one takes it, never another entity nor past its validity', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const q = quote(entityId);
      await store.quotes.insert(q);
      expect(await store.quotes.use(await newEntity(store), q.id, id(), T0 + 1)).toBe(false);
      const payments = Array.from({ length: 10 }, () => id());
      const results = await all(payments.map((paymentId) => () => store.quotes.use(entityId, q.id, paymentId, T0 + 1)));
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = payments[results.indexOf(true)];
      expect((await store.quotes.find(entityId, q.id))?.paymentId).toBe(winner);
      const late = quote(entityId);
      await store.quotes.insert(late);
      expect(await store.quotes.use(entityId, late.id, id(), T0 + 60_000)).toBe(false);
    });

    it('is given back only by the payment that took it, and can then be used again', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const q = quote(entityId);
      await store.quotes.insert(q);
      const first = id();
      expect(await store.quotes.use(entityId, q.id, first, T0 + 1)).toBe(true);
      await store.quotes.release(q.id, id());
      expect((await store.quotes.find(entityId, q.id))?.paymentId).toBe(first);
      await store.quotes.release(q.id, first);
      expect(await store.quotes.find(entityId, q.id)).toMatchObject({ paymentId: null, usedAt: null });
      expect(await store.quotes.use(entityId, q.id, id(), T0 + 2)).toBe(true);
    });
  });
}
