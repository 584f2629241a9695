// GET /api/webhooks (webhooks.manage): the webhook endpoints of the channels the person may see,
// as the merchant API lists them, never with their secret (shown once, when an endpoint is made).

import type { WebhookEndpoint } from '../../domain/webhooks.js';
import type { BackofficeRoutes } from '../contract.js';
import { sessionOf, visibleEntities } from '../visible.js';

function endpointView(e: WebhookEndpoint): Record<string, unknown> {
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

export const webhookRoutes: BackofficeRoutes = (app, ctx) => {
  app.get('/webhooks', { config: { access: 'webhooks.manage' } }, async (request) => {
    const session = sessionOf(request);
    const entities = await visibleEntities(ctx, session);
    const endpoints = (await Promise.all(entities.map((e) => ctx.store.webhooks.listEndpoints(e.id)))).flat();
    return { endpoints: endpoints.map(endpointView) };
  });
};
