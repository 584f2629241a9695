// The catalogue against the spec: every row well formed, names unique, templates consistent, and
// spot checks of rows whose reading of the spec is not obvious.

import { describe, expect, it } from 'vitest';
import { parseFormat } from './format.js';
import { REQUEST_ROWS, REQUEST_SECTIONS, RESPONSE_SECTIONS } from './params/index.js';
import type { ParamRow } from './params/row.js';

const ALL_ROWS: readonly ParamRow[] = [...REQUEST_ROWS, ...Object.values(RESPONSE_SECTIONS).flat()];
const byName = new Map(REQUEST_ROWS.map((r) => [r.name, r]));
const NAME = /^[A-Za-z][A-Za-z0-9]*(\[[A-Za-z]+\])?(\.([A-Za-z][A-Za-z0-9]*|<[a-z]+>)(\[[a-z]+\])?)*$/;

describe('catalogue rows', () => {
  it.each(ALL_ROWS.map((r) => [r.name, r] as const))('%s is well formed', (_name, row) => {
    expect(row.name).toMatch(NAME);
    expect(['Required', 'Conditional', 'Optional']).toContain(row.requirement);
    expect(() => parseFormat(row.format)).not.toThrow();
    // A key format exactly when the name has a placeholder other than a list index.
    const hasKeyPlaceholder = /\[(?!n\])[a-z]+\]|<[a-z]+>/.test(row.name);
    expect(row.key !== undefined).toBe(hasKeyPlaceholder);
    if (row.key !== undefined) expect(() => parseFormat(row.key!)).not.toThrow();
  });

  it('has every request section of the spec, none empty', () => {
    expect(Object.keys(REQUEST_SECTIONS)).toEqual([
      'basic', 'card', 'wallet', 'virtualAccount', 'bankAccount', 'customer', 'shippingCustomer', 'billing', 'shipping',
      'merchant', 'cart', 'airline', 'tokenization', 'threeDSecure', 'custom', 'asyncPayment', 'job', 'gatewayFields',
    ]);
    for (const rows of Object.values(REQUEST_SECTIONS)) expect(rows.length).toBeGreaterThan(0);
  });

  it('names each request parameter once', () => {
    const seen = new Set<string>();
    const twice = REQUEST_ROWS.filter((r) => seen.size === seen.add(r.name).size).map((r) => r.name);
    expect(twice).toEqual([]);
  });

  it('has no request name that is the parent of another (nesting them could not echo both)', () => {
    const names = REQUEST_ROWS.map((r) => r.name);
    const parents = names.filter((a) => names.some((b) => b.startsWith(`${a}.`) || b.startsWith(`${a}[`)));
    expect(parents).toEqual([]);
  });

  it('holds the templated names the API uses', () => {
    for (const name of [
      'cart.items[n].name', 'cart.payments[n].amount', 'customParameters[name]', 'merchant.data[key]',
      'overridePaymentType[brand]', 'threeDSecure.v1.<scheme>.requestorId', 'threeDSecure.v2.<scheme>.requestorName',
      'airline.passengers[n].legs[n].flightNumber', 'risk.parameters[name]',
    ]) {
      expect(byName.has(name), name).toBe(true);
    }
  });

  it('holds the parameters the endpoints and the widget name', () => {
    for (const name of [
      'shopperResultUrl', 'notificationUrl', 'paymentBrand', 'paymentType', 'entityId', 'testMode', 'registrationId',
      'createRegistration', 'recurringType', 'integrity', 'recurring.numberOfInstallments',
    ]) {
      expect(byName.has(name), name).toBe(true);
    }
    // The widget splits the shown expiry into card.expiryMonth and card.expiryYear.
    expect(byName.has('card.expiry')).toBe(false);
  });
});

describe('rows read from the spec', () => {
  const row = (name: string): ParamRow => {
    const r = byName.get(name);
    if (!r) throw new Error(`no row ${name}`);
    return r;
  };

  it('basic parameters', () => {
    expect(row('amount')).toMatchObject({ format: 'N10.N2', requirement: 'Required' });
    expect(row('currency')).toMatchObject({ format: 'currency', requirement: 'Required' });
    expect(row('entityId').format).toBe('/^[a-f0-9]{32}$/');
    expect(row('merchantTransactionId').format).toBe('AN{8,255}');
    expect(row('testMode').format).toBe('enum(EXTERNAL,INTERNAL)');
    expect(row('integrity').format).toBe('bool');
  });

  it('card account: ASCII digits and the printed ranges', () => {
    expect(row('card.number')).toMatchObject({ format: 'N{12,19}', requirement: 'Required' });
    expect(row('card.cvv')).toMatchObject({ format: 'N{3,4}', requirement: 'Conditional' });
    expect(row('card.holder').format).toBe('AN{3,128}');
  });

  it('customer names are truncated after 48 characters, also for the shipping recipient', () => {
    for (const name of ['customer.givenName', 'customer.surname', 'shipping.customer.givenName', 'shipping.customer.surname']) {
      expect(row(name).truncate).toBe(48);
    }
  });

  it('shipping.customer.* is every customer field except browserFingerprint.* and browser.deviceId, all optional', () => {
    const customerNames = REQUEST_SECTIONS.customer.map((r) => r.name);
    const shipping = REQUEST_SECTIONS.shippingCustomer.map((r) => r.name.replace(/^shipping\./, ''));
    expect(shipping).toEqual(customerNames.filter((n) => !n.startsWith('customer.browserFingerprint.') && n !== 'customer.browser.deviceId'));
    for (const r of REQUEST_SECTIONS.shippingCustomer) expect(r.requirement).toBe('Optional');
  });

  it('cart items, payments and airline legs are lists', () => {
    expect(REQUEST_SECTIONS.cart.filter((r) => r.name.startsWith('cart.items[n].'))).toHaveLength(23);
    expect(REQUEST_SECTIONS.cart.filter((r) => r.name.startsWith('cart.payments[n].'))).toHaveLength(7);
    expect(REQUEST_SECTIONS.airline.filter((r) => r.name.startsWith('airline.passengers[n].legs[n].'))).toHaveLength(23);
    expect(row('cart.items[n].quantity').format).toBe('N12.N{1,3}');
  });

  it('response fields are data too, never request rows', () => {
    const responseNames = RESPONSE_SECTIONS.response.map((r) => r.name);
    expect(responseNames).toEqual(expect.arrayContaining(['result.code', 'ndc', 'buildNumber', 'timestamp', 'redirect.url', 'card.bin']));
    expect(byName.has('card.bin')).toBe(false);
    expect(byName.has('redirect.url')).toBe(false);
  });
});
