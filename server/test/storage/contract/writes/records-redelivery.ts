// writeRecordsRedelivery: a payment's notifications sent again. Every finished delivery of its
// records' events goes back to pending with a job of its own, those still pending are left alone,
// and the audit row telling how many were queued is written in the same transaction.
//
// Events are stamped far in the future, so the jobs queued are never due for the jobs tests.

import { describe, expect, it } from 'vitest';
import type { WebhookEndpoint } from '../../../../src/domain/webhooks.js';
import { writePayment, writeRecordsRedelivery } from '../../../../src/storage/writes/index.js';
import { auditEntry } from '../people-fixtures.js';
import { type ContractContext, id, newEntity, paymentRecord } from '../fixtures.js';

const R0 = 4_400_000_000_000;

export function writeRecordsRedeliveryContract(ctx: () => ContractContext): void {
  describe('writeRecordsRedelivery', () => {
    it("queues the records' finished deliveries again, each with a job, with the audit row", async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const merchantId = (await store.entities.find(entityId))?.merchantId ?? '';
      const hook: WebhookEndpoint = { id: id(), entityId, paymentId: null, url: 'https://shop.example/hooks', eventTypes: [], sealedSecret: 'sealed', state: 'active', disabledReason: null, createdAt: R0, updatedAt: R0 };
      await store.webhooks.insertEndpoint(hook);
      const records = [0, 1].map((i) => paymentRecord(entityId, { createdAt: R0 + i }));
      const events = records.map((p, i) => ({ id: id(), entityId, type: 'PAYMENT' as const, action: 'CREATED' as const, recordId: p.id, rootPaymentId: p.id, payload: '{}', createdAt: R0 + i }));
      for (const [i, p] of records.entries()) await writePayment(store, p, { events: [events[i]!] });
      const delivered = `${events[0]!.id}${hook.id}`;
      const work = await store.webhooks.deliveryWork(delivered);
      if (!work) throw new Error('a delivery');
      const attempt = { number: 1, at: R0 + 10, status: 200, latencyMs: 3, responseStart: 'ok', error: null, relayId: 'relay-a' };
      await store.webhooks.recordAttempt(work.delivery, { attempt, state: 'delivered', nextAttemptAt: null }, R0 + 10);

      const queuedBefore = (await store.jobs.count('webhook-delivery')).queued;
      const row = (queued: number) => auditEntry(merchantId, { id: `audit-${merchantId}`, action: 'payment.resendNotifications', after: { queued } });
      expect(await writeRecordsRedelivery(store, { entityId, recordIds: records.map((p) => p.id), now: R0 + 20, audit: row })).toBe(1);
      expect((await store.webhooks.deliveryWork(delivered))?.delivery).toMatchObject({ state: 'pending', firstAttemptAt: null, nextAttemptAt: R0 + 20 });
      expect((await store.jobs.count('webhook-delivery')).queued).toBe(queuedBefore + 1);
      expect((await store.audit.list(merchantId, {}, undefined, 10)).entries).toEqual([row(1)]);

      // The audit row cannot be written twice under one id: the redelivery is rolled back with it.
      await store.webhooks.recordAttempt({ ...work.delivery, state: 'pending' }, { attempt: { ...attempt, number: 2, at: R0 + 30 }, state: 'delivered', nextAttemptAt: null }, R0 + 30);
      await expect(writeRecordsRedelivery(store, { entityId, recordIds: [records[0]!.id], now: R0 + 40, audit: row })).rejects.toThrow();
      expect((await store.webhooks.deliveryWork(delivered))?.delivery.state).toBe('delivered');
      expect((await store.jobs.count('webhook-delivery')).queued).toBe(queuedBefore + 1);
    });
  });
}
