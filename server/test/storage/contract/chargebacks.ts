// The back office's chargebacks and used quotes, on both databases: a channel's CB records with the
// payment they charge back, newest first in keyset pages, open (not reversed) or closed; the CR
// records that reversed them; the quotes payments used within a time range. Nothing of a channel
// not given.

import { describe, expect, it } from 'vitest';
import type { ChargebackCursor, ListedChargeback, Store } from '../../../src/storage/store.js';
import { type ContractContext, id, insertPayment, newEntity, T0 } from './fixtures.js';

async function allPages(store: Store, entityIds: string[], state: 'open' | 'closed' | undefined, limit: number): Promise<ListedChargeback[][]> {
  const pages: ListedChargeback[][] = [];
  let after: ChargebackCursor | undefined;
  do {
    const page = await store.chargebacks.list(entityIds, state, after, limit);
    pages.push(page.chargebacks);
    after = page.next;
  } while (after);
  return pages;
}

export function chargebacksContract(ctx: () => ContractContext): void {
  describe('chargebacks repository', () => {
    it('lists the CB records with their payment, newest first in pages, open or closed, with the reversals', async () => {
      const { store } = ctx();
      const [a, b, other] = [await newEntity(store), await newEntity(store), await newEntity(store)];
      const paid = await insertPayment(store, a, { createdAt: T0, merchantTransactionId: 'order-0001', cardLast4: '4242', amount: 5_000 });
      const paidB = await insertPayment(store, b, { createdAt: T0 });
      const open = await insertPayment(store, a, { paymentType: 'CB', referencedId: paid.id, amount: 1_000, resultCode: '000.100.220', createdAt: T0 + 10 });
      const closed = await insertPayment(store, a, { paymentType: 'CB', referencedId: paid.id, amount: 500, resultCode: '000.100.203', createdAt: T0 + 10, reversed: true });
      const onB = await insertPayment(store, b, { paymentType: 'CB', referencedId: paidB.id, amount: 300, resultCode: '000.100.220', createdAt: T0 + 20 });
      const theirs = await insertPayment(store, other, { paymentType: 'CB', referencedId: (await insertPayment(store, other)).id, createdAt: T0 + 30 });
      const cr = await insertPayment(store, a, { paymentType: 'CR', referencedId: paid.id, amount: 500, createdAt: T0 + 40, responseJson: JSON.stringify({ chargebackId: closed.id }) });

      const both = (await store.chargebacks.list([a, b], undefined, undefined, 10)).chargebacks;
      // Newest first; within a millisecond the greater id first.
      const sameMs = [open, closed].sort((x, y) => (x.id < y.id ? 1 : -1)).map((p) => p.id);
      expect(both.map((c) => c.id)).toEqual([onB.id, ...sameMs]);
      expect(both.map((c) => c.id)).not.toContain(theirs.id);
      expect(both.find((c) => c.id === open.id)).toEqual({
        id: open.id,
        entityId: a,
        createdAt: T0 + 10,
        amount: 1_000,
        currency: 'EUR',
        reasonCode: '000.100.220',
        reversed: false,
        settlementDate: null,
        payment: { id: paid.id, paymentType: 'DB', paymentBrand: 'VISA', amount: 5_000, createdAt: T0, merchantTransactionId: 'order-0001', cardLast4: '4242' },
      });
      expect((await store.chargebacks.list([a, b], 'open', undefined, 10)).chargebacks.map((c) => c.id).sort()).toEqual([open.id, onB.id].sort());
      expect((await store.chargebacks.list([a, b], 'closed', undefined, 10)).chargebacks.map((c) => c.id)).toEqual([closed.id]);

      const pages = await allPages(store, [a, b], undefined, 1);
      expect(pages.flat().map((c) => c.id)).toEqual(both.map((c) => c.id));
      expect(await store.chargebacks.list([], undefined, undefined, 10)).toEqual({ chargebacks: [], next: undefined });

      expect(await store.chargebacks.reversalsOf([a], [paid.id])).toEqual([{ id: cr.id, paymentId: paid.id, chargebackId: closed.id, amount: 500, createdAt: T0 + 40 }]);
      expect(await store.chargebacks.reversalsOf([b], [paid.id])).toEqual([]);
    });
  });

  describe('used quotes', () => {
    it("lists the quotes payments used within a range, newest use first, in pages, of the channels given", async () => {
      const { store } = ctx();
      const [a, other] = [await newEntity(store), await newEntity(store)];
      const quote = async (entityId: string, usedAt: number | null) => {
        const q = { id: id(), entityId, sourceCurrency: 'USD', targetCurrency: 'BRL', rate: '5.3500', createdAt: T0, validUntil: T0 + 1_000_000, paymentId: usedAt === null ? null : id(), usedAt };
        await store.quotes.insert(q);
        return q.id;
      };
      const early = await quote(a, T0 + 100);
      const late = await quote(a, T0 + 200);
      await quote(a, null);
      await quote(a, T0 + 5_000);
      await quote(other, T0 + 150);
      expect((await store.quotes.listUsed([a], T0, T0 + 1_000, undefined, 10)).map((q) => q.id)).toEqual([late, early]);
      const [first] = await store.quotes.listUsed([a], T0, T0 + 1_000, undefined, 1);
      expect(first?.id).toBe(late);
      expect((await store.quotes.listUsed([a], T0, T0 + 1_000, { usedAt: first!.usedAt!, id: first!.id }, 10)).map((q) => q.id)).toEqual([early]);
      expect(await store.quotes.listUsed([], T0, T0 + 1_000, undefined, 10)).toEqual([]);
    });
  });
}
