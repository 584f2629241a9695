// Flat names -> null-prototype nested structures for echoing; conflicts refused, lists dense.

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/domain/errors.js';
import { nest, parseName } from '../../src/params/nest.js';
import type { Nested } from '../../src/params/types.js';

const flat = (entries: Record<string, string>): Map<string, string> => new Map(Object.entries(entries));

/** Every object in the tree has a null prototype; every list is a real, dense array. */
function assertNullPrototypes(value: unknown): void {
  if (typeof value === 'string') return;
  if (Array.isArray(value)) {
    expect(Object.keys(value)).toEqual(value.map((_, i) => String(i)));
    value.forEach(assertNullPrototypes);
    return;
  }
  expect(Object.getPrototypeOf(value)).toBeNull();
  for (const child of Object.values(value as Nested)) assertNullPrototypes(child);
}

function refusal(run: () => unknown): { name: string; message: string } {
  try {
    run();
  } catch (e) {
    if (e instanceof ApiError && e.parameterErrors?.[0]) {
      expect(e.errorName).toBe('invalidParameters');
      return e.parameterErrors[0];
    }
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('parseName', () => {
  it('splits segments and brackets', () => {
    expect(parseName('airline.passengers[0].legs[12].flightNumber')).toEqual([
      { kind: 'segment', text: 'airline' },
      { kind: 'segment', text: 'passengers' },
      { kind: 'bracket', text: '0' },
      { kind: 'segment', text: 'legs' },
      { kind: 'bracket', text: '12' },
      { kind: 'segment', text: 'flightNumber' },
    ]);
  });

  it('keeps dots inside a bracket as part of the key', () => {
    expect(parseName('customParameters[SHOPPER_a.b]')).toEqual([
      { kind: 'segment', text: 'customParameters' },
      { kind: 'bracket', text: 'SHOPPER_a.b' },
    ]);
  });

  it.each(['', '.a', 'a.', 'a..b', '[0]', 'a[]', 'a[0', 'a]', 'a[0]b', 'a[[0]]', 'a[0]]'])('refuses %j', (name) => {
    expect(parseName(name)).toBeNull();
  });
});

describe('nest', () => {
  it('turns dotted and indexed names into a tree', () => {
    const tree = nest(
      flat({
        amount: '10.00',
        'customer.givenName': 'Jane',
        'customer.browser.language': 'de',
        'cart.items[0].name': 'Tea',
        'cart.items[0].quantity': '2',
        'cart.items[1].name': 'Cup',
        'customParameters[SHOPPER_order]': '42',
      }),
    );
    expect(JSON.parse(JSON.stringify(tree))).toEqual({
      amount: '10.00',
      customer: { givenName: 'Jane', browser: { language: 'de' } },
      cart: { items: [{ name: 'Tea', quantity: '2' }, { name: 'Cup' }] },
      customParameters: { SHOPPER_order: '42' },
    });
    assertNullPrototypes(tree);
  });

  it('makes lists dense, in index order, whatever order and gaps were sent', () => {
    const tree = nest(flat({ 'cart.items[7].name': 'seven', 'cart.items[2].name': 'two', 'cart.items[10].name': 'ten' }));
    expect(JSON.parse(JSON.stringify(tree))).toEqual({ cart: { items: [{ name: 'two' }, { name: 'seven' }, { name: 'ten' }] } });
    assertNullPrototypes(tree);
  });

  it('nests lists in lists of objects (airline legs)', () => {
    const tree = nest(flat({ 'airline.passengers[1].legs[1].flightNumber': 'B', 'airline.passengers[1].legs[0].flightNumber': 'A', 'airline.passengers[0].name': 'X' }));
    expect(JSON.parse(JSON.stringify(tree))).toEqual({
      airline: { passengers: [{ name: 'X' }, { legs: [{ flightNumber: 'A' }, { flightNumber: 'B' }] }] },
    });
  });

  it('keeps numeric custom parameter names as keys, not list indexes', () => {
    const tree = nest(flat({ 'customParameters[123]': 'a', 'merchant.data[2024]': 'b' }));
    expect(JSON.parse(JSON.stringify(tree))).toEqual({ customParameters: { '123': 'a' }, merchant: { data: { '2024': 'b' } } });
  });

  it('holds even a __proto__ key as plain data, leaving Object.prototype alone', () => {
    const tree = nest(flat({ 'customParameters[__proto__]': 'x', '__proto__.polluted': 'yes' }));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const custom = tree.customParameters as Nested;
    expect(Object.getOwnPropertyNames(custom)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(custom)).toBeNull();
  });

  it.each([
    [{ 'customer': 'x', 'customer.givenName': 'y' }, 'customer.givenName'],
    [{ 'customer.givenName': 'y', 'customer': 'x' }, 'customer'],
    [{ 'cart.items[0].name': 'a', 'cart.items.name': 'b' }, 'cart.items.name'],
    [{ 'cart.items[0]': 'a', 'cart.items[1].name': 'b' }, 'cart.items[0]'],
  ])('refuses conflicting names %j', (entries, name) => {
    expect(refusal(() => nest(flat(entries)))).toEqual({ name, value: '', message: 'conflicts with another parameter' });
  });

  it('refuses malformed names, leading-zero indexes and deep nesting instead of overflowing', () => {
    expect(refusal(() => nest(flat({ 'a..b': '1' }))).message).toBe('malformed parameter name');
    expect(refusal(() => nest(flat({ 'cart.items[01].name': '1' }))).message).toBe('index must not have leading zeros');
    const deep = `a${'[x]'.repeat(100_000)}`;
    expect(refusal(() => nest(flat({ [deep]: '1' }))).message).toBe('parameter name nested too deeply');
  });

  it('nests a list of plain values', () => {
    expect(JSON.parse(JSON.stringify(nest(flat({ 'x[1]': 'b', 'x[0]': 'a' }))))).toEqual({ x: ['a', 'b'] });
  });
});
