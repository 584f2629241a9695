// /v1/webhooks: a merchant's webhook endpoints, under the merchant's own token and entity, through
// the same pipeline as every other API call (authentication, catalogue, throttle, idempotency).
//
//   POST   /v1/webhooks                          create (the answer shows the secret, once) and activate
//   GET    /v1/webhooks?entityId=                list the entity's endpoints
//   GET    /v1/webhooks/{id}?entityId=           one endpoint
//   POST   /v1/webhooks/{id}                     change url, eventTypes, active
//   DELETE /v1/webhooks/{id}?entityId=           remove: pending deliveries end as cancelled
//   POST   /v1/webhooks/{id}/tests               send a test notification
//   GET    /v1/webhooks/{id}/deliveries          deliveries with every attempt (state, since, eventId, limit)
//   POST   /v1/webhooks/{id}/redeliveries        send one event again (eventId), or every failed one since a time

import { writeRedelivery } from '../storage/writes/index.js';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../http/context.js';
import { parseDateTime } from '../domain/clock.js';
import { ApiError } from '../domain/errors.js';
import type { EntityRecord } from '../domain/records.js';
import { isEventType, type EventType, type WebhookEndpoint } from '../domain/webhooks.js';
import { registerApiRoute } from '../http/api-route.js';
import type { Outcome } from '../flows/outcome.js';
import type { FlatParams } from '../params/types.js';
import { resultView } from '../flows/response.js';
import type { DeliveryListing } from '../storage/store.js';
import { EndpointInputError, type Activation } from '../webhooks/service.js';
import { deliveryView, endpointView } from '../webhooks/views.js';

const OK = '000.000.000';

/** Deliveries listed when the request names no limit. */
const DEFAULT_DELIVERY_LIMIT = 100;

function eventTypesOf(text: string | undefined): EventType[] | undefined {
  if (text === undefined) return undefined;
  return text.split(',').filter((t): t is EventType => isEventType(t));
}

function boolOf(text: string | undefined): boolean | undefined {
  return text === undefined ? undefined : text === 'true';
}

function activationView(a: Activation | undefined): Record<string, unknown> {
  return a ? { activation: a } : {};
}

/** A service refusal as the API's parameter error. */
async function asApiError<T>(params: FlatParams, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof EndpointInputError) throw new ApiError('invalidParameters', [{ name: error.parameter, value: params.get(error.parameter) ?? '', message: error.message }]);
    throw error;
  }
}

async function endpointOf(ctx: HttpContext, entity: EntityRecord, id: string | undefined): Promise<WebhookEndpoint> {
  const endpoint = id === undefined ? undefined : await ctx.store.webhooks.findEndpoint(entity.id, id);
  if (!endpoint) throw new ApiError('notFound');
  return endpoint;
}

const ok = (body: Record<string, unknown>): Outcome => ({ kind: 'ok', body: { ...body, result: resultView(OK) } });

export function webhookRoutes(app: FastifyInstance, ctx: HttpContext): void {
  registerApiRoute(app, ctx, {
    method: 'POST',
    url: '/v1/webhooks',
    operation: 'webhookCreate',
    throttle: 'registrations',
    run: async ({ ctx: c, entity, params }) => {
      const active = boolOf(params.get('active'));
      const created = await asApiError(params, () =>
        c.webhooks.create(entity, { url: params.get('url') ?? '', eventTypes: eventTypesOf(params.get('eventTypes')) ?? [], ...(active !== undefined ? { active } : {}) }),
      );
      // The secret is shown here only: the relay keeps it sealed and never prints it again.
      return ok({ ...endpointView(created.endpoint), secret: created.secret, ...activationView(created.activation) });
    },
  });
  registerApiRoute(app, ctx, {
    method: 'GET',
    url: '/v1/webhooks',
    operation: 'read',
    throttle: 'reads',
    run: async ({ ctx: c, entity }) => ok({ entityId: entity.id, webhooks: (await c.store.webhooks.listEndpoints(entity.id)).map(endpointView) }),
  });
  registerApiRoute(app, ctx, {
    method: 'GET',
    url: '/v1/webhooks/:id',
    operation: 'read',
    throttle: 'reads',
    run: async ({ ctx: c, entity, path }) => ok(endpointView(await endpointOf(c, entity, path.id))),
  });
  registerApiRoute(app, ctx, {
    method: 'POST',
    url: '/v1/webhooks/:id',
    operation: 'webhookUpdate',
    throttle: 'registrations',
    run: async ({ ctx: c, entity, params, path }) => {
      const endpoint = await endpointOf(c, entity, path.id);
      const url = params.get('url');
      const eventTypes = eventTypesOf(params.get('eventTypes'));
      const active = boolOf(params.get('active'));
      const changed = await asApiError(params, () =>
        c.webhooks.update(entity, endpoint, { ...(url !== undefined ? { url } : {}), ...(eventTypes !== undefined ? { eventTypes } : {}), ...(active !== undefined ? { active } : {}) }),
      );
      return ok({ ...endpointView(changed.endpoint), ...activationView(changed.activation) });
    },
  });
  registerApiRoute(app, ctx, {
    method: 'DELETE',
    url: '/v1/webhooks/:id',
    operation: 'remove',
    throttle: 'registrations',
    run: async ({ ctx: c, entity, path }) => {
      if (!(await c.webhooks.remove(entity, path.id ?? ''))) throw new ApiError('notFound');
      return ok({ id: path.id });
    },
  });
  registerApiRoute(app, ctx, {
    method: 'POST',
    url: '/v1/webhooks/:id/tests',
    operation: 'webhookTest',
    throttle: 'registrations',
    run: async ({ ctx: c, entity, path }) => {
      const endpoint = await endpointOf(c, entity, path.id);
      return ok({ id: endpoint.id, test: await c.webhooks.test(endpoint) });
    },
  });
  registerApiRoute(app, ctx, {
    method: 'GET',
    url: '/v1/webhooks/:id/deliveries',
    operation: 'webhookDeliveries',
    throttle: 'reads',
    run: async ({ ctx: c, entity, params, path }) => {
      const endpoint = await endpointOf(c, entity, path.id);
      const state = params.get('state') as DeliveryListing['delivery']['state'] | undefined;
      const since = params.get('since');
      const eventId = params.get('eventId');
      const limit = Number.parseInt(params.get('limit') ?? String(DEFAULT_DELIVERY_LIMIT), 10);
      const deliveries = await c.store.webhooks.listDeliveries(endpoint.id, { limit, ...(state ? { state } : {}), ...(since ? { since: parseDateTime(since) } : {}), ...(eventId ? { eventId } : {}) });
      return ok({ id: endpoint.id, deliveries: deliveries.map(deliveryView) });
    },
  });
  registerApiRoute(app, ctx, {
    method: 'POST',
    url: '/v1/webhooks/:id/redeliveries',
    operation: 'webhookRedeliver',
    throttle: 'registrations',
    run: async ({ ctx: c, entity, params, path }) => {
      const endpoint = await endpointOf(c, entity, path.id);
      const eventId = params.get('eventId');
      const since = params.get('since');
      if (eventId === undefined && since === undefined) {
        throw new ApiError('invalidParameters', [{ name: 'eventId', value: '', message: 'name one event (eventId) or a time since which every failed delivery is sent again (since)' }]);
      }
      const ids = await writeRedelivery(c.store, { endpointId: endpoint.id, ...(eventId ? { eventId } : {}), ...(since ? { failedSince: parseDateTime(since) } : {}), requestId: c.requestId }, c.clock.now());
      return ok({ id: endpoint.id, redelivered: ids.length, deliveryIds: ids });
    },
  });
}
