// The webhook endpoints of the channels the person may see (webhooks.manage), through the relay's
// webhook service, the same the merchant API's /v1/webhooks and the command line call: list, add
// (the secret shown once, in the answer), read, change the URL and event types, activate (a test
// notification the receiver must acknowledge) or deactivate, send a test, remove. Each change
// writes its audit row with it; an endpoint of an unseen channel or another merchant is 404.

import type { FastifyRequest } from 'fastify';
import { EVENT_TYPES, isEventType, type EventType } from '../../domain/webhooks.js';
import { EndpointInputError } from '../../webhooks/service.js';
import { BodyReader, invalidParameter } from '../body.js';
import { BackofficeError, type BackofficeRoutes } from '../contract.js';
import { sessionOf, visibleEntities } from '../visible.js';
import { auditOf, endpointView, visibleEndpoint } from '../webhook-views.js';

/** An endpoint URL's longest form (webhooks/endpoint-url.ts checks the rest). */
const URL_MAX = 2048;

/** The event types of a body: a list of known types, or absent; empty = every type. */
function eventTypesOf(body: BodyReader, required: boolean): EventType[] | undefined {
  const value = body.raw('eventTypes');
  if (value === undefined && !required) return undefined;
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((t): t is EventType => typeof t === 'string' && isEventType(t))) {
    body.problem('eventTypes', `eventTypes must be a list of ${EVENT_TYPES.join(', ')} (none = every type)`);
    return undefined;
  }
  return [...new Set(value)];
}

function optionalBoolean(body: BodyReader, name: string): boolean | undefined {
  return body.raw(name) === undefined ? undefined : body.boolean(name);
}

/** A service refusal of a value (the URL) as a 400 naming it. */
async function asParameterError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof EndpointInputError) throw invalidParameter(error.parameter, error.message);
    throw error;
  }
}

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

export const webhookRoutes: BackofficeRoutes = (app, ctx) => {
  app.get('/webhooks', { config: { access: 'webhooks.manage' } }, async (request) => {
    const entities = await visibleEntities(ctx, sessionOf(request));
    const endpoints = (await Promise.all(entities.map((e) => ctx.store.webhooks.listEndpoints(e.id)))).flat();
    return { endpoints: endpoints.map(endpointView) };
  });

  app.post('/webhooks', { config: { access: 'webhooks.manage' } }, async (request, reply) => {
    const session = sessionOf(request);
    const body = new BodyReader(request.body);
    const entityId = body.text('entityId', 64);
    const url = body.text('url', URL_MAX);
    const eventTypes = eventTypesOf(body, true) ?? [];
    const active = optionalBoolean(body, 'active');
    body.done('the endpoint is not valid');
    const entity = (await visibleEntities(ctx, session)).find((e) => e.id === entityId);
    if (!entity) throw new BackofficeError('notFound', 'no such channel');
    const created = await asParameterError(() => ctx.webhooks.create(entity, { url, eventTypes, ...(active !== undefined ? { active } : {}) }, auditOf(session, request, ctx)));
    // The secret is in this answer only: the relay keeps it sealed and never shows it again.
    return reply.status(201).send({ endpoint: endpointView(created.endpoint), secret: created.secret, activation: created.activation ?? null });
  });

  app.get('/webhooks/:id', { config: { access: 'webhooks.manage' } }, async (request) => endpointView(await visibleEndpoint(ctx, sessionOf(request), idOf(request))));

  app.patch('/webhooks/:id', { config: { access: 'webhooks.manage' } }, async (request) => {
    const session = sessionOf(request);
    const body = new BodyReader(request.body);
    const url = body.raw('url') === undefined ? undefined : body.text('url', URL_MAX);
    const eventTypes = eventTypesOf(body, false);
    const active = optionalBoolean(body, 'active');
    if (url === undefined && eventTypes === undefined && active === undefined && body.problems.length === 0) body.problem('body', 'name what changes: url, eventTypes or active');
    body.done('the change is not valid');
    const endpoint = await visibleEndpoint(ctx, session, idOf(request));
    const entity = await ctx.store.entities.find(endpoint.entityId);
    if (!entity) throw new BackofficeError('notFound', 'no such endpoint');
    const changed = await asParameterError(() =>
      ctx.webhooks.update(entity, endpoint, { ...(url !== undefined ? { url } : {}), ...(eventTypes !== undefined ? { eventTypes } : {}), ...(active !== undefined ? { active } : {}) }, auditOf(session, request, ctx)),
    );
    return { endpoint: endpointView(changed.endpoint), activation: changed.activation ?? null };
  });

  app.delete('/webhooks/:id', { config: { access: 'webhooks.manage' } }, async (request, reply) => {
    const session = sessionOf(request);
    const endpoint = await visibleEndpoint(ctx, session, idOf(request));
    const entity = await ctx.store.entities.find(endpoint.entityId);
    if (!entity || !(await ctx.webhooks.remove(entity, endpoint.id, auditOf(session, request, ctx)))) throw new BackofficeError('notFound', 'no such endpoint');
    return reply.status(204).send();
  });

  app.post('/webhooks/:id/test', { config: { access: 'webhooks.manage' } }, async (request) => {
    const session = sessionOf(request);
    const endpoint = await visibleEndpoint(ctx, session, idOf(request));
    return { test: await ctx.webhooks.testFor(endpoint, auditOf(session, request, ctx)) };
  });
};
