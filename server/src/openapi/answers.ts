// The schemas of the relay's answers, by name (route-docs.ts names which route answers which).
// A payment's fields come from the response rows of the catalogue (spec/params/response.ts); the
// relay's own objects (schedules, webhook endpoints, quotes, settlement) are described here, as
// their views (schedules/view.ts, webhooks/views.ts, quotes/, reports/) write them. Every answer
// keeps additional properties open: the relay echoes what a request sent (customer, billing,
// customParameters…), and a client must not break on a field added later.

import { response } from '../../../spec/params/response.js';
import { RESOURCE_ID } from '../../../spec/params/tokenization.js';
import { reconciliation } from '../../../spec/params/reconciliation.js';
import { reporting } from '../../../spec/params/reporting.js';
import { formatSchema, type JsonSchema } from './format-schema.js';
import { nestedSchema } from './nested-schema.js';
import { answerSchema, envelopeProperties, ref } from './result-components.js';

/** Rows the answer schemas take from elsewhere: the envelope and result have components of their own. */
const ENVELOPE_AND_RESULT = /^(?:result\.|buildNumber$|timestamp$|ndc$)/;

const string = { type: 'string' } as const;
const integer = { type: 'integer', minimum: 0 } as const;
const resourceId = formatSchema(RESOURCE_ID);
const checkoutId = formatSchema((response.find((r) => r.name === 'id') ?? { format: '' }).format);
const timestamp = envelopeProperties().timestamp as JsonSchema;
const amount = formatSchema('N10.N2');
const currency = formatSchema('currency');
const date = formatSchema('date');

/** The payment types an answer carries: a request's, and those the service makes (RC, CB, CR). */
const PAYMENT_TYPE = formatSchema('enum(PA,DB,CD,CP,RV,RF,RC,CB,CR)');

function object(properties: Record<string, JsonSchema>, required: readonly string[] = []): JsonSchema {
  return { type: 'object', properties, ...(required.length > 0 ? { required: [...required] } : {}) };
}

/** A payment's own fields: the catalogue's response rows, with what the relay answers besides. */
function paymentFields(): Record<string, JsonSchema> {
  const rows = response.filter((r) => !ENVELOPE_AND_RESULT.test(r.name) && r.name !== 'id');
  const nested = nestedSchema(rows) as { properties: Record<string, JsonSchema> };
  const card = nested.properties.card as { properties: Record<string, JsonSchema> };
  return {
    id: { ...resourceId, description: 'The payment id: the reference of follow-ups and reads.' },
    ...nested.properties,
    paymentType: PAYMENT_TYPE,
    card: object({ ...card.properties, last4Digits: formatSchema('N{4,4}') }),
    merchantTransactionId: formatSchema('AN{8,255}'),
    recurringType: formatSchema('enum(INITIAL,REPEATED)'),
    chargebackId: resourceId,
    resultUrl: { ...string, description: 'Where the widget sends the shopper: the checkout\'s shopperResultUrl with id and resourcePath.' },
  };
}

function scheduleFields(): Record<string, JsonSchema> {
  return {
    id: resourceId,
    registrationId: resourceId,
    paymentType: PAYMENT_TYPE,
    amount,
    currency,
    job: { type: 'object', additionalProperties: string },
    timeZone: string,
    status: string,
    nextRunAt: timestamp,
    occurrences: {
      type: 'array',
      description: 'The schedule\'s latest runs (schedules/view.ts), on a read.',
      items: object({ id: string, scheduledAt: timestamp, status: string, paymentId: resourceId, result: ref('Result') }, ['id', 'scheduledAt', 'status']),
    },
  };
}

function webhookFields(): Record<string, JsonSchema> {
  return {
    id: resourceId,
    entityId: formatSchema('/^[a-f0-9]{32}$/'),
    url: string,
    eventTypes: { type: 'array', items: formatSchema('enum(PAYMENT,REGISTRATION,RISK)') },
    state: string,
    createdAt: timestamp,
    updatedAt: timestamp,
  };
}

