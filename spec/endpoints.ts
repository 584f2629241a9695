// Which parameter rows each operation accepts, which names it requires, and where it narrows a
// row's format (paymentType per operation). Conditional rules ("givenName once another customer
// field is sent") live in server/src/params/rules.ts; this file is the spec's endpoint table.

import { REQUEST_SECTIONS as S } from './params/index.js';
import type { ParamRow } from './params/row.js';
import { reporting } from './params/reporting.js';
import { webhooks } from './params/webhooks.js';
import { standingInstruction, testClock } from './params/job.js';
import { quotes } from './params/quotes.js';
import { chargeback, chargebackReversal } from './params/chargeback.js';

export type OperationName =
  | 'payment'
  | 'followUp'
  | 'registration'
  | 'registrationPayment'
  | 'checkout'
  | 'checkoutPayment'
  | 'checkoutUpdate'
  | 'checkoutComplete'
  | 'schedule'
  | 'scheduleList'
  | 'testClock'
  // Chargebacks (test simulator only).
  | 'testChargeback'
  | 'testChargebackReversal'
  | 'read'
  | 'remove'
  | 'transactionReport'
  | 'webhookCreate'
  | 'webhookUpdate'
  | 'webhookTest'
  | 'webhookDeliveries'
  | 'webhookRedeliver'
  | 'quoteCreate'
  | 'quoteRead'
  | 'aggregations'
  | 'aggregationRecords'
  | 'reconciliationFile'
  | 'voucherTest';

export interface Forbidden {
  /** An exact name, or a prefix ending in `*` (`threeDSecure.*`). */
  readonly pattern: string;
  readonly message: string;
}

export interface Endpoint {
  readonly method: 'POST' | 'GET' | 'DELETE';
  readonly path: string;
  readonly accepts: readonly ParamRow[];
  /** Names that must be sent with a non-empty value. */
  readonly requires: readonly string[];
  /** A narrower format for a row on this operation, by row name. */
  readonly formats: Readonly<Record<string, string>>;
  /** Names refused with their own message instead of "unknown parameter". */
  readonly forbids: readonly Forbidden[];
  /**
   * Names this operation does not use (unknown names, and catalogue names of other operations).
   * 'reject': ignored (and logged at debug), since integrations send fields of their own and
   * fields of other operations (paymentBrand on a capture); refused only for an entity that asks
   * for strict parameters, to catch its typos. 'drop': always ignored, even for such an entity:
   * the widget's submit, where shop frameworks inject inputs (CSRF tokens) a shopper cannot fix.
   */
  readonly unknown: 'reject' | 'drop';
}

/** An exact name, or a prefix when the pattern ends in `*`. */
export function matchesPattern(name: string, pattern: string): boolean {
  return pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern;
}

/** The rows of `rows` with exactly these names; a name that is not there is a catalogue bug. */
function only(rows: readonly ParamRow[], names: readonly string[]): ParamRow[] {
  return names.map((n) => {
    const row = rows.find((r) => r.name === n);
    if (!row) throw new Error(`spec/endpoints: no row named ${n}`);
    return row;
  });
}

function without(rows: readonly ParamRow[], patterns: readonly string[]): ParamRow[] {
  return rows.filter((r) => !patterns.some((p) => matchesPattern(r.name, p)));
}

const ALL_BASIC = S.basic;
/** One token of a Quartz field, list or not: checked for meaning by the schedule's own validation. */
const QUARTZ_TOKEN = '/^[0-9A-Za-z*?,/#-]{1,64}$/';
const JOB_FIELD_FORMATS: Readonly<Record<string, string>> = Object.fromEntries(
  ['job.second', 'job.minute', 'job.hour', 'job.dayOfMonth', 'job.month', 'job.dayOfWeek', 'job.year'].map((n) => [n, QUARTZ_TOKEN]),
);
const ENTITY = only(S.basic, ['entityId']);
const ACCOUNT = [...S.card, ...S.wallet, ...S.virtualAccount, ...S.bankAccount];
const SHOPPER = [...S.customer, ...S.shippingCustomer, ...S.billing, ...S.shipping, ...S.cart, ...S.airline, ...S.gatewayFields];
const EXTRAS = [...S.merchant, ...S.threeDSecure, ...S.custom, ...S.asyncPayment];
const CUSTOM_PARAMETERS = only(S.custom, ['customParameters[name]']);
const MERCHANT_REFERENCES = ['merchantTransactionId', 'merchantInvoiceId', 'merchantMemo', 'descriptor', 'testMode'];

