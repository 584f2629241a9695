// The webhooks repository (storage/webhooks.ts): an event fans out to exactly the endpoints that
// want it, each delivery with its job; an attempt changes a delivery only while it is pending;
// redelivery queues a delivery again; a removed endpoint is never found.
//
// Events are stamped far in the future, so the delivery jobs they queue are never due for the jobs
// tests sharing the table.

import { describe, expect, it } from 'vitest';
import type { WebhookEndpoint, WebhookEvent } from '../../../src/domain/webhooks.js';
import { DELIVERY_JOB_KIND, notificationEndpointId } from '../../../src/storage/webhooks.js';
import { writeFollowUp, writePayment, writeRedelivery } from '../../../src/storage/writes/index.js';
import { type ContractContext, followUp, id, newEntity, paymentRecord } from './fixtures.js';

const W0 = 4_100_000_000_000;

function endpoint(entityId: string, over: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return { id: id(), entityId, paymentId: null, url: 'https://shop.example/hooks', eventTypes: [], sealedSecret: 'sealed', state: 'active', disabledReason: null, createdAt: W0, updatedAt: W0, ...over };
}

function event(entityId: string, recordId: string, over: Partial<WebhookEvent> = {}): WebhookEvent {
  return { id: id(), entityId, type: 'PAYMENT', action: 'CREATED', recordId, rootPaymentId: recordId, payload: `{"id":"${recordId}"}`, createdAt: W0, ...over };
}

/** An entity with one active endpoint and a payment whose one event fanned out to it. */
async function oneDelivery(store: ContractContext['store']): Promise<{ entityId: string; target: WebhookEndpoint; e: WebhookEvent; deliveryId: string }> {
  const entityId = await newEntity(store);
  const target = endpoint(entityId);
  await store.webhooks.insertEndpoint(target);
  const p = paymentRecord(entityId);
  const e = event(entityId, p.id);
  await writePayment(store, p, { events: [e] });
  return { entityId, target, e, deliveryId: `${e.id}${target.id}` };
}

