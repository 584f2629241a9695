// The endpoint table against the spec's endpoint list: what each operation accepts and requires.

import { describe, expect, it } from 'vitest';
import { ENDPOINTS, matchesPattern, type OperationName } from './endpoints.js';
import { parseFormat } from './format.js';

const OPERATIONS = Object.keys(ENDPOINTS) as OperationName[];
const accepted = (op: OperationName): string[] => ENDPOINTS[op].accepts.map((r) => r.name);
const acceptsAny = (op: OperationName, pattern: string): boolean => accepted(op).some((n) => matchesPattern(n, pattern));

describe('every endpoint', () => {
  it.each(OPERATIONS)('%s requires and narrows only names it accepts, each once', (op) => {
    const e = ENDPOINTS[op];
    const names = accepted(op);
    expect(new Set(names).size).toBe(names.length);
    for (const name of e.requires) expect(names, name).toContain(name);
    for (const [name, format] of Object.entries(e.formats)) {
      expect(names, name).toContain(name);
      expect(() => parseFormat(format)).not.toThrow();
    }
  });

  it("covers the seven POST operations, the reads, and the relay's own webhook endpoints", () => {
    expect([...OPERATIONS].sort()).toEqual([
      'checkout', 'checkoutComplete', 'checkoutPayment', 'checkoutUpdate', 'followUp', 'payment', 'read', 'registration', 'registrationPayment', 'remove', 'schedule', 'scheduleList', 'testClock', 'testChargeback', 'testChargebackReversal', 'transactionReport',
      'webhookCreate', 'webhookDeliveries', 'webhookRedeliver', 'webhookTest', 'webhookUpdate',
      'quoteCreate', 'quoteRead', 'aggregations', 'aggregationRecords', 'reconciliationFile',
      'voucherTest',
    ].sort());
  });

  it('takes a webhook endpoint with its url, and lists deliveries by state, time and event', () => {
    expect(accepted('webhookCreate')).toEqual(['entityId', 'url', 'eventTypes', 'active']);
    expect(ENDPOINTS.webhookCreate.requires).toEqual(['entityId', 'url']);
    expect(accepted('webhookDeliveries')).toEqual(['entityId', 'state', 'since', 'eventId', 'limit']);
    expect(accepted('webhookRedeliver')).toEqual(['entityId', 'eventId', 'since']);
  });

  it('reads and deletes take entityId, and the transaction report its filters and paging', () => {
    expect(accepted('read')).toEqual(['entityId']);
    expect(accepted('remove')).toEqual(['entityId']);
    expect(accepted('transactionReport')).toEqual(['entityId', 'merchantTransactionId', 'date.from', 'date.to', 'limit', 'pageNo', 'paymentTypes', 'paymentMethods', 'includeLinkedTransactions']);
    for (const op of ['read', 'remove', 'transactionReport'] as const) expect(ENDPOINTS[op].requires).toEqual(['entityId']);
  });
});

