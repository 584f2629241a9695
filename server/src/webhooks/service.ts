// The relay's webhooks as one service: merchants' endpoints (create, change, activate with a test
// notification, remove), the delivery job's handler, the listings and redeliveries. The API
// (routes/webhooks.ts) and the CLI (`relay webhook …`) both call it, so both behave the same.

import type { RelayMetrics } from '../domain/metrics.js';
import type { CardVault } from '../crypto/card-vault.js';
import type { Clock } from '../domain/clock.js';
import { formatTimestamp } from '../domain/clock.js';
import { newJobId } from '../domain/ids.js';
import type { EntityRecord } from '../domain/records.js';
import type { EventType, WebhookEndpoint } from '../domain/webhooks.js';
import type { Config } from '../config/config.js';
import type { Store } from '../storage/store.js';
import { deliverOnce, endpointSecret, failureOf, sealAndSend, type SendNotification } from './deliver.js';
import { checkEndpointUrl } from './endpoint-url.js';
import { EndpointSlots } from './endpoint-slots.js';
import { parseRetryLadder, type RetryLadder } from '../domain/retry-ladder.js';
import { createWebhookSender, type WebhookSender } from './send.js';
import { MAX_OVERLAP_HOURS, MIN_OVERLAP_HOURS, type CurrentSecret } from './merchant-secret.js';
import { writeEndpointChange, writeEndpointInsert, writeSecretRotation } from '../storage/writes/index.js';
import type { AuditEntry, AuditValues } from '../domain/users.js';
import { newWebhookSecret } from '../merchants/bootstrap.js';
import type { RunnerLog } from '../jobs/runner.js';

/** A delivery waiting for its endpoint's turn looks again after this long, ms. */
const BUSY_RETRY_MS = 250;

const HOUR_MS = 3_600_000;

/** Opened keys kept at most; the oldest is opened again when needed. */
const SECRETS_KEPT = 1_000;

export interface WebhookDeps {
  store: Store;
  vault: CardVault;
  clock: Clock;
  config: Config;
  /** Where delivery attempts are reported; none by default (the CLI). */
  metrics?: RelayMetrics;
}

/** A change an endpoint cannot take, said in the words of the parameter it concerns. */
export class EndpointInputError extends Error {
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    super(message);
  }
}

export interface Activation {
  acknowledged: boolean;
  status: number | null;
  latencyMs: number;
  error?: string;
}

/** A change an audit row tells of: what, to which endpoint (or merchant), the values before and after. */
export interface AuditedChange {
  action: string;
  target: string;
  before: AuditValues | null;
  after: AuditValues | null;
}

/**
 * Makes the audit row of a change, for a caller that acts for a person (the back office): each change
 * is then written with its row in one transaction. The merchant API and the command line pass none.
 */
export type ChangeAudit = (change: AuditedChange) => AuditEntry;

/** What an audit row says of an endpoint: never its secret. */
const auditedEndpoint = (e: WebhookEndpoint): AuditValues => ({ entityId: e.entityId, url: e.url, eventTypes: e.eventTypes, state: e.state });

export interface EndpointInput {
  url: string;
  eventTypes: EventType[];
  /** Activate at once (default); false keeps it inactive until activated. */
  active?: boolean;
}

export class Webhooks {
  readonly #d: WebhookDeps;
  readonly #slots: EndpointSlots;
  readonly #ladder: RetryLadder;
  readonly #sender: WebhookSender;
  readonly #send: SendNotification;
  /** Jitter source of the retry ladder; 0.5 is none. */
  readonly #random: () => number;
  /** Keys opened, by endpoint: an endpoint's own for good, the merchant's (a notificationUrl's) until a rotation may change it. */
  readonly #secrets = new Map<string, CurrentSecret>();

  constructor(deps: WebhookDeps) {
    this.#d = deps;
    const w = deps.config.webhooks;
    this.#slots = new EndpointSlots(w.endpointConcurrency);
    this.#ladder = parseRetryLadder(w.retrySteps, w.retryMaxAge);
    this.#sender = createWebhookSender({ timeoutMs: w.timeoutMs, allowPrivate: w.allowPrivate });
    this.#send = (url, headers, body) => this.#sender.send({ url, headers, body });
    this.#random = w.jitter ? Math.random : () => 0.5;
  }

