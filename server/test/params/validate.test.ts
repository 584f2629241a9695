// The catalogue validator: formats per operation, unknown names, templates, truncation, echo.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormParser } from '../../src/params/form-body.js';
import { validate } from '../../src/params/validate.js';
import type { Operation } from '../../src/params/types.js';
import { accepted, BASE, errorFor, paramsOf, refused } from './helpers.js';

const OPERATIONS = Object.keys(BASE) as Operation[];

describe('every operation', () => {
  it.each(OPERATIONS)('%s accepts its base parameters and returns them as a Map', (op) => {
    const params = accepted(op);
    expect(params).toBeInstanceOf(Map);
    expect(Object.fromEntries(params)).toEqual(BASE[op]);
  });

  it('collects every failing parameter, not only the first', () => {
    const errors = refused('payment', { amount: '10.0', currency: 'eur', paymentType: 'XX', entityId: null, 'shipping.expectedDate': '2023-02-30' });
    expect(errors.map((e) => e.name).sort()).toEqual(['amount', 'currency', 'entityId', 'paymentType', 'shipping.expectedDate']);
    expect(errorFor(errors, 'entityId')).toEqual({ name: 'entityId', value: '', message: 'missing required parameter' });
    expect(errorFor(errors, 'currency')).toEqual({ name: 'currency', value: 'eur', message: expect.stringContaining('ISO 4217') });
  });
});

describe('B1 amounts on every operation that takes one', () => {
  const withAmount: Operation[] = ['payment', 'followUp', 'registrationPayment', 'checkout', 'schedule'];

  it.each(withAmount)('%s accepts 10.00 and 10 unchanged', (op) => {
    expect(accepted(op, { amount: '10.00' }).get('amount')).toBe('10.00');
    expect(accepted(op, { amount: '10' }).get('amount')).toBe('10');
  });

  it.each(withAmount)('%s refuses every malformed amount', (op) => {
    for (const amount of ['10.0', '10.001', '-1.00', '1e3', '0x10', ' 10.00', '10,00', '１０.００', 'NaN', '12345678901.00']) {
      expect(errorFor(refused(op, { amount }), 'amount'), amount).toMatchObject({ value: amount });
    }
  });

  it('an empty amount is a missing amount', () => {
    expect(errorFor(refused('payment', { amount: '' }), 'amount')).toEqual({ name: 'amount', value: '', message: 'missing required parameter' });
  });
});

describe('B2 currencies', () => {
  it.each(['eur', 'EURO', 'COL', 'XYZ', 'E U', ''])('refuses %j', (currency) => {
    expect(errorFor(refused('payment', { currency }), 'currency')).toBeDefined();
  });
  it('accepts ISO 4217 codes, also for cart items', () => {
    expect(accepted('payment', { currency: 'BRL', 'cart.items[0].currency': 'MXN' }).get('currency')).toBe('BRL');
    expect(errorFor(refused('payment', { 'cart.items[0].currency': 'usd' }), 'cart.items[0].currency')).toBeDefined();
  });
});

describe('paymentType per operation', () => {
  it.each([
    ['payment', ['PA', 'DB', 'CD'], ['CP', 'RF', 'RV', 'RC', 'db']],
    ['followUp', ['CP', 'RF', 'RV'], ['PA', 'DB', 'CD', 'RC']],
    ['registrationPayment', ['PA', 'DB', 'CD'], ['CP', 'RV']],
    ['checkout', ['PA', 'DB', 'CD'], ['RF', 'RV']],
    ['schedule', ['DB', 'PA', 'CD'], ['CP', 'RF']],
  ] as const)('%s accepts %j and refuses %j', (op, good, bad) => {
    for (const paymentType of good) expect(accepted(op, { paymentType }).get('paymentType')).toBe(paymentType);
    for (const paymentType of bad) expect(errorFor(refused(op, { paymentType }), 'paymentType').message).toMatch(/^must be one of/);
  });
});

