// What the document says of each route beyond the catalogue: its tag, a one-line summary and its
// answer's schema. A merchant API route (registerApiRoute) needs nothing here to be documented; a
// route of its own (app.get/app.post) must be named in OWN_ROUTES, with the catalogue operation its
// body is checked against, or in NOT_API, or the document is not made (document.ts throws).

import type { Operation } from '../params/types.js';

export interface OwnRoute {
  /** The catalogue operations its body is checked against; [] for a route that takes no parameters. */
  operations: readonly Operation[];
  /** 'none': public (the widget, probes); 'optional': public, or the merchant's token for another use. */
  auth: 'none' | 'optional';
  summary: string;
  description?: string;
  /** Schema name of the 200 answer (answers.ts). */
  answer: string;
  /** Statuses of error answers besides those of the answer itself. */
  errors: readonly number[];
  /** The answer carries the API's envelope; the widget's configuration and the probes do not. */
  contentType?: string;
}

/** `METHOD url` as Fastify registers it. */
export type RouteKey = `${'GET' | 'POST' | 'DELETE'} ${string}`;

/** A submit's refusals (the checkout's state, its origin, throttles), and the relay's own outages. */
const WIDGET_SUBMIT_ERRORS = [400, 403, 404, 409, 413, 429, 500, 503] as const;

export const OWN_ROUTES: Readonly<Record<RouteKey, OwnRoute>> = {
  'GET /health': { operations: [], auth: 'none', summary: 'The process is up (no database call)', answer: 'Health', errors: [] },
  'GET /ready': { operations: [], auth: 'none', summary: 'Every readiness check passes (503 names the failing ones)', answer: 'Readiness', errors: [] },
  'GET /openapi.json': { operations: [], auth: 'none', summary: 'This document', answer: 'OpenApiDocument', errors: [] },
  'GET /v1/checkouts/:id/widget': {
    operations: [],
    auth: 'none',
    summary: 'What the widget needs to draw a checkout\'s form (any origin may read it)',
    answer: 'WidgetConfiguration',
    errors: [404, 500, 503],
  },
  'POST /v1/checkouts/:id/payment': {
    operations: ['checkoutPayment', 'checkoutComplete'],
    auth: 'optional',
    summary: 'Pay a checkout: the widget\'s card form (no token, relay origin), or the merchant completing a summary-page checkout (token)',
    description:
      'Without a token this is the submit of the widget\'s card frame on the relay\'s own origin (catalogue operation `checkoutPayment`); a browser request from another origin is refused. With the merchant\'s token it completes a checkout whose data the shopper saved on the summary page (`checkoutComplete`).',
    answer: 'Payment',
    errors: [...WIDGET_SUBMIT_ERRORS, 401],
  },
  'POST /v1/checkouts/:id/registration': {
    operations: ['checkoutPayment'],
    auth: 'none',
    summary: 'Store a card through a registration checkout (the widget\'s submit, relay origin)',
    answer: 'Registration',
    errors: WIDGET_SUBMIT_ERRORS,
  },
  'POST /v1/checkouts/:id/account': {
    operations: ['checkoutPayment'],
    auth: 'none',
    summary: 'Pay a checkout with a bank account or virtual account (the widget\'s form on the merchant page)',
    description: 'Posted from the merchant page: its origin must be one the channel allows; every answer is readable by that origin.',
    answer: 'Payment',
    errors: WIDGET_SUBMIT_ERRORS,
  },
  'POST /v1/checkouts/:id/transactionData': {
    operations: ['checkoutPayment'],
    auth: 'none',
    summary: 'Save the shopper\'s data for a summary-page checkout without paying (relay origin)',
    answer: 'SavedTransactionData',
    errors: WIDGET_SUBMIT_ERRORS,
  },
};

/**
 * Routes that are not the API: pages for people and the files they load. Their answers are HTML,
 * scripts and styles whose only reader is a browser, documented in docs/ (widget, 3-D Secure and
 * redirect pages, voucher slips, the report page). And the benchmark's stage routes
 * (bench/relay.ts), which only its own process registers, one of them without an operation.
 */
export const NOT_API: readonly RegExp[] = [
  /^\/v1\/paymentWidgets\.js$/,
  /^\/v1\/static\//,
  /^\/v1\/pages\//,
  /^\/v1\/checkouts\/:id\/frame$/,
  /^\/v1\/threeDSecure\/:id$/,
  /^\/v1\/redirect\/:id$/,
  /^\/v1\/vouchers\/:id$/,
  /^\/reports\/v1\/page(?:\/|$)/,
  /^\/bench\//,
];

export function isNotApi(url: string): boolean {
  return NOT_API.some((pattern) => pattern.test(url));
}

