// Webhook endpoints and deliveries as the API and the CLI show them: times in the API's timestamp
// format, the secret never (it is shown once, by the call that creates the endpoint).

import { formatTimestamp } from '../domain/clock.js';
import type { WebhookEndpoint } from '../domain/webhooks.js';
import type { DeliveryListing } from '../storage/store.js';

export function endpointView(e: WebhookEndpoint): Record<string, unknown> {
  return {
    id: e.id,
    entityId: e.entityId,
    url: e.url,
    eventTypes: e.eventTypes,
    state: e.state,
    ...(e.disabledReason ? { disabledReason: e.disabledReason } : {}),
    createdAt: formatTimestamp(e.createdAt),
    updatedAt: formatTimestamp(e.updatedAt),
  };
}

export function deliveryView(d: DeliveryListing): Record<string, unknown> {
  const at = (ms: number | null) => (ms === null ? undefined : formatTimestamp(ms));
  return {
    id: d.delivery.id,
    eventId: d.delivery.eventId,
    type: d.type,
    ...(d.action ? { action: d.action } : {}),
    recordId: d.recordId,
    state: d.delivery.state,
    attemptCount: d.delivery.attempts,
    ...(d.delivery.state === 'pending' && d.delivery.nextAttemptAt !== null ? { nextAttemptAt: at(d.delivery.nextAttemptAt) } : {}),
    ...(d.delivery.deliveredAt !== null ? { deliveredAt: at(d.delivery.deliveredAt) } : {}),
    createdAt: at(d.delivery.createdAt),
    attempts: d.attempts.map((a) => ({
      number: a.number,
      at: at(a.at),
      ...(a.status !== null ? { status: a.status } : {}),
      latencyMs: a.latencyMs,
      ...(a.responseStart ? { response: a.responseStart } : {}),
      ...(a.error ? { error: a.error } : {}),
      relay: a.relayId,
    })),
  };
}