/** One delivery of an event to an endpoint, with every attempt (webhooks/views.ts deliveryView). */
function delivery(): JsonSchema {
  const attempt = object(
    { number: integer, at: timestamp, status: { type: 'integer' }, latencyMs: integer, response: string, error: string, relay: string },
    ['number', 'at', 'latencyMs', 'relay'],
  );
  return object(
    {
      id: string,
      eventId: formatSchema('/^[0-9a-f]{32}$/'),
      type: formatSchema('enum(PAYMENT,REGISTRATION,RISK)'),
      action: string,
      recordId: string,
      state: formatSchema('enum(pending,delivered,failed,cancelled)'),
      attemptCount: integer,
      nextAttemptAt: timestamp,
      deliveredAt: timestamp,
      createdAt: timestamp,
      attempts: { type: 'array', items: attempt },
    },
    ['id', 'eventId', 'type', 'recordId', 'state', 'attemptCount', 'createdAt', 'attempts'],
  );
}

/** A test notification's outcome: no status when the endpoint could not be reached. */
const TEST_NOTIFICATION = object({ acknowledged: { type: 'boolean' }, status: { type: ['integer', 'null'] }, latencyMs: integer, error: string }, ['acknowledged', 'status', 'latencyMs']);

function aggregation(): JsonSchema {
  return object(
    {
      id: resourceId,
      date,
      settlementDate: date,
      currency,
      status: string,
      records: integer,
      totals: { type: 'object', additionalProperties: signedAmount },
      fileSha256: formatSchema('/^[0-9a-f]{64}$/'),
    },
    ['id', 'date', 'currency', 'totals'],
  );
}

/** A report filter row's format: the values a record carries are the values a filter takes. */
function reportingFormat(name: string): JsonSchema {
  const row = reporting.find((r) => r.name === name);
  if (!row) throw new Error(`openapi: no reporting row ${name}`);
  return formatSchema(row.format);
}

/** A total may be negative (net, after refunds, fees and chargebacks). */
const signedAmount = { type: 'string', pattern: '^-?[0-9]{1,10}\\.[0-9]{2}$' } as const;

/** One settlement record (reports/aggregations.ts recordView): its settlement from the catalogue's reconciliation rows. */
function reconciliationRecord(payment: Record<string, JsonSchema>): JsonSchema {
  const rows = nestedSchema(reconciliation) as { properties: Record<string, JsonSchema> };
  const settlement = rows.properties.settlement as { properties: Record<string, JsonSchema> };
  return object(
    {
      reconciliationType: reportingFormat('reconciliationType'),
      paymentType: PAYMENT_TYPE,
      id: resourceId,
      merchantTransactionId: payment.merchantTransactionId as JsonSchema,
      amount,
      currency,
      paymentBrand: payment.paymentBrand as JsonSchema,
      timestamp,
      // The rate of a payment priced with a quote has four decimals.
      settlement: object({ ...settlement.properties, fxRate: formatSchema('/^[0-9]{1,10}(\\.[0-9]{1,6})?$/') }, ['cashflow', 'amount', 'currency', 'date', 'status']),
      result: rows.properties.result as JsonSchema,
      matchingStatus: reportingFormat('matchingStatus'),
      matchedTransactions: string,
      chargebackId: resourceId,
    },
    ['reconciliationType', 'paymentType', 'id', 'amount', 'currency', 'timestamp', 'settlement', 'matchingStatus'],
  );
}

const PAGING = { pageNo: integer, pages: integer, limit: integer, total: integer };

