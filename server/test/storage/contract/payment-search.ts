// The back office's payment list: a merchant's payments across the channels it is given, newest
// first in keyset pages that hold still while payments arrive, each filter and each kind of search,
// and nothing of a channel it was not given.

import { describe, expect, it } from 'vitest';
import type { PaymentRecord } from '../../../src/domain/records.js';
import { cursorText, parseCursor, type ListedPayment, type PaymentCursor, type PaymentSearch } from '../../../src/storage/repositories/payment-search.js';
import type { Store } from '../../../src/storage/store.js';
import { type ContractContext, id, insertPayment, newEntity, T0 } from './fixtures.js';

/** Every page of a listing, in order. */
async function allPages(store: Store, entityIds: string[], search: PaymentSearch, limit: number): Promise<ListedPayment[][]> {
  const pages: ListedPayment[][] = [];
  let after: PaymentCursor | undefined;
  do {
    const page = await store.paymentSearch.list(entityIds, search, after, limit);
    pages.push(page.payments);
    after = page.next;
  } while (after);
  return pages;
}

const ids = (payments: readonly { id: string }[]): string[] => payments.map((p) => p.id);
/** Newest first: later time, then greater id within a millisecond. */
const newestFirst = (a: PaymentRecord, b: PaymentRecord): number => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

async function listed(store: Store, entityIds: string[], search: PaymentSearch): Promise<string[]> {
  return ids((await store.paymentSearch.list(entityIds, search, undefined, 200)).payments);
}