describe('the spec endpoint table', () => {
  it('payment: PA, DB or CD with amount and currency; account data; no checkout-only switches', () => {
    expect(ENDPOINTS.payment.requires).toEqual(['entityId', 'amount', 'currency', 'paymentType']);
    expect(acceptsAny('payment', 'paymentBrand')).toBe(true);
    expect(ENDPOINTS.payment.formats.paymentType).toBe('enum(PA,DB,CD,CB,CR)');
    for (const p of ['card.*', 'bankAccount.*', 'customer.*', 'billing.*', 'shipping.*', 'cart.*', 'threeDSecure.*', 'createRegistration', 'recurringType', 'testMode']) {
      expect(acceptsAny('payment', p), p).toBe(true);
    }
    expect(acceptsAny('payment', 'overridePaymentType*')).toBe(false);
    expect(acceptsAny('payment', 'integrity')).toBe(false);
  });

  it('followUp: CP, RF or RV referencing a payment', () => {
    expect(ENDPOINTS.followUp.requires).toEqual(['entityId', 'paymentType']);
    expect(ENDPOINTS.followUp.formats.paymentType).toBe('enum(CP,RF,RV,CB,CR)');
    expect(acceptsAny('followUp', 'amount')).toBe(true);
    expect(acceptsAny('followUp', 'card.*')).toBe(false);
  });

  it('registration: entity, brand and account data, and migrated series', () => {
    expect(ENDPOINTS.registration.requires).toEqual(['entityId']);
    expect(acceptsAny('registration', 'paymentBrand')).toBe(true);
    expect(acceptsAny('registration', 'card.number')).toBe(true);
    expect(acceptsAny('registration', 'recurringMigration.*')).toBe(true);
    expect(OPERATIONS.filter((op) => acceptsAny(op, 'recurringMigration.*'))).toEqual(['registration']);
    expect(acceptsAny('registration', 'createRegistration')).toBe(false);
    expect(ENDPOINTS.registration.formats.recurringType).toBe('enum(INITIAL)');
  });

  it('registrationPayment: no card.cvv nor 3-D Secure data', () => {
    const e = ENDPOINTS.registrationPayment;
    expect(e.requires).toEqual(['entityId', 'amount', 'currency', 'paymentType']);
    expect(acceptsAny('registrationPayment', 'card.cvv')).toBe(false);
    expect(acceptsAny('registrationPayment', 'threeDSecure.*')).toBe(false);
    expect(e.forbids.map((f) => f.pattern)).toEqual(['card.cvv', 'threeDSecure.*']);
  });

  it('checkout: no account data; overridePaymentType and integrity only here', () => {
    // amount, currency and paymentType by rules.ts: a registration-only checkout has none.
    expect(ENDPOINTS.checkout.requires).toEqual(['entityId']);
    for (const p of ['card.*', 'bankAccount.*', 'walletPay.*', 'virtualAccount.*']) expect(acceptsAny('checkout', p), p).toBe(false);
    expect(acceptsAny('checkout', 'overridePaymentType[brand]')).toBe(true);
    expect(acceptsAny('checkout', 'integrity')).toBe(true);
    expect(OPERATIONS.filter((op) => acceptsAny(op, 'integrity'))).toEqual(['checkout']);
    // A checkout's update may change a brand's payment type, not ask for the loader's hash.
    expect(OPERATIONS.filter((op) => acceptsAny(op, 'overridePaymentType*'))).toEqual(['checkout', 'checkoutUpdate']);
    for (const p of ['card.*', 'bankAccount.*', 'integrity']) expect(acceptsAny('checkoutUpdate', p), p).toBe(false);
    expect(ENDPOINTS.checkoutUpdate.requires).toEqual(['entityId']);
  });

  it('checkoutPayment: what the widget form carries; what the checkout binds is not accepted', () => {
    const e = ENDPOINTS.checkoutPayment;
    expect(e.unknown).toBe('drop');
    for (const p of ['card.number', 'card.cvv', 'card.expiryMonth', 'paymentBrand', 'shopperResultUrl', 'customer.*', 'billing.*', 'customParameters[name]', 'createRegistration', 'recurring.numberOfInstallments', 'registrationId']) {
      expect(acceptsAny('checkoutPayment', p), p).toBe(true);
    }
    for (const p of ['amount', 'currency', 'paymentType', 'entityId', 'threeDSecure.*', 'testMode', 'notificationUrl', 'merchant.*', 'card.expiry']) {
      expect(acceptsAny('checkoutPayment', p), p).toBe(false);
    }
  });

  it('schedule: registration, amount and a job', () => {
    expect(ENDPOINTS.schedule.requires).toEqual(['entityId', 'registrationId', 'amount', 'currency', 'paymentType']);
    expect(ENDPOINTS.schedule.formats.paymentType).toBe('enum(DB,PA,CD)');
    expect(acceptsAny('schedule', 'job.*')).toBe(true);
  });

  it('server-to-server operations refuse unknown names', () => {
    expect(OPERATIONS.filter((op) => ENDPOINTS[op].unknown === 'drop')).toEqual(['checkoutPayment']);
  });
});