  /** Endpoints with no room for another delivery on this relay: the jobs runner leaves theirs queued. */
  busyEndpoints(): string[] {
    return this.#slots.saturated();
  }

  async #secretOf(endpoint: WebhookEndpoint): Promise<string> {
    const kept = this.#secrets.get(endpoint.id);
    if (kept !== undefined && this.#d.clock.now() < kept.keptUntil) return kept.secret;
    const opened = await endpointSecret(this.#d, endpoint);
    this.#secrets.delete(endpoint.id);
    if (this.#secrets.size >= SECRETS_KEPT) this.#secrets.delete(this.#secrets.keys().next().value ?? '');
    this.#secrets.set(endpoint.id, opened);
    return opened.secret;
  }

  /** Closes the connections kept alive to receivers (shutdown). */
  close(): Promise<void> | void {
    return this.#sender.close();
  }

  /** The delivery job's handler; `log` (the job's, under the request id of the change the event tells of) gets a line per attempt. */
  deliver(deliveryId: string, log?: RunnerLog): Promise<void> {
    return deliverOnce(
      { ctx: this.#d, send: this.#send, ladder: this.#ladder, slots: this.#slots, random: this.#random, busyRetryMs: BUSY_RETRY_MS, secretOf: (e) => this.#secretOf(e), metrics: this.#d.metrics, ...(log ? { log } : {}) },
      deliveryId,
    );
  }

  #checkUrl(url: string): string {
    const checked = checkEndpointUrl(url, { live: this.#d.config.environment === 'live', allowPrivate: this.#d.config.webhooks.allowPrivate });
    if (!checked.ok) throw new EndpointInputError('url', checked.reason);
    return checked.url;
  }

  /** A new endpoint with its own secret (returned once, stored sealed), activated unless asked not to. */
  async create(entity: EntityRecord, input: EndpointInput, audit?: ChangeAudit): Promise<{ endpoint: WebhookEndpoint; secret: string; activation?: Activation }> {
    const url = this.#checkUrl(input.url);
    const now = this.#d.clock.now();
    const secret = newWebhookSecret();
    const endpoint: WebhookEndpoint = {
      id: newJobId(now),
      entityId: entity.id,
      paymentId: null,
      url,
      eventTypes: input.eventTypes,
      sealedSecret: this.#d.vault.sealSecret(secret),
      state: 'inactive',
      disabledReason: null,
      createdAt: now,
      updatedAt: now,
    };
    await writeEndpointInsert(this.#d.store, endpoint, audit?.({ action: 'webhook.create', target: endpoint.id, before: null, after: auditedEndpoint(endpoint) }));
    if (input.active === false) return { endpoint, secret };
    const { endpoint: activated, activation } = await this.activate(entity, endpoint, audit);
    return { endpoint: activated, secret, activation };
  }

  /**
   * Sends the activation test notification; an acknowledged one (2xx) makes the endpoint active.
   * An endpoint that does not acknowledge stays as it was: a merchant fixes the receiver and tries again.
   */
  async activate(entity: EntityRecord, endpoint: WebhookEndpoint, audit?: ChangeAudit): Promise<{ endpoint: WebhookEndpoint; activation: Activation }> {
    const activation = await this.test(endpoint, 'webhook activation');
    if (!activation.acknowledged) return { endpoint, activation };
    const now = this.#d.clock.now();
    const row = audit?.({ action: 'webhook.activate', target: endpoint.id, before: { state: endpoint.state }, after: { state: 'active' } });
    await writeEndpointChange(this.#d.store, { entityId: entity.id, id: endpoint.id, change: { state: 'active', disabledReason: null }, now }, row);
    return { endpoint: { ...endpoint, state: 'active', disabledReason: null, updatedAt: now }, activation };
  }

  /** Sends a test notification, encrypted like every other, and says whether it was acknowledged. */
  async test(endpoint: WebhookEndpoint, action = 'webhook test'): Promise<Activation> {
    const now = this.#d.clock.now();
    const eventId = newJobId(now);
    const text = JSON.stringify({
      type: 'test',
      action,
      payload: { eventId, endpointId: endpoint.id, entityId: endpoint.entityId, url: endpoint.url, timestamp: formatTimestamp(now) },
    });
    const result = await sealAndSend(this.#send, endpoint.url, await this.#secretOf(endpoint), eventId, text);
    const error = failureOf(result);
    return { acknowledged: result.ok, status: result.status ?? null, latencyMs: Math.round(result.latencyMs), ...(error === null ? {} : { error }) };
  }

  /** Changes the URL, the types or the state; activating sends the test notification first. */
  async update(
    entity: EntityRecord,
    endpoint: WebhookEndpoint,
    change: { url?: string; eventTypes?: EventType[]; active?: boolean },
    audit?: ChangeAudit,
  ): Promise<{ endpoint: WebhookEndpoint; activation?: Activation }> {
    const now = this.#d.clock.now();
    let current = endpoint;
    const url = change.url === undefined ? undefined : this.#checkUrl(change.url);
    if (url !== undefined || change.eventTypes !== undefined || change.active === false) {
      const patch = { ...(url !== undefined ? { url } : {}), ...(change.eventTypes !== undefined ? { eventTypes: change.eventTypes } : {}), ...(change.active === false ? { state: 'inactive' as const } : {}) };
      const before = Object.fromEntries(Object.keys(patch).map((k) => [k, endpoint[k as keyof typeof patch]]));
      const row = audit?.({ action: change.active === false ? 'webhook.deactivate' : 'webhook.change', target: endpoint.id, before, after: patch });
      await writeEndpointChange(this.#d.store, { entityId: entity.id, id: endpoint.id, change: patch, now }, row);
      current = { ...current, ...patch, updatedAt: now };
    }
    if (change.active === true) return this.activate(entity, current, audit);
    return { endpoint: current };
  }

  /** Removes an endpoint: its pending deliveries end as cancelled when their turn comes. */
  async remove(entity: EntityRecord, endpointId: string, audit?: ChangeAudit): Promise<boolean> {
    const before = audit && (await this.#d.store.webhooks.findEndpoint(entity.id, endpointId));
    const row = before ? audit?.({ action: 'webhook.remove', target: endpointId, before: auditedEndpoint(before), after: { state: 'removed' } }) : undefined;
    return writeEndpointChange(this.#d.store, { entityId: entity.id, id: endpointId, change: { state: 'removed' }, now: this.#d.clock.now() }, row);
  }

  /** A test notification sent for a person, with the audit row of what it got (who sent what to a receiver). */
  async testFor(endpoint: WebhookEndpoint, audit: ChangeAudit): Promise<Activation> {
    const result = await this.test(endpoint);
    await this.#d.store.audit.append(audit({ action: 'webhook.test', target: endpoint.id, before: null, after: { acknowledged: result.acknowledged, status: result.status } }));
    return result;
  }

  /**
   * Rotates the merchant's webhook secret (the key of notificationUrl notifications) with an overlap:
   * the new secret is answered once, and the relay seals with the old one until `switchAt`
   * (merchant-secret.ts). The audit row tells the switch time, never a secret.
   */
  async rotateMerchantSecret(merchantId: string, overlapHours: number, audit: ChangeAudit): Promise<{ secret: string; switchAt: number }> {
    if (!Number.isInteger(overlapHours) || overlapHours < MIN_OVERLAP_HOURS || overlapHours > MAX_OVERLAP_HOURS) {
      throw new EndpointInputError('overlapHours', `overlapHours must be a whole number of hours from ${MIN_OVERLAP_HOURS} to ${MAX_OVERLAP_HOURS}`);
    }
    const now = this.#d.clock.now();
    const secret = newWebhookSecret();
    const switchAt = now + overlapHours * HOUR_MS;
    await writeSecretRotation(this.#d.store, {
      merchantId,
      sealedSecret: this.#d.vault.sealSecret(secret),
      switchAt,
      now,
      audit: (replacedPending) => audit({ action: 'webhook.secretRotate', target: merchantId, before: null, after: { overlapHours, switchAt, replacedPending } }),
    });
    return { secret, switchAt };
  }

  /** The merchant's rotation still in its overlap, if any: when the relay switches to the new secret. */
  async pendingRotation(merchantId: string): Promise<{ switchAt: number; startedAt: number } | null> {
    const rotation = await this.#d.store.webhooks.findSecretRotation(merchantId);
    return rotation !== undefined && rotation.switchAt > this.#d.clock.now() ? { switchAt: rotation.switchAt, startedAt: rotation.createdAt } : null;
  }
}
