// The settlement repository: which payments a day's run takes, the aggregations and records read
// back, and the records as the reconciliation file reads them, in chunks after a cursor. Writing
// an aggregation with its payments' marks is a composite write (writes/aggregation.ts).

import { describe, expect, it } from 'vitest';
import type { Aggregation, ReconciliationRecord } from '../../../src/storage/store.js';
import { writeAggregation } from '../../../src/storage/writes/index.js';
import { type ContractContext, HOUR, id, insertPayment, newEntity, T0 } from './fixtures.js';

export const DAY = '2023-11-14';
export const TYPES = ['DB', 'CP', 'RF'];

export function aggregation(entityId: string, over: Partial<Aggregation> = {}): Aggregation {
  return {
    id: id(),
    entity_id: entityId,
    currency: 'EUR',
    day: DAY,
    settlement_date: '2023-11-16',
    status: 'SUCCESS',
    record_count: 2,
    settled_amount: 20_000,
    refunded_amount: 0,
    fee_amount: 0,
    chargeback_amount: 0,
    chargeback_reversal_amount: 0,
    net_amount: 20_000,
    file_sha256: null,
    created_at: T0 + 24 * HOUR,
    ...over,
  };
}

export function record(a: Aggregation, seq: number, paymentId: string, over: Partial<ReconciliationRecord> = {}): ReconciliationRecord {
  return {
    aggregation_id: a.id,
    seq,
    entity_id: a.entity_id,
    day: a.day,
    reconciliation_type: 'SETTLEMENT',
    payment_id: paymentId,
    payment_type: 'DB',
    cashflow: 'POS',
    amount: 10_000,
    currency: 'EUR',
    brand: 'VISA',
    tx_request_time: T0 + seq,
    settlement_amount: 10_000,
    settlement_currency: 'EUR',
    settlement_fee: null,
    fx_rate: '1',
    settlement_date: a.settlement_date,
    settlement_status: 'SUCCESS',
    merchant_transaction_id: null,
    descriptor: null,
    account_last4: null,
    account_holder: null,
    connector_tx_id1: null,
    reason_code: null,
    reason_desc: null,
    matching_status: 'MATCHED',
    matched_transactions: null,
    chargeback_id: null,
    ...over,
  };
}

export function settlementContract(ctx: () => ContractContext): void {
  describe('settlement repository', () => {
    it("takes an entity's unsettled successes of the run's types in [from, to), with the type they reference", async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      expect(await store.settlement.entityIds()).toContain(entityId);
      const db = await insertPayment(store, entityId, { createdAt: T0 + 2 });
      const pa = await insertPayment(store, entityId, { paymentType: 'PA', createdAt: T0 + 1 });
      const cp = await insertPayment(store, entityId, { paymentType: 'CP', referencedId: pa.id, createdAt: T0 + 3 });
      await insertPayment(store, entityId, { status: 'declined', resultCode: '800.100.152', createdAt: T0 + 4 });
      await insertPayment(store, entityId, { createdAt: T0 + 24 * HOUR });
      const candidates = await store.settlement.candidates(entityId, T0, T0 + 24 * HOUR, TYPES);
      expect(candidates.map((c) => [c.id, c.paymentType, c.referencedType])).toEqual([
        [db.id, 'DB', null],
        [cp.id, 'CP', 'PA'],
      ]);
      expect(await store.settlement.firstCandidateAt(entityId, T0, T0 + 24 * HOUR, TYPES)).toBe(T0 + 2);
      expect(await store.settlement.firstCandidateAt(entityId, T0 + 4, T0 + 24 * HOUR, TYPES)).toBeUndefined();
    });

    it('reads aggregations by entity, day range and currency, their records in pages, and their file in chunks after a cursor', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const payments = [await insertPayment(store, entityId), await insertPayment(store, entityId), await insertPayment(store, entityId)];
      const day = aggregation(entityId, { record_count: 3 });
      const records = payments.map((p, i) => record(day, i + 1, p.id, { amount: 1_000 * (3 - i) }));
      expect(await writeAggregation(store, day, records, payments.map((p) => p.id))).toBe(true);
      expect((await store.settlement.listAggregations({ entityId, dayFrom: DAY, dayTo: DAY })).map((x) => x.id)).toEqual([day.id]);
      expect(await store.settlement.listAggregations({ entityId, dayFrom: DAY, dayTo: DAY, currency: 'USD' })).toEqual([]);
      expect(await store.settlement.findAggregation(await newEntity(store), day.id)).toBeUndefined();

      const page = await store.settlement.aggregationRecords({ aggregationId: day.id, sortValue: 'Amount', sortOrder: 'ASC', offset: 0, limit: 2 });
      expect(page.total).toBe(3);
      expect(page.records.map((r) => r.payment_id)).toEqual([payments[2]?.id, payments[1]?.id]);

      const first = await store.settlement.fileRowsAfter(entityId, DAY, DAY, undefined, 2);
      expect(first.map((r) => r[6])).toEqual([payments[0]?.id, payments[1]?.id]);
      const last = first[1];
      const rest = await store.settlement.fileRowsAfter(entityId, DAY, DAY, { day: DAY, aggregationId: day.id, seq: Number(last?.[2]) }, 2);
      expect(rest.map((r) => r[6])).toEqual([payments[2]?.id]);

      await store.settlement.setFileChecksum([day.id], 'ab'.repeat(32));
      expect((await store.settlement.findAggregation(entityId, day.id))?.file_sha256).toBe('ab'.repeat(32));
    });
  });
}
