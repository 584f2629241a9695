// Webhooks: endpoints, events fanned out to deliveries (with their jobs), and each delivery's
// attempts (../webhooks.ts).

import type { CompiledQuery } from 'kysely';
import type { EpochMs } from '../../domain/records.js';
import type { AttemptOutcome, DeliveryWork, WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../../domain/webhooks.js';
import {
  cancelDeliveryQuery,
  deliveriesOfEvent,
  deliveriesOfRecords,
  eventsOfRecord,
  findEndpoint,
  findEndpointAmong,
  findSecretRotation,
  putSecretRotation,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  redeliverable,
  redeliverableOfRecords,
  requeueDeliveries,
  updateEndpoint,
  type DeliveryFilter,
  type DeliveryListing,
  type EndpointChange,
  type EventDelivery,
  type SecretRotation,
  type RecordDelivery,
  type RedeliverySelection,
} from '../webhooks.js';
import type { Scope } from './scope.js';

export interface WebhooksRepository {
  /** Endpoints of an entity (webhooks/endpoints.ts); a removed one is never found. */
  insertEndpoint(endpoint: WebhookEndpoint): Promise<void>;
  updateEndpoint(entityId: string, id: string, change: EndpointChange, now: EpochMs): Promise<boolean>;
  findEndpoint(entityId: string, id: string): Promise<WebhookEndpoint | undefined>;
  listEndpoints(entityId: string): Promise<WebhookEndpoint[]>;
  /** Writes events and their deliveries to every endpoint that wants them, with their jobs. */
  emit(events: readonly WebhookEvent[]): Promise<void>;
  /** The same as statements, for a composite write's batch (none for no events). */
  emitStatements(events: readonly WebhookEvent[]): CompiledQuery[];
  /** A delivery with its event and endpoint: what its job sends. */
  deliveryWork(deliveryId: string): Promise<DeliveryWork | undefined>;
  /** An attempt and its consequences (the delivery's state, a disabled endpoint), together. */
  recordAttempt(delivery: WebhookDelivery, outcome: AttemptOutcome, now: EpochMs): Promise<void>;
  /** A pending delivery whose endpoint no longer takes events ends as cancelled. */
  cancelDelivery(deliveryId: string, reason: string, now: EpochMs): Promise<void>;
  listDeliveries(endpointId: string, filter: DeliveryFilter): Promise<DeliveryListing[]>;
  /** The deliveries a redelivery sends again: the selection's, except those still pending. */
  redeliverable(selection: RedeliverySelection): Promise<string[]>;
  /** The deliveries of the events told of an entity's records (a payment's family), with their attempts. */
  deliveriesOfRecords(entityId: string, recordIds: readonly string[]): Promise<RecordDelivery[]>;
  /** The deliveries of an entity's records a redelivery sends again (not those still pending), with their endpoints. */
  redeliverableOfRecords(entityId: string, recordIds: readonly string[]): Promise<{ id: string; endpointId: string }[]>;
  /** Puts deliveries back to pending for a new round from `now`; their jobs are the caller's (writes/redelivery.ts). */
  requeue(ids: readonly string[], now: EpochMs): Promise<void>;
  eventsOf(recordId: string): Promise<WebhookEvent[]>;
  /** A registered endpoint (not a notificationUrl's) of one of the entities; a removed one is never found. */
  findEndpointAmong(entityIds: readonly string[], id: string): Promise<WebhookEndpoint | undefined>;
  /** One event's deliveries to every endpoint, when the event is of one of the entities. */
  deliveriesOfEvent(entityIds: readonly string[], eventId: string): Promise<EventDelivery[]>;
  /** The merchant's webhook secret waiting for its switch time, if any (webhooks/merchant-secret.ts). */
  findSecretRotation(merchantId: string): Promise<SecretRotation | undefined>;
  putSecretRotation(rotation: SecretRotation): Promise<void>;
}

export class KyselyWebhooks implements WebhooksRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  insertEndpoint(endpoint: WebhookEndpoint): Promise<void> {
    return insertEndpoint(this.#s.db, endpoint);
  }

  updateEndpoint(entityId: string, id: string, change: EndpointChange, now: EpochMs): Promise<boolean> {
    return updateEndpoint(this.#s.db, entityId, id, change, now);
  }

  findEndpoint(entityId: string, id: string): Promise<WebhookEndpoint | undefined> {
    return findEndpoint(this.#s.db, entityId, id);
  }

  listEndpoints(entityId: string): Promise<WebhookEndpoint[]> {
    return listEndpoints(this.#s.db, entityId);
  }

  async emit(events: readonly WebhookEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.#s.write(this.emitStatements(events));
  }

  emitStatements(events: readonly WebhookEvent[]): CompiledQuery[] {
    return events.length === 0 ? [] : this.#s.prepared.webhooks.emit(events);
  }

  deliveryWork(deliveryId: string): Promise<DeliveryWork | undefined> {
    return this.#s.prepared.webhooks.load(deliveryId, this.#s.db);
  }

  async recordAttempt(delivery: WebhookDelivery, outcome: AttemptOutcome, now: EpochMs): Promise<void> {
    await this.#s.write(this.#s.prepared.webhooks.recordAttempt(delivery, outcome, now));
  }

  async cancelDelivery(deliveryId: string, reason: string, now: EpochMs): Promise<void> {
    await this.#s.write([cancelDeliveryQuery(this.#s.db, deliveryId, reason, now)]);
  }

  listDeliveries(endpointId: string, filter: DeliveryFilter): Promise<DeliveryListing[]> {
    return listDeliveries(this.#s.db, endpointId, filter);
  }

  redeliverable(selection: RedeliverySelection): Promise<string[]> {
    return redeliverable(this.#s.db, selection);
  }

  deliveriesOfRecords(entityId: string, recordIds: readonly string[]): Promise<RecordDelivery[]> {
    return deliveriesOfRecords(this.#s.db, entityId, recordIds);
  }

  redeliverableOfRecords(entityId: string, recordIds: readonly string[]): Promise<{ id: string; endpointId: string }[]> {
    return redeliverableOfRecords(this.#s.db, entityId, recordIds);
  }

  requeue(ids: readonly string[], now: EpochMs): Promise<void> {
    return requeueDeliveries(this.#s.db, ids, now);
  }

  eventsOf(recordId: string): Promise<WebhookEvent[]> {
    return eventsOfRecord(this.#s.db, recordId);
  }

  findEndpointAmong(entityIds: readonly string[], id: string): Promise<WebhookEndpoint | undefined> {
    return findEndpointAmong(this.#s.db, entityIds, id);
  }

  deliveriesOfEvent(entityIds: readonly string[], eventId: string): Promise<EventDelivery[]> {
    return deliveriesOfEvent(this.#s.db, entityIds, eventId);
  }

  findSecretRotation(merchantId: string): Promise<SecretRotation | undefined> {
    return findSecretRotation(this.#s.db, merchantId);
  }

  putSecretRotation(rotation: SecretRotation): Promise<void> {
    return putSecretRotation(this.#s.db, rotation);
  }
}
