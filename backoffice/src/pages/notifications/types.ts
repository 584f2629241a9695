// The shapes of the notifications API (docs/back-office-notifications.md); times are epoch ms.

export const EVENT_TYPES = ['PAYMENT', 'REGISTRATION', 'RISK'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface Endpoint {
  id: string;
  entityId: string;
  url: string;
  /** Empty: every type. */
  eventTypes: EventType[];
  state: 'active' | 'inactive' | 'disabled';
  disabledReason: string | null;
  createdAt: number;
  updatedAt: number;
}

/** What a receiver answered a test or an activation. */
export interface TestResult {
  acknowledged: boolean;
  status: number | null;
  latencyMs: number;
  error?: string;
}

export interface Attempt {
  number: number;
  at: number;
  status: number | null;
  latencyMs: number;
  /** The first KiB of the receiver's answer. */
  response: string | null;
  error: string | null;
}

export interface Delivery {
  id: string;
  eventId: string;
  event: string;
  recordId: string;
  state: 'pending' | 'delivered' | 'failed' | 'cancelled';
  createdAt: number;
  deliveredAt: number | null;
  nextAttemptAt: number | null;
  attempts: Attempt[];
}

export interface EventDelivery extends Delivery {
  endpointId: string;
  url: string;
  notificationUrl: boolean;
}

export const stateTone = (state: string): 'ok' | 'wait' | 'bad' | 'plain' =>
  state === 'active' || state === 'delivered' ? 'ok' : state === 'pending' ? 'wait' : state === 'failed' || state === 'disabled' ? 'bad' : 'plain';

export const typesText = (types: readonly string[]) => (types.length === 0 ? 'Every event' : types.map((t) => t.charAt(0) + t.slice(1).toLowerCase()).join(', '));
