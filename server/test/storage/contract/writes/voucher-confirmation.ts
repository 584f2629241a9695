// writeSettlement of a voucher slip: its confirmation settles the PA and inserts its one RC
// together, or neither; confirmations racing (two stores playing two relays where the dialect
// allows) leave exactly one RC; the unique index refuses a second RC even past the guarded UPDATE;
// an expired slip takes no RC. Vouchers have no repository of their own: a slip is a payment.

import { describe, expect, it } from 'vitest';
import { planSettle } from '../../../../src/domain/lifecycle.js';
import type { PaymentRecord } from '../../../../src/domain/records.js';
import type { SettleWrite } from '../../../../src/storage/store.js';
import { writePayment, writeSettlement } from '../../../../src/storage/writes/index.js';
import { all, type ContractContext, id, insertPayment, newEntity, paymentRecord, T0 } from '../fixtures.js';

function slip(entityId: string): Partial<PaymentRecord> {
  return { paymentType: 'PA', paymentBrand: 'BOLETO', currency: 'BRL', amount: 9_200, status: 'pending', pendingKind: 'slip', pendingJson: '{"voucher":{}}', resultCode: '000.100.112' };
}

function rcOf(pa: PaymentRecord): PaymentRecord {
  return paymentRecord(pa.entityId, { id: id(), paymentType: 'RC', paymentBrand: pa.paymentBrand, amount: pa.amount, currency: pa.currency, status: 'success', resultCode: '000.000.000', referencedId: pa.id, createdAt: T0 + 20, updatedAt: T0 + 20 });
}

function confirmation(pa: PaymentRecord, rc = rcOf(pa)): SettleWrite {
  const plan = planSettle(pa, 'confirm');
  if (!plan.ok) throw new Error('test setup: slip confirmation refused by the status table');
  return { paymentId: pa.id, checkoutId: null, change: plan.change, resultCode: pa.resultCode, responseJson: pa.responseJson, pendingJson: pa.pendingJson, now: T0 + 20, confirmation: rc };
}

export function voucherConfirmationContract(ctx: () => ContractContext): void {
  describe('writeSettlement of a voucher slip', () => {
    it('confirms a slip with its RC in one write: the PA captured in full, the RC findable', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const pa = await insertPayment(store, entityId, slip(entityId));
      const w = confirmation(pa);
      expect(await writeSettlement(store, w)).toBe('settled');
      expect(await store.payments.find(entityId, pa.id)).toMatchObject({ status: 'success', pendingKind: null, capturedAmount: 9_200 });
      expect((await store.payments.referencing(pa.id, 'RC')).map((r) => r.id)).toEqual([w.confirmation?.id]);
      expect(await store.payments.pendingBefore('slip', Number.MAX_SAFE_INTEGER, 10, entityId)).toEqual([]);
    });

    it('refuses a confirmation without its RC, or an RC referencing another payment, writing nothing', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const pa = await insertPayment(store, entityId, slip(entityId));
      const { confirmation: _rc, ...bare } = confirmation(pa);
      expect(await writeSettlement(store, bare)).toBe('refused');
      const other = await insertPayment(store, entityId, slip(entityId));
      expect(await writeSettlement(store, confirmation(pa, rcOf(other)))).toBe('refused');
      expect((await store.payments.find(entityId, pa.id))?.status).toBe('pending');
      expect((await store.payments.pendingBefore('slip', Number.MAX_SAFE_INTEGER, 10, entityId)).map((p) => p.id).sort()).toEqual([pa.id, other.id].sort());
    });

    it('of 10 confirmations racing on one slip exactly one writes its RC', async () => {
      const { store, harness } = ctx();
      const otherStore = harness.parallelStores ? await harness.open() : store;
      try {
        const entityId = await newEntity(store);
        for (let round = 0; round < 3; round++) {
          const pa = await insertPayment(store, entityId, slip(entityId));
          const writes = Array.from({ length: 10 }, () => confirmation(pa));
          const results = await all(writes.map((w, i) => () => writeSettlement((i % 2 ? otherStore : store), w)));
          expect(results.filter((r) => r === 'settled')).toHaveLength(1);
          const found = await Promise.all(writes.map((w) => store.payments.find(entityId, w.confirmation?.id ?? '')));
          expect(found.filter(Boolean)).toHaveLength(1);
        }
      } finally {
        if (otherStore !== store) await otherStore.close();
      }
    });

    it('holds at most one RC per slip in the database itself (unique index)', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const pa = await insertPayment(store, entityId, { ...slip(entityId), status: 'success', pendingKind: null });
      await writePayment(store, rcOf(pa));
      await expect(writePayment(store, rcOf(pa))).rejects.toThrow();
      // Other follow-ups of one payment are many, as before.
      await writePayment(store, paymentRecord(entityId, { paymentType: 'RF', referencedId: pa.id }));
      await writePayment(store, paymentRecord(entityId, { paymentType: 'RF', referencedId: pa.id }));
    });

    it('takes no RC on an expired slip', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const pa = await insertPayment(store, entityId, slip(entityId));
      const expire = planSettle(pa, 'expire');
      if (!expire.ok) throw new Error('test setup');
      expect(await writeSettlement(store, { paymentId: pa.id, checkoutId: null, change: expire.change, resultCode: '100.396.103', responseJson: '{}', pendingJson: pa.pendingJson, now: T0 + 5 })).toBe('settled');
      expect(await writeSettlement(store, confirmation(pa))).toBe('refused');
      expect(await store.payments.referencing(pa.id, 'RC')).toEqual([]);
      expect((await store.payments.find(entityId, pa.id))?.status).toBe('declined');
    });
  });
}