/** Every answer schema, by component name. */
export function answerSchemas(): Record<string, JsonSchema> {
  const payment = paymentFields();
  const schedule = scheduleFields();
  const webhook = webhookFields();
  return {
    Payment: answerSchema(payment, ['id'], 'A payment (or a follow-up, a chargeback, a voucher confirmation) as the relay answers it.'),
    Registration: answerSchema({ id: resourceId, paymentBrand: payment.paymentBrand as JsonSchema, card: payment.card as JsonSchema, resultUrl: payment.resultUrl as JsonSchema }, ['id']),
    Checkout: answerSchema({ id: { ...checkoutId, description: 'The checkout id: the widget\'s checkoutId.' } }, ['id']),
    SavedTransactionData: answerSchema({ id: checkoutId }, ['id']),
    // Before the shopper pays (or stores a card), a checkout's status read answers the checkout
    // itself, pending (000.200.000); afterwards the payment or the stored card.
    CheckoutPaymentStatus: { anyOf: [ref('Payment'), ref('Checkout')] },
    CheckoutRegistrationStatus: { anyOf: [ref('Registration'), ref('Checkout')] },
    Removed: answerSchema({ id: string }, ['id']),
    Schedule: answerSchema(schedule, ['id', 'registrationId', 'job']),
    ScheduleList: answerSchema({ registrationId: string, schedules: { type: 'array', items: object({ ...schedule, result: ref('Result') }, ['id', 'job']) } }, ['schedules']),
    TestClock: answerSchema({ entityId: string, time: timestamp, ran: { type: 'object', additionalProperties: integer } }, ['entityId', 'time']),
    WebhookEndpoint: answerSchema(
      { ...webhook, secret: { ...formatSchema('/^[0-9a-f]{64}$/'), description: 'Shown once, when the endpoint is created.' }, activation: TEST_NOTIFICATION },
      ['id', 'url', 'eventTypes', 'state'],
    ),
    WebhookEndpointList: answerSchema({ entityId: string, webhooks: { type: 'array', items: object(webhook, ['id', 'url', 'eventTypes', 'state']) } }, ['webhooks']),
    WebhookTest: answerSchema({ id: resourceId, test: TEST_NOTIFICATION }, ['id', 'test']),
    WebhookDeliveries: answerSchema({ id: resourceId, deliveries: { type: 'array', items: delivery() } }, ['id', 'deliveries']),
    WebhookRedeliveries: answerSchema({ id: resourceId, redelivered: integer, deliveryIds: { type: 'array', items: string } }, ['id', 'redelivered', 'deliveryIds']),
    Quote: answerSchema(
      {
        id: formatSchema('/^[0-9a-zA-Z]{32}$/'),
        sourceCurrency: currency,
        targetCurrency: currency,
        rate: formatSchema('/^[0-9]+\\.[0-9]+$/'),
        validUntil: timestamp,
        status: string,
        amount,
        targetAmount: amount,
      },
      ['id', 'sourceCurrency', 'targetCurrency', 'rate', 'validUntil'],
    ),
    TransactionReport: answerSchema({ payments: { type: 'array', items: object({ ...payment, timestamp }, ['id', 'result']) }, ...PAGING }, ['payments']),
    Aggregations: answerSchema({ aggregations: { type: 'array', items: aggregation() } }, ['aggregations']),
    AggregationRecords: answerSchema({ aggregation: aggregation(), records: { type: 'array', items: reconciliationRecord(payment) }, ...PAGING }, ['aggregation', 'records']),
    ReconciliationFile: { type: 'string', description: 'The reconciliation file: CSV, semicolon-separated, one header line.' },
    Health: object({ status: { enum: ['up'] } }, ['status']),
    Readiness: object(
      {
        status: { enum: ['ready', 'not ready'] },
        checks: { type: 'object', additionalProperties: string },
        failing: { type: 'array', items: object({ name: string, reason: string }, ['name', 'reason']) },
      },
      ['status', 'checks'],
    ),
    WidgetConfiguration: object(
      {
        id: checkoutId,
        // A checkout that only stores a card has no amount or type to show.
        amount: string,
        currency: string,
        paymentType: string,
        registrations: {
          type: 'array',
          description: 'The stored cards the checkout offers (masked).',
          items: object({ id: resourceId, brand: string, last4: formatSchema('N{4,4}'), expiryMonth: string, expiryYear: string }, ['id', 'brand', 'last4']),
        },
        locked: { type: 'boolean' },
        carries: { type: 'array', items: string },
        shopperResultUrl: string,
      },
      ['id'],
    ),
    OpenApiDocument: object({ openapi: string, info: { type: 'object' }, paths: { type: 'object' } }, ['openapi', 'info', 'paths']),
  };
}