/** A merchant API route's tag, by where its path lives. */
const TAGS: readonly [RegExp, string][] = [
  [/^\/v1\/test\//, 'Test only'],
  [/^\/v1\/payments/, 'Payments'],
  [/^\/v1\/registrations/, 'Registrations'],
  [/^\/v1\/checkouts/, 'Checkouts'],
  [/^\/scheduling\//, 'Scheduling'],
  [/^\/v1\/webhooks/, 'Webhooks'],
  [/^\/v1\/quotes/, 'Quotes'],
  [/^\/v1\/query|^\/reports\//, 'Reports'],
  [/^\/(?:health|ready)$/, 'Health'],
  [/^\/openapi\.json$/, 'Reference'],
];

export function tagOf(url: string): string {
  return TAGS.find(([pattern]) => pattern.test(url))?.[1] ?? 'Other';
}

/** Test-environment routes: refused in live. */
export function isTestOnly(url: string): boolean {
  return url.startsWith('/v1/test/');
}

export interface ApiRouteDoc {
  summary: string;
  answer: string;
  /** Content types of the answer when it is not JSON (reports' files). */
  contentTypes?: readonly string[];
}

/** Summaries and answers of merchant API routes; a route missing here gets the generic ones. */
export const API_ROUTE_DOCS: Readonly<Partial<Record<RouteKey, ApiRouteDoc>>> = {
  'POST /v1/payments': { summary: 'Create a payment (PA, DB or CD)', answer: 'Payment' },
  'POST /v1/payments/:id': { summary: 'Capture, refund or reverse a payment (CP, RF, RV)', answer: 'Payment' },
  'GET /v1/payments/:id': { summary: 'Read a payment', answer: 'Payment' },
  'GET /v1/query/:id': { summary: 'Transaction report of one payment (700.400.580 for an unknown id)', answer: 'Payment' },
  'GET /v1/query': { summary: 'Transaction report by merchantTransactionId or date range', answer: 'TransactionReport' },
  'POST /v1/registrations': { summary: 'Store a card stand-alone', answer: 'Registration' },
  'POST /v1/registrations/:id/payments': { summary: 'Pay with a stored card', answer: 'Payment' },
  'GET /v1/registrations/:id': { summary: 'Read a stored card (masked)', answer: 'Registration' },
  'DELETE /v1/registrations/:id': { summary: 'Delete a stored card', answer: 'Removed' },
  'POST /v1/checkouts': { summary: 'Prepare a hosted checkout', answer: 'Checkout' },
  'POST /v1/checkouts/:id': { summary: 'Change what a checkout will pay', answer: 'Checkout' },
  'GET /v1/checkouts/:id/payment': { summary: 'A checkout\'s payment status', answer: 'CheckoutPaymentStatus' },
  'GET /v1/checkouts/:id/registration': { summary: 'A registration checkout\'s stored card', answer: 'CheckoutRegistrationStatus' },
  'POST /scheduling/v1/schedules': { summary: 'Schedule payments with a stored card', answer: 'Schedule' },
  'GET /scheduling/v1/schedules': { summary: 'The schedules of a stored card', answer: 'ScheduleList' },
  'GET /scheduling/v1/schedules/:id': { summary: 'Read a schedule with its next occurrences', answer: 'Schedule' },
  'DELETE /scheduling/v1/schedules/:id': { summary: 'Cancel a schedule', answer: 'Removed' },
  'POST /v1/test/clock': { summary: 'Move the entity\'s test clock forward and run what fell due', answer: 'TestClock' },
  'GET /v1/test/clock': { summary: 'Read the entity\'s test clock', answer: 'TestClock' },
  'POST /v1/test/payments/:id/chargeback': { summary: 'Simulate a chargeback of a payment', answer: 'Payment' },
  'POST /v1/test/payments/:id/chargeback-reversal': { summary: 'Simulate the reversal of a chargeback', answer: 'Payment' },
  'POST /v1/test/vouchers/:id/pay': { summary: 'Pay a voucher slip at once', answer: 'Payment' },
  'POST /v1/test/vouchers/:id/expire': { summary: 'Expire a voucher slip at once', answer: 'Payment' },
  'POST /v1/webhooks': { summary: 'Create a webhook endpoint (the answer shows its secret, once)', answer: 'WebhookEndpoint' },
  'GET /v1/webhooks': { summary: 'List the entity\'s webhook endpoints', answer: 'WebhookEndpointList' },
  'GET /v1/webhooks/:id': { summary: 'Read a webhook endpoint', answer: 'WebhookEndpoint' },
  'POST /v1/webhooks/:id': { summary: 'Change a webhook endpoint', answer: 'WebhookEndpoint' },
  'DELETE /v1/webhooks/:id': { summary: 'Remove a webhook endpoint', answer: 'Removed' },
  'POST /v1/webhooks/:id/tests': { summary: 'Send a test notification', answer: 'WebhookTest' },
  'GET /v1/webhooks/:id/deliveries': { summary: 'Deliveries with every attempt', answer: 'WebhookDeliveries' },
  'POST /v1/webhooks/:id/redeliveries': { summary: 'Send an event again, or every failed one since a time', answer: 'WebhookRedeliveries' },
  'POST /v1/quotes': { summary: 'Ask for a guaranteed currency rate', answer: 'Quote' },
  'GET /v1/quotes/:id': { summary: 'Read a currency quote', answer: 'Quote' },
  'GET /reports/v1/reconciliations/aggregations': { summary: 'Settlement aggregations of a date range', answer: 'Aggregations' },
  'GET /reports/v1/reconciliations/aggregations/:id': { summary: 'One aggregation\'s records', answer: 'AggregationRecords' },
  'GET /reports/v2/reconciliations/aggregations/:id': { summary: 'One aggregation\'s records (v2 columns)', answer: 'AggregationRecords' },
  'GET /reports/v1/reconciliations/file': { summary: 'The reconciliation file of a date range', answer: 'ReconciliationFile', contentTypes: ['text/csv'] },
};
