// One attempt of one delivery, as the jobs runner runs it: read the delivery with its event and
// endpoint, encrypt the notification with the endpoint's key (a fresh IV each attempt), send it,
// and record the attempt and what it decided in one write. A failed attempt queues the job again
// for the next rung of the retry ladder (RetryJobAt); past the last rung the delivery is failed.
//
// Safe to run twice: a delivery that is no longer pending is left alone, and the attempt's write
// changes the delivery only while it is still pending. A relay that dies after sending and before
// recording sends again once the job's lease runs out: receivers de-duplicate by the event id.

import type { RelayContext } from '../flows/context.js';
import type { RelayMetrics, WebhookAttemptOutcome } from '../domain/metrics.js';
import type { AttemptOutcome, DeliveryWork, WebhookEndpoint } from '../domain/webhooks.js';
import { RetryJobAt, type RunnerLog } from '../jobs/runner.js';
import { encryptNotification } from './cipher.js';
import { EVENT_ID_HEADER, IV_HEADER, TAG_HEADER } from './headers.js';
import type { RetryLadder } from '../domain/retry-ladder.js';
import { nextAttemptAt } from '../domain/retry-ladder.js';
import type { EndpointSlots } from './endpoint-slots.js';
import type { AttemptResult } from './send.js';
import { currentMerchantSecret, type CurrentSecret } from './merchant-secret.js';

/** Sends one encrypted notification (send.ts in the relay). */
export type SendNotification = (url: string, headers: Record<string, string>, body: string) => Promise<AttemptResult>;

/** What delivering needs of the relay (the CLI has these too, without a whole context). */
export type DeliveryContext = Pick<RelayContext, 'store' | 'vault' | 'clock' | 'config'>;

export interface DeliveryDeps {
  ctx: DeliveryContext;
  send: SendNotification;
  ladder: RetryLadder;
  slots: EndpointSlots;
  /** Jitter source, 0 ≤ r < 1 (Math.random in the relay). */
  random: () => number;
  /** An endpoint at its concurrency limit: the delivery waits this long for its turn, ms. */
  busyRetryMs: number;
  /** The key of an endpoint (webhooks/service.ts keeps the ones it opened). */
  secretOf: (endpoint: WebhookEndpoint) => Promise<string>;
  /** A line per attempt (the job's log: it carries the request id of the change the event tells of). */
  log?: RunnerLog;
  /** Where each attempt's outcome and latency are reported. */
  metrics?: RelayMetrics;
}

/** An attempt's outcome as the metrics count it. */
function attemptOutcomeOf(outcome: AttemptOutcome): WebhookAttemptOutcome {
  if (outcome.state === 'delivered') return 'delivered';
  if (outcome.disableEndpoint !== undefined) return 'gone';
  return outcome.state === 'pending' ? 'retry' : 'failed';
}

/** The notification's JSON text: the spec's envelope around the stored payload. */
export function notificationText(work: Pick<DeliveryWork, 'event'>): string {
  const { type, action, payload } = work.event;
  return `{"type":${JSON.stringify(type)},${action === null ? '' : `"action":${JSON.stringify(action)},`}"payload":${payload}}`;
}

/**
 * The key of an endpoint: its own (it never changes), or the merchant's for a notificationUrl, which a
 * rotation changes at its switch time (merchant-secret.ts): kept no longer than `keptUntil`.
 */
export async function endpointSecret(ctx: DeliveryContext, endpoint: WebhookEndpoint): Promise<CurrentSecret> {
  if (endpoint.sealedSecret !== '') return { secret: ctx.vault.openSecret(endpoint.sealedSecret), keptUntil: Number.POSITIVE_INFINITY };
  const entity = await ctx.store.entities.find(endpoint.entityId);
  if (!entity) throw new Error(`no merchant for the entity of endpoint ${endpoint.id}`);
  return currentMerchantSecret(ctx, entity.merchantId);
}

/** One notification sealed under `secret` (a fresh IV) and sent with its event id: every attempt and every test. */
export function sealAndSend(send: SendNotification, url: string, secret: string, eventId: string, text: string): Promise<AttemptResult> {
  const sealed = encryptNotification(secret, text);
  return send(url, { [IV_HEADER]: sealed.iv, [TAG_HEADER]: sealed.tag, [EVENT_ID_HEADER]: eventId }, sealed.body);
}