/** A payment's own basic rows: overridePaymentType and integrity belong to checkouts. */
const PAYMENT_BASIC = without(ALL_BASIC, ['overridePaymentType[brand]', 'integrity']);
const PAYMENT_TYPES_NEW = 'enum(PA,DB,CD)';
/**
 * The spec's recurringMigration.* is "used with a registration (RG)": it describes the INITIAL
 * payment of a series made elsewhere, which only a stand-alone registration brings in. A payment or
 * a checkout makes its own INITIAL payment, so there these names are unused parameters.
 */
const MIGRATION_ONLY = 'recurringMigration.*';
/** A transaction report's bounds: a whole day (the spec's yyyy-MM-dd) or a moment of it. */
const REPORT_BOUND = 'dateOrDatetime';
const QUOTE_REFERENCE = only(quotes, ['quoteId']);
/** The stored cards a checkout offers in its payment form: a checkout's own parameter. */
const STORED_OFFER = 'registrations[n].id';
const STANDING_INSTRUCTION = ['type', 'mode', 'source', 'initialTransactionId', 'expiry', 'frequency'].map((f) => `standingInstruction.${f}`);

export const ENDPOINTS: Readonly<Record<OperationName, Endpoint>> = {
  payment: {
    method: 'POST',
    path: '/v1/payments',
    accepts: [
      ...PAYMENT_BASIC,
      ...ACCOUNT,
      ...SHOPPER,
      ...EXTRAS,
      // recurringMigration.* belongs to a stand-alone registration (MIGRATION_ONLY).
      ...without(S.tokenization, ['overrideHolder', 'registrationId', STORED_OFFER, MIGRATION_ONLY]),
      ...QUOTE_REFERENCE,
    ],
    // paymentBrand unless the brand is detected from card.number (rules.ts).
    requires: ['entityId', 'amount', 'currency', 'paymentType'],
    // CB and CR are accepted only to be refused with 700.400.402 (routes/payments.ts).
    formats: { paymentType: 'enum(PA,DB,CD,CB,CR)' },
    forbids: [],
    unknown: 'reject',
  },
  followUp: {
    method: 'POST',
    path: '/v1/payments/{id}',
    accepts: [
      ...only(ALL_BASIC, ['entityId', 'amount', 'currency', 'paymentType', 'taxAmount', ...MERCHANT_REFERENCES]),
      ...CUSTOM_PARAMETERS,
      ...S.cart,
      ...only(S.asyncPayment, ['notificationUrl']),
    ],
    // amount and currency: required for CP and RF, ignored for RV (rules.ts).
    requires: ['entityId', 'paymentType'],
    // CB and CR are accepted only to be refused with 700.400.402: chargebacks come from the network.
    formats: { paymentType: 'enum(CP,RF,RV,CB,CR)' },
    forbids: [],
    unknown: 'reject',
  },
  registration: {
    method: 'POST',
    path: '/v1/registrations',
    accepts: [
      ...only(ALL_BASIC, ['entityId', 'paymentBrand', 'merchantTransactionId', 'testMode']),
      ...ACCOUNT,
      ...S.customer,
      ...S.billing,
      ...S.threeDSecure,
      ...CUSTOM_PARAMETERS,
      ...S.asyncPayment,
      // recurringMigration.*: the INITIAL payment of a series migrated from another provider.
      ...without(S.tokenization, ['createRegistration', 'overrideHolder', 'recurring.*', 'registrationId', STORED_OFFER]),
    ],
    // Account data (card, bank account, virtual account or wallet) and paymentBrand unless it
    // is detected from card.number: rules.ts.
    requires: ['entityId'],
    formats: { recurringType: 'enum(INITIAL)' },
    forbids: [],
    unknown: 'reject',
  },
  registrationPayment: {
    method: 'POST',
    path: '/v1/registrations/{id}/payments',
    accepts: [
      ...PAYMENT_BASIC,
      ...SHOPPER,
      ...without(EXTRAS, ['threeDSecure.*']),
      ...only(S.tokenization, ['recurringType', 'overrideHolder', 'recurring.numberOfInstallments']),
      ...only(S.tokenization, STANDING_INSTRUCTION),
      // overrideHolder lets a one-click payment carry the holder a stored registration lacks.
      ...only(S.card, ['card.holder']),
    ],
    requires: ['entityId', 'amount', 'currency', 'paymentType'],
    formats: { paymentType: PAYMENT_TYPES_NEW, recurringType: 'enum(REPEATED)' },
    forbids: [
      { pattern: 'card.cvv', message: 'not allowed on a payment with a stored registration' },
      { pattern: 'threeDSecure.*', message: 'not allowed on a payment with a stored registration' },
    ],
    unknown: 'reject',
  },
  checkout: {
    method: 'POST',
    path: '/v1/checkouts',
    // Everything optional of a payment except account data: the widget collects that.
    accepts: [
      ...ALL_BASIC,
      ...SHOPPER,
      ...EXTRAS,
      ...without(S.tokenization, ['registrationId', MIGRATION_ONLY]),
    ],
    // amount, currency and paymentType unless the checkout only stores a card (rules.ts).
    requires: ['entityId'],
    formats: { paymentType: PAYMENT_TYPES_NEW },
    forbids: [],
    unknown: 'reject',
  },
  checkoutPayment: {
    method: 'POST',
    path: '/v1/checkouts/{id}/payment',
    // The widget's submit on the relay origin: what a shopper may add. Amount, currency, type,
    // entity and 3-D Secure results are bound to the checkout, so they are not accepted (dropped).
    accepts: [
      ...only(ALL_BASIC, ['paymentBrand']),
      ...ACCOUNT,
      ...SHOPPER,
      ...CUSTOM_PARAMETERS,
      ...only(S.asyncPayment, ['shopperResultUrl']),
      ...only(S.tokenization, ['createRegistration', 'recurring.numberOfInstallments', 'registrationId']),
    ],
    // paymentBrand unless the brand can be detected (rules.ts).
    requires: [],
    formats: {},
    forbids: [],
    unknown: 'drop',
  },
  schedule: {
    method: 'POST',
    path: '/scheduling/v1/schedules',
    accepts: [
      ...only(ALL_BASIC, ['entityId', 'amount', 'currency', 'paymentType', ...MERCHANT_REFERENCES]),
      ...only(S.tokenization, ['registrationId']),
      ...CUSTOM_PARAMETERS,
      ...S.job,
      ...standingInstruction,
    ],
    requires: ['entityId', 'registrationId', 'amount', 'currency', 'paymentType'],
    // The time fields take what a Quartz field takes (ranges, steps, L, W, #); the schedule's own
    // check (server/src/schedules/quartz-validate.ts) answers with the spec's job codes.
    formats: { paymentType: 'enum(DB,PA,CD)', ...JOB_FIELD_FORMATS },
    forbids: [],
    unknown: 'reject',
  },
  scheduleList: {
    method: 'GET',
    path: '/scheduling/v1/schedules',
    // The schedules of one stored registration (the relay's own listing; the spec has none).
    accepts: [...ENTITY, ...only(S.tokenization, ['registrationId'])],
    requires: ['entityId', 'registrationId'],
    formats: {},
    forbids: [],
    unknown: 'reject',
  },
  testClock: {
    method: 'POST',
    path: '/v1/test/clock',
    accepts: [...ENTITY, ...testClock],
    requires: ['entityId', 'time'],
    formats: {},
    forbids: [],
    unknown: 'reject',
  },
  // The chargeback simulator (test environment only): a chargeback of a payment and its reversal.
  testChargeback: {
    method: 'POST',
    path: '/v1/test/payments/{id}/chargeback',
    accepts: [...ENTITY, ...only(S.basic, ['amount', 'currency']), ...chargeback],
    requires: ['entityId', 'amount', 'currency', 'reasonCode'],
    formats: {},
    forbids: [],
    unknown: 'reject',
  },
  testChargebackReversal: {
    method: 'POST',
    path: '/v1/test/payments/{id}/chargeback-reversal',
    accepts: [...ENTITY, ...chargebackReversal],
    requires: ['entityId', 'chargebackId'],
    formats: {},
    forbids: [],
    unknown: 'reject',
  },
  // Reads and deletes take their query string through the same catalogue as POST bodies.
  read: {
    method: 'GET',
    path: '/v1/payments/{id}, /v1/query/{id}, /v1/registrations/{id}, /v1/checkouts/{id}/payment',
    accepts: ENTITY,
    requires: ['entityId'],
    formats: {},
    forbids: [],
    unknown: 'reject',
  },
  remove: {
    method: 'DELETE',
    path: '/v1/registrations/{id}',
    accepts: ENTITY,
    requires: ['entityId'],
    formats: {},
    forbids: [],
    unknown: 'reject',
  },
  transactionReport: {
    method: 'GET',
    path: '/v1/query',
    // By the merchant's reference, or a date range (spec: both dates required for reports).
    accepts: [
      ...ENTITY,
      ...only(S.basic, ['merchantTransactionId']),
      ...only(reporting, ['date.from', 'date.to', 'limit', 'pageNo', 'paymentTypes', 'paymentMethods', 'includeLinkedTransactions']),
    ],
    // merchantTransactionId, or both dates (reports/transaction-report.ts).
    requires: ['entityId'],
    formats: { 'date.from': REPORT_BOUND, 'date.to': REPORT_BOUND },
    forbids: [],
    unknown: 'reject',
  },
  checkoutUpdate: {
    method: 'POST',
    path: '/v1/checkouts/{id}',
    // The prepare parameters that may change between attempts; the merged whole is checked as a prepare.
    accepts: [
      ...without(ALL_BASIC, ['integrity']),
      ...SHOPPER,
      ...EXTRAS,
      ...without(S.tokenization, ['registrationId', MIGRATION_ONLY]),
    ],
    requires: ['entityId'],
    formats: { paymentType: PAYMENT_TYPES_NEW },
    forbids: [],
    unknown: 'reject',
  },
  checkoutComplete: {
    method: 'POST',
    path: '/v1/checkouts/{id}/payment (with the merchant token)',
    // The summary page's second step: everything else was saved by the shopper or prepared.
    accepts: ENTITY,
    requires: ['entityId'],
    formats: {},
    forbids: [],
    unknown: 'reject',
  },
  webhookCreate: {
    method: 'POST',
    path: '/v1/webhooks',
    accepts: [...ENTITY, ...only(webhooks, ['url', 'eventTypes', 'active'])],
    requires: ['entityId', 'url'],
    formats: {},
    forbids: [],
    unknown: 'reject',
  },
  webhookUpdate: {
    method: 'POST',
    path: '/v1/webhooks/{id}',
    accepts: [...ENTITY, ...only(webhooks, ['url', 'eventTypes', 'active'])],
    requires: ['entityId'],
    formats: {},
    forbids: [],
    unknown: 'reject',
  },
  webhookTest: {
    method: 'POST',
    path: '/v1/webhooks/{id}/tests',
    accepts: ENTITY,
    requires: ['entityId'],
    formats: {},
    forbids: [],
    unknown: 'reject',
  },
  webhookDeliveries: {
    method: 'GET',
    path: '/v1/webhooks/{id}/deliveries',
    accepts: [...ENTITY, ...only(webhooks, ['state', 'since', 'eventId']), ...only(reporting, ['limit'])],
    requires: ['entityId'],
    formats: {},
    forbids: [],
    unknown: 'reject',
  },
  webhookRedeliver: {
    method: 'POST',
    path: '/v1/webhooks/{id}/redeliveries',
    // One event, or every failed delivery since a moment.
    accepts: [...ENTITY, ...only(webhooks, ['eventId', 'since'])],
    requires: ['entityId'],
    formats: {},
    forbids: [],
    unknown: 'reject',
  },
  quoteCreate: {
    method: 'POST',
    path: '/v1/quotes',
    // currency: the merchant's price currency (USD); amount: a price to convert, optional.
    accepts: [...ENTITY, ...only(S.basic, ['currency', 'amount']), ...only(quotes, ['targetCurrency'])],
    requires: ['entityId', 'currency'],
    formats: {},
    forbids: [],
    unknown: 'reject',
  },
  quoteRead: {
    method: 'GET',
    path: '/v1/quotes/{id}',
    accepts: ENTITY,
    requires: ['entityId'],
    formats: {},
    forbids: [],
    unknown: 'reject',
  },
  aggregations: {
    method: 'GET',
    path: '/reports/v1/reconciliations/aggregations',
    accepts: [...ENTITY, ...only(reporting, ['date.from', 'date.to']), ...only(S.basic, ['currency'])],
    requires: ['entityId', 'date.from', 'date.to'],
    formats: {},
    forbids: [],
    unknown: 'reject',
  },
  aggregationRecords: {
    method: 'GET',
    path: '/reports/v1/reconciliations/aggregations/{id}, /reports/v2/reconciliations/aggregations/{id}',
    accepts: [...ENTITY, ...only(reporting, ['pageNo', 'reconciliationType', 'matchingStatus', 'sortValue', 'sortOrder'])],
    requires: ['entityId'],
    formats: {},
    forbids: [],
    unknown: 'reject',
  },
  reconciliationFile: {
    method: 'GET',
    path: '/reports/v1/reconciliations/file',
    accepts: [...ENTITY, ...only(reporting, ['date.from', 'date.to'])],
    requires: ['entityId', 'date.from', 'date.to'],
    formats: {},
    forbids: [],
    unknown: 'reject',
  },
  // Voucher slips' test operations: pay or expire a slip at once (test environment only).
  voucherTest: {
    method: 'POST',
    path: '/v1/test/vouchers/{id}/pay, /v1/test/vouchers/{id}/expire',
    accepts: ENTITY,
    requires: ['entityId'],
    formats: {},
    forbids: [],
    unknown: 'reject',
  },
};
