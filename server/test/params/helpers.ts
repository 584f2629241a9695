// Valid parameter sets per operation, so each test changes only what it is about.

import { expect } from 'vitest';
import { validate } from '../../src/params/validate.js';
import type { FlatParams, Operation } from '../../src/params/types.js';
import type { ParameterError } from '../../src/domain/errors.js';

export const ENTITY = '8a8294174b7ecb28014b9699220015ca';
export const REGISTRATION = '8ac7a4a1845f7e8b01846034a5bb3cc5';

const CARD = {
  'card.number': '4200000000000000',
  'card.holder': 'Jane Jones',
  'card.expiryMonth': '05',
  'card.expiryYear': '2034',
  'card.cvv': '123',
};

export const BASE: Record<Operation, Record<string, string>> = {
  payment: { entityId: ENTITY, amount: '92.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...CARD },
  followUp: { entityId: ENTITY, amount: '10.00', currency: 'EUR', paymentType: 'CP' },
  registration: { entityId: ENTITY, paymentBrand: 'VISA', ...CARD },
  registrationPayment: { entityId: ENTITY, amount: '15.00', currency: 'EUR', paymentType: 'DB', recurringType: 'REPEATED' },
  checkout: { entityId: ENTITY, amount: '92.00', currency: 'EUR', paymentType: 'DB' },
  checkoutPayment: { paymentBrand: 'VISA', shopperResultUrl: 'https://shop.example/result', ...CARD },
  schedule: { entityId: ENTITY, registrationId: REGISTRATION, amount: '9.99', currency: 'EUR', paymentType: 'DB', 'job.dayOfMonth': '1' },
  read: { entityId: ENTITY },
  remove: { entityId: ENTITY },
  transactionReport: { entityId: ENTITY, 'date.from': '2026-11-01', 'date.to': '2026-11-22', limit: '100', pageNo: '1' },
  checkoutUpdate: { entityId: ENTITY, amount: '95.00' },
  checkoutComplete: { entityId: ENTITY },
  webhookCreate: { entityId: ENTITY, url: 'https://shop.example/webhooks', eventTypes: 'PAYMENT,REGISTRATION', active: 'true' },
  webhookUpdate: { entityId: ENTITY, eventTypes: 'PAYMENT' },
  webhookTest: { entityId: ENTITY },
  webhookDeliveries: { entityId: ENTITY, state: 'failed', since: '2026-11-01 00:00:00', limit: '50' },
  webhookRedeliver: { entityId: ENTITY, since: '2026-11-01 00:00:00' },
  scheduleList: { entityId: ENTITY, registrationId: REGISTRATION },
  testClock: { entityId: ENTITY, time: '2026-12-01 00:00:00' },
  testChargeback: { entityId: ENTITY, amount: '10.00', currency: 'EUR', reasonCode: '000.100.220' },
  testChargebackReversal: { entityId: ENTITY, chargebackId: REGISTRATION },
  quoteCreate: { entityId: ENTITY, currency: 'USD', targetCurrency: 'BRL', amount: '10.00' },
  quoteRead: { entityId: ENTITY },
  aggregations: { entityId: ENTITY, 'date.from': '2026-11-01', 'date.to': '2026-11-22', currency: 'EUR' },
  aggregationRecords: { entityId: ENTITY, pageNo: '1', reconciliationType: 'SETTLED', sortValue: 'Amount', sortOrder: 'DESC' },
  reconciliationFile: { entityId: ENTITY, 'date.from': '2026-11-01', 'date.to': '2026-11-22' },
  voucherTest: { entityId: ENTITY },
};

/** The base of `op` with `changes` applied; `null` removes a parameter. */
export function paramsOf(op: Operation, changes: Record<string, string | null> = {}): FlatParams {
  const params = new Map(Object.entries(BASE[op]));
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  return params;
}

// Both helpers validate as for an entity with strict parameters, so a test of a name sees its
// verdict; what the default does with unused names has its own tests.

/** Validates and expects success; returns the validated parameters. */
export function accepted(op: Operation, changes: Record<string, string | null> = {}): FlatParams {
  const result = validate(op, paramsOf(op, changes), { strict: true });
  if (!result.ok) expect.fail(`expected ${op} to pass, got ${JSON.stringify(result.errors)}`);
  return result.params;
}

/** Validates and expects failure; returns every parameter error. */
export function refused(op: Operation, changes: Record<string, string | null> = {}): ParameterError[] {
  const result = validate(op, paramsOf(op, changes), { strict: true });
  if (result.ok) expect.fail(`expected ${op} to fail with ${JSON.stringify(changes)}`);
  return result.errors;
}

/** The error for one name, failing when there is none. */
export function errorFor(errors: readonly ParameterError[], name: string): ParameterError {
  const found = errors.find((e) => e.name === name);
  if (!found) expect.fail(`no error for ${name} in ${JSON.stringify(errors)}`);
  return found;
}
