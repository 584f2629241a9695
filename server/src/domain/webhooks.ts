// Webhook records as the relay knows them: where a merchant listens (endpoints), what happened
// (events) and the sending of one event to one endpoint (deliveries, with their attempts).
// storage/ maps them to rows; webhooks/ builds and sends them.

import type { EpochMs } from './records.js';

/** The notification types of the spec's Events section, and the ones later features add. */
export const EVENT_TYPES = ['PAYMENT', 'REGISTRATION', 'RISK'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export type EventAction = 'CREATED' | 'UPDATED' | 'DELETED';

export function isEventType(text: string): text is EventType {
  return (EVENT_TYPES as readonly string[]).includes(text);
}

/**
 * One change worth telling: written in the transaction of the record it tells of, so a committed
 * record always has its event and a rolled-back one never does.
 */
export interface WebhookEvent {
  /** Stable across every attempt and redelivery: receivers de-duplicate by it. */
  id: string;
  entityId: string;
  type: EventType;
  action: EventAction | null;
  /** The payment or registration the event is about. */
  recordId: string;
  /**
   * The payment whose notificationUrl endpoint also gets the event: the payment itself, or the one
   * a follow-up references (a refund of a capture: the authorization the capture referenced).
   */
  rootPaymentId: string | null;
  /** A notificationUrl sent with this record's request: an endpoint for its payment, made with the event. */
  notificationUrl?: string;
  /** The notification's payload: the API's answer for the record, JSON text. */
  payload: string;
  createdAt: EpochMs;
  /** The request whose change it tells of: its deliveries' jobs are queued under this id. */
  requestId?: string;
}

export type EndpointState = 'active' | 'inactive' | 'disabled' | 'removed';

export interface WebhookEndpoint {
  id: string;
  entityId: string;
  /** Set for a notificationUrl's endpoint: it serves that payment's events only. */
  paymentId: string | null;
  url: string;
  /** The types it wants; empty = every type. */
  eventTypes: EventType[];
  /** Sealed with the card key; '' for a notificationUrl's endpoint (the merchant's secret). */
  sealedSecret: string;
  state: EndpointState;
  /** Why the relay disabled it (a 410 Gone), for the merchant reading the list. */
  disabledReason: string | null;
  createdAt: EpochMs;
  updatedAt: EpochMs;
}

export type DeliveryState = 'pending' | 'delivered' | 'failed' | 'cancelled';

export interface WebhookAttempt {
  number: number;
  at: EpochMs;
  status: number | null;
  latencyMs: number;
  /** The first bytes of the receiver's answer. */
  responseStart: string | null;
  error: string | null;
  relayId: string;
}

export interface WebhookDelivery {
  id: string;
  eventId: string;
  endpointId: string;
  state: DeliveryState;
  attempts: number;
  firstAttemptAt: EpochMs | null;
  nextAttemptAt: EpochMs | null;
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: EpochMs | null;
  createdAt: EpochMs;
  updatedAt: EpochMs;
}

/** What the delivery job needs in one read: the delivery, its event and its endpoint. */
export interface DeliveryWork {
  delivery: WebhookDelivery;
  event: Pick<WebhookEvent, 'id' | 'entityId' | 'type' | 'action' | 'payload' | 'createdAt'> & Partial<Pick<WebhookEvent, 'recordId'>>;
  endpoint: WebhookEndpoint;
}

/** How one attempt ended, and what follows. */
export interface AttemptOutcome {
  attempt: WebhookAttempt;
  /** The delivery's state after it. */
  state: DeliveryState;
  nextAttemptAt: EpochMs | null;
  /** 410 Gone: the endpoint is disabled with this reason. */
  disableEndpoint?: string;
}
