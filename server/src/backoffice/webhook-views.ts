// Webhook endpoints and deliveries as the back office's notifications pages show them: times in
// epoch milliseconds (the pages format them), every attempt with its status, latency, the first KiB
// of the answer and its error, the next attempt of a pending delivery; never a secret. The endpoint
// a person names is found among the channels they may see (404 otherwise), and the audit rows of
// their changes are made here, with who and from where.

import type { FastifyRequest } from 'fastify';
import type { WebhookAttempt, WebhookEndpoint } from '../domain/webhooks.js';
import type { DeliveryListing, EventDelivery } from '../storage/store.js';
import type { ChangeAudit } from '../webhooks/service.js';
import { BackofficeError, type BackofficeContext, type BackofficeSession } from './contract.js';
import { OBJECT_ID } from './query.js';
import { visibleEntities } from './visible.js';
import { personAudit } from './person-audit.js';

export function endpointView(e: WebhookEndpoint): Record<string, unknown> {
  return {
    id: e.id,
    entityId: e.entityId,
    url: e.url,
    eventTypes: e.eventTypes,
    state: e.state,
    disabledReason: e.disabledReason,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

const attemptView = (a: WebhookAttempt) => ({ number: a.number, at: a.at, status: a.status, latencyMs: a.latencyMs, response: a.responseStart, error: a.error });

export function deliveryView(d: DeliveryListing): Record<string, unknown> {
  const { delivery } = d;
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    event: d.action === null ? d.type : `${d.type}.${d.action}`,
    recordId: d.recordId,
    state: delivery.state,
    createdAt: delivery.createdAt,
    deliveredAt: delivery.deliveredAt,
    // The retry ladder's next rung, for a delivery still on its way.
    nextAttemptAt: delivery.state === 'pending' ? delivery.nextAttemptAt : null,
    attempts: d.attempts.map(attemptView),
  };
}

export function eventDeliveryView(d: EventDelivery): Record<string, unknown> {
  return { ...deliveryView(d), endpointId: d.endpointId, url: d.url, notificationUrl: d.paymentId !== null };
}

/** A registered endpoint of a channel the person may see; otherwise 404. */
export async function visibleEndpoint(ctx: BackofficeContext, session: BackofficeSession, id: string): Promise<WebhookEndpoint> {
  const entities = await visibleEntities(ctx, session);
  const endpoint = OBJECT_ID.test(id) ? await ctx.store.webhooks.findEndpointAmong(entities.map((e) => e.id), id) : undefined;
  if (!endpoint) throw new BackofficeError('notFound', 'no such endpoint');
  return endpoint;
}

/** The audit rows of the person's changes through the webhook service. */
export function auditOf(session: BackofficeSession, request: FastifyRequest, ctx: BackofficeContext): ChangeAudit {
  return (change) => personAudit(session, request, ctx.clock.now(), change);
}