export function paymentSearchContract(ctx: () => ContractContext): void {
  describe('payment search repository', () => {
    it('lists the channels\' payments newest first with the listing\'s columns, nothing of another channel', async () => {
      const { store } = ctx();
      const [a, b, other] = [await newEntity(store), await newEntity(store), await newEntity(store)];
      const p = await insertPayment(store, a, { createdAt: T0 + 1, merchantTransactionId: 'order-1', method: 'card', cardLast4: '4242', customerEmail: 'ann@shop.example', chargebackAmount: 300 });
      const q = await insertPayment(store, b, { createdAt: T0 + 2 });
      await insertPayment(store, other, { createdAt: T0 + 3 });
      const page = await store.paymentSearch.list([a, b], {}, undefined, 10);
      expect(ids(page.payments)).toEqual([q.id, p.id]);
      expect(page.next).toBeUndefined();
      expect(page.payments[1]).toEqual({
        id: p.id,
        createdAt: T0 + 1,
        entityId: a,
        paymentType: 'DB',
        paymentBrand: 'VISA',
        method: 'card',
        amount: 10_000,
        currency: 'EUR',
        status: 'success',
        resultCode: '000.100.110',
        merchantTransactionId: 'order-1',
        cardLast4: '4242',
        customerEmail: 'ann@shop.example',
        chargebackAmount: 300,
      });
      expect(await store.paymentSearch.list([], {}, undefined, 10)).toEqual({ payments: [], next: undefined });
    });

    it('reads a payment\'s listing facts back as they were written', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const p = await insertPayment(store, entityId, { method: 'voucher', cardLast4: null, customerEmail: 'bo@shop.example' });
      expect(await store.payments.find(entityId, p.id)).toEqual({ ...p, cardLast4: undefined });
    });

    it('pages newest first across channels, ties of one millisecond ordered by id, every payment once', async () => {
      const { store } = ctx();
      const [a, b] = [await newEntity(store), await newEntity(store)];
      const written: PaymentRecord[] = [];
      for (let n = 0; n < 23; n++) written.push(await insertPayment(store, n % 2 ? a : b, { createdAt: T0 + Math.floor(n / 4) }));
      const pages = await allPages(store, [a, b], {}, 5);
      expect(pages.map((p) => p.length)).toEqual([5, 5, 5, 5, 3]);
      expect(ids(pages.flat())).toEqual(ids([...written].sort(newestFirst)));
    });

    it('holds its pages still while payments arrive', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const written: PaymentRecord[] = [];
      for (let n = 0; n < 12; n++) written.push(await insertPayment(store, entityId, { createdAt: T0 + n }));
      const seen: ListedPayment[] = [];
      let after: PaymentCursor | undefined;
      let n = 0;
      do {
        const page = await store.paymentSearch.list([entityId], {}, after, 4);
        seen.push(...page.payments);
        after = page.next;
        // New payments arrive between pages, some in the same millisecond as the newest.
        await insertPayment(store, entityId, { createdAt: T0 + 11 + n++ });
      } while (after);
      expect(ids(seen)).toEqual(ids([...written].sort(newestFirst)));
    });

    it('filters by time range, status, charged back, payment type, brand, method and amount range', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const early = await insertPayment(store, entityId, { createdAt: T0, amount: 500 });
      const declined = await insertPayment(store, entityId, { createdAt: T0 + 10, status: 'declined', resultCode: '800.100.151', amount: 1_000 });
      const pending = await insertPayment(store, entityId, { createdAt: T0 + 20, status: 'pending', paymentType: 'PA', paymentBrand: 'BOLETO', method: 'voucher', amount: 2_000 });
      const chargedBack = await insertPayment(store, entityId, { createdAt: T0 + 30, chargebackAmount: 1_000, paymentBrand: 'MASTER', method: 'card', amount: 3_000 });
      const refund = await insertPayment(store, entityId, { createdAt: T0 + 40, paymentType: 'RF', referencedId: chargedBack.id, method: 'card', amount: 4_000 });
      expect(await listed(store, [entityId], { from: T0 + 10, to: T0 + 30 })).toEqual([pending.id, declined.id]);
      expect(await listed(store, [entityId], { status: 'success' })).toEqual([refund.id, chargedBack.id, early.id]);
      expect(await listed(store, [entityId], { status: 'declined' })).toEqual([declined.id]);
      expect(await listed(store, [entityId], { status: 'pending' })).toEqual([pending.id]);
      expect(await listed(store, [entityId], { status: 'chargedBack' })).toEqual([chargedBack.id]);
      expect(await listed(store, [entityId], { paymentType: 'RF' })).toEqual([refund.id]);
      expect(await listed(store, [entityId], { brand: 'MASTER' })).toEqual([chargedBack.id]);
      expect(await listed(store, [entityId], { method: 'card' })).toEqual([refund.id, chargedBack.id]);
      expect(await listed(store, [entityId], { amountMin: 1_000, amountMax: 3_000 })).toEqual([chargedBack.id, pending.id, declined.id]);
      expect(await listed(store, [entityId], { status: 'success', method: 'card', amountMax: 3_000 })).toEqual([chargedBack.id]);
    });

    it('finds a payment by its id, its checkout id, its merchantTransactionId, its card\'s last four or its e-mail in any case', async () => {
      const { store } = ctx();
      const [a, b] = [await newEntity(store), await newEntity(store)];
      const checkoutId = `${id().toUpperCase()}.uat01-vm-tx04`;
      const p = await insertPayment(store, a, { createdAt: T0 + 1, checkoutId, merchantTransactionId: 'order-77', cardLast4: '1881', customerEmail: 'ann@shop.example' });
      const refund = await insertPayment(store, a, { createdAt: T0 + 2, paymentType: 'RF', referencedId: p.id, merchantTransactionId: 'order-77', cardLast4: '1881', customerEmail: 'ann@shop.example' });
      // Another payment whose reference is the same four digits: both kinds of match are found.
      const digits = await insertPayment(store, b, { createdAt: T0 + 3, merchantTransactionId: '1881' });
      await insertPayment(store, a, { createdAt: T0 + 4, merchantTransactionId: 'order-78', cardLast4: '0004', customerEmail: 'bo@shop.example' });
      expect(await listed(store, [a, b], { q: p.id })).toEqual([p.id]);
      expect(await listed(store, [a, b], { q: checkoutId })).toEqual([p.id]);
      expect(await listed(store, [a, b], { q: ' order-77 ' })).toEqual([refund.id, p.id]);
      expect(await listed(store, [a, b], { q: '1881' })).toEqual([digits.id, refund.id, p.id]);
      expect(await listed(store, [a, b], { q: 'Ann@Shop.EXAMPLE' })).toEqual([refund.id, p.id]);
      expect(await listed(store, [a, b], { q: 'ann@shop.example', paymentType: 'RF' })).toEqual([refund.id]);
      expect(await listed(store, [b], { q: p.id })).toEqual([]);
      expect(await listed(store, [a, b], { q: 'nothing-like-it' })).toEqual([]);
    });

    it('pages a search, every match once', async () => {
      const { store } = ctx();
      const [a, b] = [await newEntity(store), await newEntity(store)];
      const written: PaymentRecord[] = [];
      for (let n = 0; n < 9; n++) written.push(await insertPayment(store, n % 2 ? a : b, { createdAt: T0 + Math.floor(n / 2), cardLast4: '5555', ...(n % 3 === 0 ? { merchantTransactionId: '5555' } : {}) }));
      const pages = await allPages(store, [a, b], { q: '5555' }, 2);
      expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 2, 1]);
      expect(ids(pages.flat())).toEqual(ids([...written].sort(newestFirst)));
    });

    it('hands out cursors as opaque text and reads back only its own', () => {
      const cursor = { createdAt: T0 + 5, id: id() };
      const text = cursorText(cursor);
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(parseCursor(text)).toEqual(cursor);
      for (const bad of ['', 'not a cursor', Buffer.from('12.').toString('base64url'), Buffer.from('x.abc').toString('base64url'), Buffer.from("1.a'b").toString('base64url')]) {
        expect(parseCursor(bad)).toBeUndefined();
      }
    });
  });
}