export function webhooksContract(ctx: () => ContractContext): void {
  describe('webhooks repository', () => {
    it("fans an event out to the entity's active endpoints that want its type, and to its payment's notificationUrl", async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      const other = await newEntity(store);
      const all = endpoint(entityId);
      const payments = endpoint(entityId, { eventTypes: ['PAYMENT'] });
      const registrations = endpoint(entityId, { eventTypes: ['REGISTRATION'] });
      const inactive = endpoint(entityId, { state: 'inactive' });
      const elsewhere = endpoint(other);
      for (const e of [all, payments, registrations, inactive, elsewhere]) await store.webhooks.insertEndpoint(e);
      const p = paymentRecord(entityId);
      const e = event(entityId, p.id, { notificationUrl: 'https://shop.example/once' });
      expect(await writePayment(store, p, { events: [e] })).toBe(true);
      const work = async (endpointId: string) => store.webhooks.deliveryWork(`${e.id}${endpointId}`);
      for (const wanted of [all.id, payments.id, notificationEndpointId(p.id)]) {
        const w = await work(wanted);
        expect(w?.delivery).toMatchObject({ state: 'pending', attempts: 0, eventId: e.id });
        expect(w?.event.payload).toBe(e.payload);
        // The delivery's job has the delivery's id: unique like it, so it needs no unique key.
        expect(await store.jobs.find(`${e.id}${wanted}`)).toMatchObject({ state: 'queued', kind: DELIVERY_JOB_KIND, groupKey: wanted });
      }
      for (const unwanted of [registrations.id, inactive.id, elsewhere.id]) expect(await work(unwanted)).toBeUndefined();
      expect((await work(notificationEndpointId(p.id)))?.endpoint).toMatchObject({ url: 'https://shop.example/once', paymentId: p.id, sealedSecret: '' });
      // The notificationUrl endpoint is not one of the entity's listed endpoints.
      expect((await store.webhooks.listEndpoints(entityId)).map((x) => x.id).sort()).toEqual([all.id, payments.id, registrations.id, inactive.id].sort());
    });

    it('keeps no event that no endpoint wants, alone, in a group or in a transaction, and keeps the one a notificationUrl wants', async () => {
      const { store } = ctx();
      const entityId = await newEntity(store);
      // Endpoints that want no PAYMENT event: one for registrations, one inactive.
      await store.webhooks.insertEndpoint(endpoint(entityId, { eventTypes: ['REGISTRATION'] }));
      await store.webhooks.insertEndpoint(endpoint(entityId, { state: 'inactive' }));
      const alone = paymentRecord(entityId, { paymentType: 'PA' });
      const aloneEvent = event(entityId, alone.id);
      expect(await writePayment(store, alone, { events: [aloneEvent] })).toBe(true);
      // Several payments in one group commit, one of them with a notificationUrl.
      const group = [paymentRecord(entityId), paymentRecord(entityId), paymentRecord(entityId)];
      const groupEvents = group.map((p, i) => event(entityId, p.id, i === 1 ? { notificationUrl: 'https://shop.example/once' } : {}));
      expect(await Promise.all(group.map((p, i) => writePayment(store, p, { events: [groupEvents[i] as WebhookEvent] })))).toEqual([true, true, true]);
      // A follow-up: written in a transaction of its own.
      const capture = followUp(alone, 'CP', 1_000);
      expect(await writeFollowUp(store, { ...capture, events: [event(entityId, capture.record.id)] })).toBe(true);

      for (const p of [alone, group[0], group[2], capture.record]) expect(await store.webhooks.eventsOf(p?.id ?? '')).toEqual([]);
      expect(await store.jobs.find(`${aloneEvent.id}${notificationEndpointId(alone.id)}`)).toBeUndefined();
      // The records themselves are all there.
      for (const p of [alone, ...group, capture.record]) expect(await store.payments.findById(p.id)).toMatchObject({ id: p.id });
      // The notificationUrl's payment: its event, its one delivery and that delivery's job.
      const notified = group[1] as (typeof group)[number];
      const notifiedEvent = groupEvents[1] as WebhookEvent;
      expect((await store.webhooks.eventsOf(notified.id)).map((e) => ({ id: e.id, payload: e.payload }))).toEqual([{ id: notifiedEvent.id, payload: notifiedEvent.payload }]);
      expect(await store.jobs.find(`${notifiedEvent.id}${notificationEndpointId(notified.id)}`)).toMatchObject({ state: 'queued', kind: DELIVERY_JOB_KIND });

      // Once an endpoint wants PAYMENT events, the next payment's event is kept.
      await store.webhooks.insertEndpoint(endpoint(entityId, { eventTypes: ['PAYMENT'] }));
      const later = paymentRecord(entityId);
      await writePayment(store, later, { events: [event(entityId, later.id)] });
      expect(await store.webhooks.eventsOf(later.id)).toHaveLength(1);
    });

    it('changes a delivery by an attempt only while it is pending, and queues a finished one again on redelivery', async () => {
      const { store } = ctx();
      const { entityId, target, e, deliveryId } = await oneDelivery(store);
      const work = await store.webhooks.deliveryWork(deliveryId);
      if (!work) throw new Error('a delivery');
      const attempt = (number: number, status: number) => ({ number, at: W0 + number, status, latencyMs: 3, responseStart: 'no', error: null, relayId: 'relay-a' });
      await store.webhooks.recordAttempt(work.delivery, { attempt: attempt(1, 500), state: 'failed', nextAttemptAt: null, disableEndpoint: 'answered 410' }, W0 + 1);
      // A late second sender: its attempt is kept, the delivery stays as decided.
      await store.webhooks.recordAttempt(work.delivery, { attempt: attempt(2, 200), state: 'delivered', nextAttemptAt: null }, W0 + 2);
      const [listed] = await store.webhooks.listDeliveries(target.id, { limit: 10 });
      expect(listed?.delivery).toMatchObject({ state: 'failed', attempts: 1, lastStatus: 500 });
      expect(listed?.attempts.map((a) => a.status)).toEqual([500, 200]);
      expect((await store.webhooks.findEndpoint(entityId, target.id))?.state).toBe('disabled');

      await store.webhooks.updateEndpoint(entityId, target.id, { state: 'active', disabledReason: null }, W0 + 3);
      expect(await writeRedelivery(store, { endpointId: target.id, failedSince: W0 }, W0 + 4)).toEqual([work.delivery.id]);
      expect((await store.webhooks.deliveryWork(work.delivery.id))?.delivery).toMatchObject({ state: 'pending', firstAttemptAt: null, nextAttemptAt: W0 + 4 });
      // Pending already: a second redelivery leaves it alone.
      expect(await writeRedelivery(store, { endpointId: target.id, eventId: e.id }, W0 + 5)).toEqual([]);
    });

    it('never finds a removed endpoint, and cancels a pending delivery once', async () => {
      const { store } = ctx();
      const { entityId, target, deliveryId } = await oneDelivery(store);
      expect(await store.webhooks.updateEndpoint(entityId, target.id, { state: 'removed' }, W0)).toBe(true);
      expect(await store.webhooks.findEndpoint(entityId, target.id)).toBeUndefined();
      expect(await store.webhooks.updateEndpoint(entityId, target.id, { state: 'active' }, W0)).toBe(false);
      await store.webhooks.cancelDelivery(deliveryId, 'the endpoint is removed', W0 + 1);
      expect((await store.webhooks.deliveryWork(deliveryId))?.delivery).toMatchObject({ state: 'cancelled', lastError: 'the endpoint is removed' });
    });
  });
}
