// The webhook events the relay emits, and their payloads. A payload is the API's answer for the
// record as the record's own request got it (its stored response), plus what the spec adds for
// notifications: referencedId, presentationAmount and presentationCurrency, and the channel in
// authentication.entityId; and the event's id, stable across every attempt, for receivers to
// de-duplicate (a delivery may arrive twice when a relay dies between sending and recording it).
//
// Which change emits which event is the table EMITTED_BY: adding an event (a paid slip's RC, a
// chargeback, a scheduled payment) is a row there and one call where the record is written.

import type { RelayContext } from '../flows/context.js';
import { newJobId } from '../domain/ids.js';
import { formatAmount } from '../domain/money.js';
import type { PaymentRecord, RegistrationRecord } from '../domain/records.js';
import type { EventAction, EventType, WebhookEvent } from '../domain/webhooks.js';
import { envelopeJson } from '../flows/envelope.js';

/** Every change that tells the merchant, with the notification it sends. */
export const EMITTED_BY = {
  /** A new payment (PA, DB, CD) or follow-up (CP, RF, RV): success, declined or pending. */
  paymentCreated: { type: 'PAYMENT', action: 'CREATED' },
  /** A pending payment settled: 3-D Secure completed, failed or expired. */
  paymentSettled: { type: 'PAYMENT', action: 'UPDATED' },
  /** A card stored (a stand-alone registration, or createRegistration on a payment). */
  registrationStored: { type: 'REGISTRATION', action: 'CREATED' },
  registrationDeleted: { type: 'REGISTRATION', action: 'DELETED' },
  // Voucher slips (vouchers/settle-slip.ts): a paid slip's RC record is a new payment; an expired
  // slip's PA is updated.
  /** A slip was paid: the RC record (paymentType RC, referencedId the PA). */
  slipConfirmed: { type: 'PAYMENT', action: 'CREATED' },
  /** A slip passed its due date unpaid: its PA, declined with 100.396.103. */
  slipExpired: { type: 'PAYMENT', action: 'UPDATED' },
  /** A chargeback (CB) of a payment, from the test simulator: a PAYMENT with referencedId. */
  chargebackCreated: { type: 'PAYMENT', action: 'CREATED' },
  /** A chargeback reversed (CR), referencing the payment and naming the chargeback. */
  chargebackReversed: { type: 'PAYMENT', action: 'CREATED' },
} as const satisfies Record<string, { type: EventType; action: EventAction }>;

export type EventCause = keyof typeof EMITTED_BY;
/** The causes of PAYMENT events: a row of EMITTED_BY is all a new one needs. */
export type PaymentCause = { [K in EventCause]: (typeof EMITTED_BY)[K]['type'] extends 'PAYMENT' ? K : never }[EventCause];

/** An event id: time-ordered, 32 characters, unguessable like every other id. */
export const newEventId = (now: number): string => newJobId(now);

/** Appends fields to a JSON object's text without parsing it: payloads are built on the hot path. */
function withFields(json: string, fields: Record<string, unknown>): string {
  const text = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
    .join(',');
  if (text === '') return json;
  return json === '{}' ? `{${text}}` : `${json.slice(0, -1)},${text}}`;
}

type EventContext = Pick<RelayContext, 'config' | 'clock' | 'requestId'>;

/**
 * An event as its change emits it. Its payload is built the first time it is read: the store reads
 * it only once an endpoint wants the event (storage/followers.ts), and no endpoint wants most
 * payments' events. The payload is an own enumerable property like the others, so a copy
 * (`{ ...event }`) has it, built then; its getter is one function shared by every event.
 */
class EmittedEvent implements WebhookEvent {
  static readonly #payloadProperty: PropertyDescriptor = {
    enumerable: true,
    get(this: EmittedEvent): string {
      return this.#built();
    },
  };

  declare readonly payload: string;
  readonly id: string;
  readonly type: EventType;
  readonly action: EventAction;
  readonly createdAt: number;
  readonly notificationUrl?: string;
  readonly requestId?: string;
  readonly #buildNumber: string;
  readonly #body: string;
  readonly #extra: Record<string, unknown>;
  #payload: string | undefined;

  constructor(
    ctx: EventContext,
    cause: EventCause,
    readonly entityId: string,
    readonly recordId: string,
    readonly rootPaymentId: string | null,
    body: string,
    extra: Record<string, unknown>,
    notificationUrl: string | undefined,
  ) {
    this.createdAt = ctx.clock.now();
    this.id = newEventId(this.createdAt);
    ({ type: this.type, action: this.action } = EMITTED_BY[cause]);
    if (notificationUrl) this.notificationUrl = notificationUrl;
    if (ctx.requestId !== undefined) this.requestId = ctx.requestId;
    this.#buildNumber = ctx.config.buildNumber;
    this.#body = body;
    this.#extra = extra;
    Object.defineProperty(this, 'payload', EmittedEvent.#payloadProperty);
  }

  #built(): string {
    // Stamped with the event's own time, whenever it is built.
    const envelope = { buildNumber: this.#buildNumber, clock: { now: () => this.createdAt } };
    return (this.#payload ??= envelopeJson(envelope, withFields(this.#body, { ...this.#extra, authentication: { entityId: this.entityId }, eventId: this.id })));
  }
}

/**
 * The event of a payment record, its answer being `responseJson`. `notificationUrl` (the
 * request's) makes an endpoint for the payment's events; follow-ups reach it through their root.
 */
export function paymentEvent(ctx: EventContext, cause: PaymentCause, payment: Pick<PaymentRecord, 'id' | 'entityId' | 'referencedId' | 'amount' | 'currency'>, responseJson: string, options: { rootPaymentId?: string; notificationUrl?: string } = {}): WebhookEvent {
  const root = options.rootPaymentId ?? payment.referencedId ?? payment.id;
  const extra: Record<string, unknown> = {
    presentationAmount: formatAmount(payment.amount),
    presentationCurrency: payment.currency,
  };
  if (payment.referencedId !== null && !responseJson.includes('"referencedId"')) extra.referencedId = payment.referencedId;
  return new EmittedEvent(ctx, cause, payment.entityId, payment.id, root, responseJson, extra, options.notificationUrl);
}

/** The event of a stored or deleted card; `responseJson` is the registration's answer. */
export function registrationEvent(ctx: EventContext, cause: 'registrationStored' | 'registrationDeleted', registration: Pick<RegistrationRecord, 'id' | 'entityId'>, responseJson: string): WebhookEvent {
  return new EmittedEvent(ctx, cause, registration.entityId, registration.id, null, responseJson, {}, undefined);
}
