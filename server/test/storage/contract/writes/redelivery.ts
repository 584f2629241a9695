// writeRedelivery: finished deliveries of the selection go back to pending with a new round of the
// ladder and a new job each, grouped by their endpoint; a pending one is left alone.
//
// Events are stamped far in the future, so the jobs queued are never due for the jobs tests.

import { describe, expect, it } from 'vitest';
import type { WebhookEndpoint } from '../../../../src/domain/webhooks.js';
import { writePayment, writeRedelivery } from '../../../../src/storage/writes/index.js';
import { type ContractContext, id, newEntity, paymentRecord } from '../fixtures.js';

const R0 = 4_200_000_000_000;

export function writeRedeliveryContract(ctx: () => ContractContext): void {
  describe('writeRedelivery', () => {
    it('queues each finished delivery of the selection again with a job of its own, and leaves a pending one alone', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const target: WebhookEndpoint = { id: id(), entityId, paymentId: null, url: 'https://shop.example/hooks', eventTypes: [], sealedSecret: 'sealed', state: 'active', disabledReason: null, createdAt: R0, updatedAt: R0 };
      await store.webhooks.insertEndpoint(target);
      const events = [0, 1, 2].map((i) => {
        const p = paymentRecord(entityId);
        return { p, e: { id: id(), entityId, type: 'PAYMENT' as const, action: 'CREATED' as const, recordId: p.id, rootPaymentId: p.id, payload: '{}', createdAt: R0 + i } };
      });
      for (const { p, e } of events) await writePayment(store, p, { events: [e] });
      const deliveryIds = events.map(({ e }) => `${e.id}${target.id}`);
      const attempt = { number: 1, at: R0 + 10, status: 500, latencyMs: 3, responseStart: 'no', error: null, relayId: 'relay-a' };
      for (const deliveryId of deliveryIds.slice(0, 2)) {
        const work = await store.webhooks.deliveryWork(deliveryId);
        if (!work) throw new Error('a delivery');
        await store.webhooks.recordAttempt(work.delivery, { attempt, state: 'failed', nextAttemptAt: null }, R0 + 10);
      }
      const queuedBefore = (await store.jobs.count('webhook-delivery')).queued;
      const ids = await writeRedelivery(store, { endpointId: target.id, failedSince: R0 }, R0 + 20);
      expect([...ids].sort()).toEqual(deliveryIds.slice(0, 2).sort());
      expect((await store.jobs.count('webhook-delivery')).queued).toBe(queuedBefore + 2);
      for (const deliveryId of deliveryIds.slice(0, 2)) {
        expect((await store.webhooks.deliveryWork(deliveryId))?.delivery).toMatchObject({ state: 'pending', firstAttemptAt: null, nextAttemptAt: R0 + 20 });
      }
      // The third was never attempted: still pending, it is on its way and takes no second job.
      expect(await writeRedelivery(store, { endpointId: target.id, eventId: events[2]?.e.id ?? '' }, R0 + 30)).toEqual([]);
      expect((await store.jobs.count('webhook-delivery')).queued).toBe(queuedBefore + 2);
    });
  });
}
