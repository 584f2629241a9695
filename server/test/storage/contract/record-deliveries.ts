// The notifications of a payment's records (webhooks repository): each delivery of the events its
// records told of, with its endpoint's address and its attempts, scoped by entity; and those a
// redelivery would send again (every one but those still on their way).
//
// Events are stamped far in the future, so the delivery jobs they queue are never due for the jobs
// tests sharing the table.

import { describe, expect, it } from 'vitest';
import type { WebhookEndpoint, WebhookEvent } from '../../../src/domain/webhooks.js';
import { notificationEndpointId } from '../../../src/storage/webhooks.js';
import { writePayment } from '../../../src/storage/writes/index.js';
import { type ContractContext, id, newEntity, paymentRecord } from './fixtures.js';

const N0 = 4_300_000_000_000;

function endpoint(entityId: string): WebhookEndpoint {
  return { id: id(), entityId, paymentId: null, url: `https://shop.example/hooks/${id()}`, eventTypes: [], sealedSecret: 'sealed', state: 'active', disabledReason: null, createdAt: N0, updatedAt: N0 };
}

function event(entityId: string, recordId: string, at: number, over: Partial<WebhookEvent> = {}): WebhookEvent {
  return { id: id(), entityId, type: 'PAYMENT', action: 'CREATED', recordId, rootPaymentId: recordId, payload: '{}', createdAt: at, ...over };
}

export function recordDeliveriesContract(ctx: () => ContractContext): void {
  describe('webhooks repository (a payment\'s notifications)', () => {
    it("lists each delivery of the records' events with its endpoint's URL and attempts, and what a redelivery would send", async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const hook = endpoint(entityId);
      await store.webhooks.insertEndpoint(hook);
      const payment = paymentRecord(entityId, { createdAt: N0 });
      const paid = event(entityId, payment.id, N0, { notificationUrl: 'https://shop.example/once' });
      await writePayment(store, payment, { events: [paid] });
      const refund = paymentRecord(entityId, { paymentType: 'RF', referencedId: payment.id, createdAt: N0 + 5 });
      const refunded = event(entityId, refund.id, N0 + 5);
      await writePayment(store, refund, { events: [refunded] });
      const unrelated = paymentRecord(entityId, { createdAt: N0 });
      await writePayment(store, unrelated, { events: [event(entityId, unrelated.id, N0)] });

      const failed = await store.webhooks.deliveryWork(`${paid.id}${hook.id}`);
      if (!failed) throw new Error('a delivery');
      const attempt = { number: 1, at: N0 + 1, status: 503, latencyMs: 4, responseStart: 'busy', error: null, relayId: 'relay-a' };
      await store.webhooks.recordAttempt(failed.delivery, { attempt, state: 'failed', nextAttemptAt: null }, N0 + 1);

      const listed = await store.webhooks.deliveriesOfRecords(entityId, [payment.id, refund.id]);
      expect(listed.map((d) => [d.recordId, d.url])).toEqual(
        expect.arrayContaining([
          [payment.id, hook.url],
          [payment.id, 'https://shop.example/once'],
          [refund.id, hook.url],
        ]),
      );
      expect(listed).toHaveLength(3);
      // The payment's event came first: its deliveries are listed before the refund's.
      expect(listed[2]?.recordId).toBe(refund.id);
      expect(listed.find((d) => d.deliveryId === `${paid.id}${hook.id}`)).toMatchObject({ type: 'PAYMENT', action: 'CREATED', state: 'failed', endpointId: hook.id, attempts: [{ number: 1, at: N0 + 1, status: 503, error: null }] });
      expect(listed.find((d) => d.endpointId === notificationEndpointId(payment.id))).toMatchObject({ state: 'pending', attempts: [] });

      // Only the finished delivery is sent again; those still pending are on their way.
      expect(await store.webhooks.redeliverableOfRecords(entityId, [payment.id, refund.id])).toEqual([{ id: `${paid.id}${hook.id}`, endpointId: hook.id }]);
      // Another entity's view of the same records is empty.
      const other = await newEntity(store);
      expect(await store.webhooks.deliveriesOfRecords(other, [payment.id, refund.id])).toEqual([]);
      expect(await store.webhooks.redeliverableOfRecords(other, [payment.id])).toEqual([]);
      expect(await store.webhooks.deliveriesOfRecords(entityId, [])).toEqual([]);
    });
  });
}
