// The delivery log (webhooks.manage): an endpoint's deliveries, newest first, a page at a time, each
// with every attempt and, while pending, the retry ladder's next attempt; filtered by state, by
// creation since a time, or to one event. One event's deliveries to every endpoint. Redelivering one
// event or everything failed since a time, through the redelivery write of the merchant API and the
// command line, with the audit row in its transaction. Unseen endpoints and events are 404.

import type { FastifyRequest } from 'fastify';
import type { DeliveryState } from '../../domain/webhooks.js';
import { writeRedelivery } from '../../storage/writes/index.js';
import { BodyReader, invalidParameter } from '../body.js';
import { BackofficeError, type BackofficeRoutes } from '../contract.js';
import { epochMsOf, limitOf, queryValue } from '../query.js';
import { sessionOf, visibleEntities } from '../visible.js';
import { deliveryView, eventDeliveryView, visibleEndpoint } from '../webhook-views.js';
import { personAudit } from '../person-audit.js';

const STATES: readonly DeliveryState[] = ['pending', 'delivered', 'failed', 'cancelled'];
const PAGE = 50;
const PAGE_MAX = 200;
/** Event ids are time-ordered ids (32 lowercase hex); a delivery's is its event's and its endpoint's. */
const EVENT_ID = /^[0-9a-f]{32}$/;
const DELIVERY_ID = /^[0-9a-f]{32}n?[0-9a-f]{32}$/;

/** The page cursor: base64url of the last delivery's creation time and id, read back strictly. */
const encodeCursor = (createdAt: number, id: string) => Buffer.from(`${createdAt}.${id}`, 'utf8').toString('base64url');

function decodeCursor(text: string): { createdAt: number; id: string } {
  const plain = /^[A-Za-z0-9_-]{1,200}$/.test(text) ? Buffer.from(text, 'base64url').toString('utf8') : '';
  const dot = plain.indexOf('.');
  const at = plain.slice(0, dot);
  const id = plain.slice(dot + 1);
  if (dot < 1 || !/^\d{1,15}$/.test(at) || !DELIVERY_ID.test(id)) throw invalidParameter('cursor', "must be a previous answer's next");
  return { createdAt: Number(at), id };
}

function stateOf(query: unknown): DeliveryState | undefined {
  const state = queryValue(query, 'state');
  if (state === undefined || state === '') return undefined;
  if (!(STATES as readonly string[]).includes(state)) throw invalidParameter('state', `must be one of ${STATES.join(', ')}`);
  return state as DeliveryState;
}

function eventIdOf(query: unknown): string | undefined {
  const eventId = queryValue(query, 'eventId');
  if (eventId === undefined || eventId === '') return undefined;
  if (!EVENT_ID.test(eventId)) throw invalidParameter('eventId', 'must be an event id');
  return eventId;
}

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

export const webhookDeliveryRoutes: BackofficeRoutes = (app, ctx) => {
  app.get('/webhooks/:id/deliveries', { config: { access: 'webhooks.manage' } }, async (request) => {
    const { query } = request;
    const state = stateOf(query);
    const since = epochMsOf(query, 'since');
    const eventId = eventIdOf(query);
    const cursor = queryValue(query, 'cursor');
    const before = cursor === undefined || cursor === '' ? undefined : decodeCursor(cursor);
    const limit = limitOf(query, PAGE, PAGE_MAX);
    const endpoint = await visibleEndpoint(ctx, sessionOf(request), idOf(request));
    // One more than the page: whether there is a next page, without counting.
    const rows = await ctx.store.webhooks.listDeliveries(endpoint.id, {
      limit: limit + 1,
      ...(state ? { state } : {}),
      ...(since !== undefined ? { since } : {}),
      ...(eventId ? { eventId } : {}),
      ...(before ? { before } : {}),
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { deliveries: page.map(deliveryView), ...(rows.length > limit && last ? { next: encodeCursor(last.delivery.createdAt, last.delivery.id) } : {}) };
  });

  app.get('/webhooks/events/:eventId', { config: { access: 'webhooks.manage' } }, async (request) => {
    const { eventId } = request.params as { eventId: string };
    const entities = await visibleEntities(ctx, sessionOf(request));
    const deliveries = EVENT_ID.test(eventId) ? await ctx.store.webhooks.deliveriesOfEvent(entities.map((e) => e.id), eventId) : [];
    const first = deliveries[0];
    if (!first) throw new BackofficeError('notFound', 'no such event');
    return { event: { id: eventId, event: first.action === null ? first.type : `${first.type}.${first.action}`, recordId: first.recordId }, deliveries: deliveries.map(eventDeliveryView) };
  });

  app.post('/webhooks/:id/redeliveries', { config: { access: 'webhooks.manage' } }, async (request, reply) => {
    const session = sessionOf(request);
    const body = new BodyReader(request.body);
    const eventId = body.raw('eventId');
    const since = body.raw('since');
    if (eventId !== undefined && since !== undefined) body.problem('eventId', 'name one event (eventId) or a time (since), not both');
    else if (eventId === undefined && since === undefined) body.problem('eventId', 'name one event (eventId) or a time since which every failed delivery is sent again (since)');
    else if (eventId !== undefined && (typeof eventId !== 'string' || !EVENT_ID.test(eventId))) body.problem('eventId', 'eventId must be an event id');
    else if (since !== undefined && !(typeof since === 'number' && Number.isSafeInteger(since) && since >= 0)) body.problem('since', 'since must be a time in epoch milliseconds');
    body.done('the redelivery is not valid');
    const endpoint = await visibleEndpoint(ctx, session, idOf(request));
    const now = ctx.clock.now();
    const selection = { endpointId: endpoint.id, ...(typeof eventId === 'string' ? { eventId } : {}), ...(typeof since === 'number' ? { failedSince: since } : {}), requestId: request.id };
    const ids = await writeRedelivery(ctx.store, selection, now, (queued) =>
      personAudit(session, request, now, { action: 'webhook.redeliver', target: endpoint.id, after: { queued, ...(typeof eventId === 'string' ? { eventId } : { failedSince: since }) } }),
    );
    return reply.status(202).send({ queued: ids.length });
  });
};