describe('unused parameters by default', () => {
  it.each(OPERATIONS)('%s ignores unknown names and names of other operations, and lists them', (op) => {
    const result = validate(op, paramsOf(op, { amont: '10.00', _token: 'csrf', 'result.code': '000.000.000' }));
    if (!result.ok) expect.fail(JSON.stringify(result.errors));
    expect(Object.fromEntries(result.params)).not.toHaveProperty('amont');
    expect(result.unused).toEqual(expect.arrayContaining(['amont', '_token']));
  });

  it('lists nothing when every name is used', () => {
    const result = validate('payment', paramsOf('payment'));
    expect(result).toEqual({ ok: true, params: expect.any(Map) });
  });

  it('still refuses a used name with a bad value, and a list name with a bad index', () => {
    const result = validate('followUp', paramsOf('followUp', { amount: '1.234', paymentBrand: 'VISA', 'cart.items[01].name': 'x' }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((e) => e.name)).toEqual(['amount', 'cart.items[01].name']);
  });
});

describe('unknown parameters (strict)', () => {
  const SERVER_TO_SERVER: Operation[] = ['payment', 'followUp', 'registration', 'registrationPayment', 'checkout', 'schedule', 'read', 'remove', 'transactionReport'];

  it.each(SERVER_TO_SERVER)('%s refuses a name no row accepts', (op) => {
    const errors = refused(op, { amont: '10.00', _token: 'csrf' });
    expect(errors).toEqual([
      { name: 'amont', value: '10.00', message: 'unknown parameter' },
      { name: '_token', value: 'csrf', message: 'unknown parameter' },
    ]);
  });

  it('checkoutPayment drops what shop frameworks inject, and what the checkout binds', () => {
    const params = accepted('checkoutPayment', {
      _token: 'laravel',
      authenticity_token: 'rails',
      form_key: 'magento',
      __RequestVerificationToken: 'aspnet',
      'card.expiry': '05 / 34',
      amount: '0.01',
      currency: 'USD',
      paymentType: 'CD',
      entityId: 'ffffffffffffffffffffffffffffffff',
      'threeDSecure.eci': '05',
    });
    expect(Object.fromEntries(params)).toEqual(BASE.checkoutPayment);
  });

  it('a response field is not a request parameter', () => {
    expect(refused('payment', { 'result.code': '000.000.000' })[0]?.message).toBe('unknown parameter');
  });

  it('checkout refuses account data: the widget collects it', () => {
    expect(errorFor(refused('checkout', { 'card.number': '4200000000000000' }), 'card.number')).toEqual({
      name: 'card.number',
      value: '',
      message: 'unknown parameter',
    });
  });

  it('overridePaymentType[brand] and integrity only on a checkout', () => {
    expect(accepted('checkout', { 'overridePaymentType[VISA]': 'PA', integrity: 'true' }).get('overridePaymentType[VISA]')).toBe('PA');
    expect(refused('payment', { 'overridePaymentType[VISA]': 'PA' })[0]?.message).toBe('unknown parameter');
    expect(refused('payment', { integrity: 'true' })[0]?.message).toBe('unknown parameter');
    expect(errorFor(refused('checkout', { 'overridePaymentType[VISA MASTER]': 'PA' }), 'overridePaymentType[VISA MASTER]').message).toMatch(/^invalid name/);
    expect(errorFor(refused('checkout', { integrity: 'yes' }), 'integrity').message).toBe('must be true or false');
  });

  it('registrationPayment refuses card.cvv and 3-D Secure data with their own message', () => {
    const errors = refused('registrationPayment', { 'card.cvv': '123', 'threeDSecure.eci': '05' });
    expect(errors).toEqual([
      { name: 'card.cvv', value: '', message: 'not allowed on a payment with a stored registration' },
      { name: 'threeDSecure.eci', value: '05', message: 'not allowed on a payment with a stored registration' },
    ]);
  });
});

describe('templated names', () => {
  it('accepts cart indexes 0 to 1000', () => {
    const params = accepted('payment', { 'cart.items[0].name': 'first', 'cart.items[1000].name': 'last', 'cart.payments[3].type': 'GIFTCARD' });
    expect(params.get('cart.items[1000].name')).toBe('last');
  });

  it.each(['1001', '-1', '01', '00', '99999999999999999999', '1e3', 'abc', ' 1', '１'])(
    'refuses cart index %j, on every operation, even where unknown names are dropped',
    (index) => {
      const name = `cart.items[${index}].name`;
      for (const op of ['payment', 'checkout', 'checkoutPayment'] as const) {
        expect(errorFor(refused(op, { [name]: 'x' }), name).message).toBe('index must be a whole number from 0 to 1000 without leading zeros');
      }
    },
  );

  it('checks both indexes of airline legs', () => {
    expect(accepted('payment', { 'airline.passengers[0].legs[1].flightNumber': 'LH400' }).get('airline.passengers[0].legs[1].flightNumber')).toBe('LH400');
    expect(refused('payment', { 'airline.passengers[0].legs[1001].flightNumber': 'LH400' })[0]?.message).toMatch(/^index/);
    expect(errorFor(refused('payment', { 'airline.passengers[2].legs[0].departureDate': '2024-02-30' }), 'airline.passengers[2].legs[0].departureDate').message).toBe('must be a real date yyyy-MM-dd');
  });

  it('customParameters names: 3-64 letters, digits, dots and underscores', () => {
    const params = accepted('payment', { 'customParameters[SHOPPER_a.b_1]': 'x', 'customParameters[CUSTOM_due_date]': '01012030', 'customParameters[abc]': '' });
    expect(params.get('customParameters[abc]')).toBe('');
    for (const key of ['ab', 'a-b-c', 'a b c', 'x'.repeat(65), 'ação']) {
      const name = `customParameters[${key}]`;
      expect(errorFor(refused('payment', { [name]: 'x' }), name).message).toBe('invalid name: must match ^[A-Za-z0-9._]{3,64}$');
    }
    expect(errorFor(refused('payment', { 'customParameters[abc]': 'x'.repeat(2049) }), 'customParameters[abc]').message).toBe('must be at most 2048 characters');
  });

  it('merchant.data[key], risk.parameters[name] and 3-D Secure scheme segments', () => {
    accepted('payment', {
      'merchant.data[site.id]': 'a',
      'risk.parameters[USER_DATA1]': 'b',
      'threeDSecure.v1.VISA.requestorId': 'r1',
      'threeDSecure.v2.CARTEBANCAIRE.requestorName': 'Shop',
    });
    expect(refused('payment', { 'threeDSecure.v1.VISA.unknown': 'r1' })[0]?.message).toBe('unknown parameter');
    expect(refused('payment', { 'threeDSecure.v1.V.requestorId': 'r1' })[0]?.message).toMatch(/^invalid name/);
  });

  it('malformed names are unknown', () => {
    for (const name of ['cart.items[0.name', 'customer..givenName', 'customer.givenName.', 'cart.items[0]name']) {
      expect(refused('payment', { [name]: 'x' })[0]).toMatchObject({ message: 'unknown parameter' });
    }
  });
});

describe('truncation and empty fields', () => {
  const long = 'Maximiliane-Alexandra-Friederike-Josephine-Charlotte'; // 52 characters

  it('cuts customer and shipping recipient names to 48 characters', () => {
    const params = accepted('payment', {
      'customer.givenName': long,
      'customer.surname': long,
      'shipping.customer.givenName': long,
      'shipping.customer.surname': 'Short',
    });
    expect(params.get('customer.givenName')).toBe(long.slice(0, 48));
    expect(params.get('customer.surname')).toHaveLength(48);
    expect(params.get('shipping.customer.givenName')).toBe(long.slice(0, 48));
    expect(params.get('shipping.customer.surname')).toBe('Short');
  });

  it('counts characters, never splitting a surrogate pair', () => {
    const emoji = '😀'.repeat(50);
    const cut = accepted('payment', { 'customer.givenName': emoji, 'customer.surname': 'x' }).get('customer.givenName') ?? '';
    expect(cut).toBe('😀'.repeat(48));
  });

  it('does not truncate other fields: too long is refused', () => {
    expect(errorFor(refused('payment', { 'customer.middleName': 'x'.repeat(51) }), 'customer.middleName').message).toBe('must be at most 50 characters');
  });

  it('treats an empty optional field as not sent (a blank holder input on the widget)', () => {
    const params = accepted('checkoutPayment', { 'card.holder': '', 'customer.email': '' });
    expect(params.has('card.holder')).toBe(false);
    expect(params.has('customer.email')).toBe(false);
  });
});

describe('B9 no echo of card, bank account, wallet or virtual account values', () => {
  it.each([
    ['payment', 'card.number', '4200 0000 0000 0000'],
    ['payment', 'card.cvv', '12345'],
    ['payment', 'card.expiryYear', '2150'],
    ['payment', 'card.holder', 'x'],
    ['payment', 'bankAccount.iban', 'DE23 1000 0000 1234 5678 90'],
    ['payment', 'bankAccount.holder', 'Bo'],
    ['payment', 'walletPay.source', 'desktop'],
    ['payment', 'virtualAccount.accountId', 'x'.repeat(101)],
    ['payment', 'card.unknownField', '4200000000000000'],
    ['payment', 'Card.Number', '4200000000000000'],
    ['payment', 'bankaccount[iban]', 'DE23100000001234567890'],
    ['checkout', 'card.number', '4200000000000000'],
    ['registrationPayment', 'card.cvv', '123'],
  ] as const)('%s: %s', (op, name, value) => {
    const errors = refused(op, { [name]: value });
    expect(errorFor(errors, name).value).toBe('');
    expect(JSON.stringify(errors)).not.toContain(value);
  });

  it('echoes other values, cut to 255 characters', () => {
    const value = 'd'.repeat(300);
    expect(errorFor(refused('payment', { descriptor: value }), 'descriptor').value).toBe('d'.repeat(255));
  });
});

describe('B3 and B4 through the validator', () => {
  let before: string[];
  beforeAll(() => {
    before = Object.getOwnPropertyNames(Object.prototype).sort();
  });
  afterAll(() => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
  });

  it('prototype keys that bypass the parser are unknown (refused, or dropped on the widget submit)', () => {
    const names = ['__proto__[x]', '__proto__.x', 'constructor.prototype.x', 'cart.items[0].__proto__.x'];
    for (const name of names) expect(refused('payment', { [name]: 'yes' })[0]?.message).toBe('unknown parameter');
    const params = accepted('checkoutPayment', Object.fromEntries(names.map((n) => [n, 'yes'])));
    for (const name of names) expect(params.has(name)).toBe(false);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('validates a full body of 4000 parameters (timed in bench/params.ts)', () => {
    const body = Array.from({ length: 1000 }, (_, i) =>
      [`cart.items[${i}].name=Item+${i}`, `cart.items[${i}].quantity=1`, `cart.items[${i}].price=1.00`, `cart.items[${i}].currency=EUR`].join('&'),
    ).join('&');
    const params = new Map([...paramsOf('payment'), ...new FormParser({ maxParameters: 4000 }).parse(body)]);
    const result = validate('payment', params);
    expect(result.ok && result.params.get('cart.items[999].price')).toBe('1.00');
  });

  it('drops 4000 injected names on the widget submit (timed in bench/params.ts)', () => {
    const params = paramsOf('checkoutPayment', Object.fromEntries(Array.from({ length: 4000 }, (_, i) => [`x${i}[a][b].c`, 'v'])));
    const result = validate('checkoutPayment', params);
    expect(result.ok && result.params.size).toBe(Object.keys(BASE.checkoutPayment).length);
  });
});