/** Why an attempt that was not acknowledged failed: its error, or the status it got. */
export function failureOf(result: AttemptResult): string | null {
  return result.ok ? null : (result.error ?? `answered ${result.status ?? 'nothing'}`);
}

export async function deliverOnce(deps: DeliveryDeps, deliveryId: string): Promise<void> {
  const { ctx, slots } = deps;
  const work = await ctx.store.webhooks.deliveryWork(deliveryId);
  if (!work || work.delivery.state !== 'pending') return;
  const { delivery, endpoint } = work;
  if (endpoint.state !== 'active') {
    await ctx.store.webhooks.cancelDelivery(delivery.id, `the endpoint is ${endpoint.state}`, ctx.clock.now());
    return;
  }
  // One slow endpoint must not take every sender of the relay: past its share, it waits its turn,
  // and with no room left at all it comes back in a moment.
  const turn = slots.take(endpoint.id);
  if (!turn) throw new RetryJobAt(ctx.clock.now() + deps.busyRetryMs, 'the endpoint has as many deliveries in flight and waiting as it may');
  await turn;
  let outcome: AttemptOutcome;
  try {
    const secret = await deps.secretOf(endpoint);
    const at = ctx.clock.now();
    const result = await sealAndSend(deps.send, endpoint.url, secret, work.event.id, notificationText(work));
    const attempt = {
      number: delivery.attempts + 1,
      at,
      status: result.status ?? null,
      latencyMs: result.latencyMs,
      responseStart: result.responseStart ?? null,
      error: failureOf(result),
      relayId: ctx.config.relayId,
    };
    if (result.ok) {
      outcome = { attempt, state: 'delivered', nextAttemptAt: null };
    } else if (result.gone) {
      // 410 Gone: the receiver says the endpoint is no more, a registered one or a payment's
      // notificationUrl alike. Disabled in the store, it gets no later event (a refund, a
      // chargeback...) from any relay: the fan-out takes active endpoints only.
      outcome = { attempt, state: 'failed', nextAttemptAt: null, disableEndpoint: `answered 410 Gone at ${new Date(at).toISOString()}` };
    } else {
      const next = nextAttemptAt(deps.ladder, { firstAttemptAt: delivery.firstAttemptAt ?? at, attemptsMade: delivery.attempts + 1, now: at, random: deps.random });
      outcome = { attempt, state: next === null ? 'failed' : 'pending', nextAttemptAt: next };
    }
  } finally {
    slots.give(endpoint.id);
  }
  await ctx.store.webhooks.recordAttempt(delivery, outcome, ctx.clock.now());
  logAttempt(deps.log, work, outcome);
  if (deps.metrics) {
    deps.metrics.webhookAttempt(attemptOutcomeOf(outcome), outcome.attempt.latencyMs / 1000);
    if (outcome.disableEndpoint !== undefined) deps.metrics.webhookEndpointDisabled();
  }
  if (outcome.state === 'pending' && outcome.nextAttemptAt !== null) throw new RetryJobAt(outcome.nextAttemptAt, outcome.attempt.error ?? 'not acknowledged');
}

/**
 * One line per attempt, on the relay that made it: which event went to which endpoint, what came
 * back, and what follows. Never the URL (it may carry the receiver's own token) nor the payload.
 */
function logAttempt(log: RunnerLog | undefined, work: DeliveryWork, outcome: AttemptOutcome): void {
  if (!log) return;
  const a = outcome.attempt;
  const fields = { deliveryId: work.delivery.id, eventId: work.event.id, recordId: work.event.recordId, endpointId: work.endpoint.id, attempt: a.number, status: a.status, ms: Math.round(a.latencyMs), state: outcome.state };
  if (outcome.state === 'delivered') log.info(fields, 'webhook delivered');
  else log.warn({ ...fields, error: a.error, nextAttemptAt: outcome.nextAttemptAt }, 'webhook attempt failed');
}
