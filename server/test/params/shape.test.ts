// Body shapes (params/shape.ts): bodies with the same names in the same order share one shape,
// any other body gets another, a body that fails leaves nothing behind, and what the validator,
// the rules, the echo and the nesting answer is the same with or without a shape.

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/domain/errors.js';
import { FormParser } from '../../src/params/form-body.js';
import { nest } from '../../src/params/nest.js';
import { shapeOf } from '../../src/params/shape.js';
import type { FlatParams } from '../../src/params/types.js';
import { validate } from '../../src/params/validate.js';
import { paymentView } from '../../src/flows/response.js';

const LIMITS = { maxParameters: 4000 };
const parser = new FormParser(LIMITS);
const parse = (raw: string): FlatParams => parser.parse(raw);
/** The same entries in a map of its own: no shape, so every consumer goes name by name. */
const unshaped = (params: FlatParams): FlatParams => new Map(params);

const PAYMENT =
  'entityId=8a8294174b7ecb28014b9699220015ca&amount=92.00&currency=EUR&paymentBrand=VISA&paymentType=DB' +
  '&card.number=4200000000000000&card.holder=Jane+Jones&card.expiryMonth=05&card.expiryYear=2034&card.cvv=123' +
  '&customer.givenName=Jane&customer.surname=Jones&customer.email=jane%40example.com' +
  '&billing.street1=Main+Street+1&billing.city=Berlin&billing.country=DE&cart.items%5B0%5D.name=Tea' +
  '&customParameters%5BSHOPPER_note%5D=bench&bankAccount.holder=Jane+Jones&bankAccount.iban=DE89370400440532013000&testMode=INTERNAL';

describe('body shapes', () => {
  it('gives bodies with the same names in the same order one shape, whatever their values', () => {
    const first = shapeOf(parse('a=1&b=2&c=3'));
    const again = shapeOf(parse('a=9&b=8&c=7'));
    expect(first).toBeDefined();
    expect(again).toBe(first);
    expect(first?.names).toEqual(['a', 'b', 'c']);
  });

  it('gives another order, a longer or a shorter body a shape of its own, and finds each again', () => {
    const abc = shapeOf(parse('a=1&b=2&c=3'));
    const acb = shapeOf(parse('a=1&c=3&b=2'));
    const ab = shapeOf(parse('a=1&b=2'));
    const abcd = shapeOf(parse('a=1&b=2&c=3&d=4'));
    expect(new Set([abc, acb, ab, abcd]).size).toBe(4);
    expect(acb?.names).toEqual(['a', 'c', 'b']);
    expect(ab?.names).toEqual(['a', 'b']);
    expect(abcd?.names).toEqual(['a', 'b', 'c', 'd']);
    // Integrations taking turns keep their own shapes.
    expect(shapeOf(parse('a=1&b=2&c=3'))).toBe(abc);
    expect(shapeOf(parse('a=1&c=3&b=2'))).toBe(acb);
  });

  it('treats a name spelled with percent-encoding as the same name', () => {
    const plain = shapeOf(parse('card.number=1&x=2'));
    expect(shapeOf(parse('card%2Enumber=1&x=2'))).toBe(plain);
  });

  it('leaves no shape behind from a body that fails', () => {
    const ab = shapeOf(parse('a=1&b=2'));
    // Duplicates are refused after the parser has seen both names at their positions.
    expect(() => parse('c=1&d=2&d=3')).toThrow();
    const cd = parser.parse('c=1&d=2');
    expect(shapeOf(cd)).not.toBe(ab);
    expect(shapeOf(cd)?.names).toEqual(['c', 'd']);
  });

  it('gives a map that lost or gained a name no shape', () => {
    const params = parse('a=1&b=2') as Map<string, string>;
    params.set('c', '3');
    expect(shapeOf(params)).toBeUndefined();
  });

  it('validates, nests and echoes a shaped body exactly as the same entries without a shape', () => {
    for (let round = 0; round < 3; round++) {
      const shaped = parse(PAYMENT);
      expect(shapeOf(shaped)).toBeDefined();
      const checked = validate('payment', shaped);
      const plain = validate('payment', unshaped(shaped));
      expect(checked).toEqual(plain);
      if (!checked.ok || !plain.ok) throw new Error('the payment body is valid');
      // Nothing was left out, so the checked parameters keep the body's shape.
      expect(shapeOf(checked.params)).toBe(shapeOf(shaped));
      expect(nest(checked.params)).toEqual(nest(unshaped(checked.params)));
      const view = (params: FlatParams) =>
        paymentView({ id: 'p'.repeat(32), paymentType: 'DB', paymentBrand: 'VISA', amount: 9200, currency: 'EUR', result: { code: '000.100.110' }, params });
      expect(JSON.stringify(view(checked.params))).toBe(JSON.stringify(view(unshaped(checked.params))));
      expect(JSON.stringify(view(checked.params))).toContain('"bankAccount":{"holder":"Jane Jones","iban":"DE89**************3000"}');
    }
  });

  it('nests a shaped body as the same entries without a shape: lists in index order, conflicts refused', () => {
    const refusal = (run: () => unknown): unknown => {
      try {
        run();
      } catch (error) {
        if (error instanceof ApiError) return error.parameterErrors;
        throw error;
      }
      throw new Error('expected a refusal');
    };
    for (let round = 0; round < 2; round++) {
      const lists = parse(`cart.items%5B7%5D.name=Tea&cart.items%5B3%5D.name=Cup&cart.items%5B3%5D.price=2.00&customParameters%5B123%5D=a&customer.givenName=R${round}`);
      expect(nest(lists)).toEqual(nest(unshaped(lists)));
      expect(JSON.stringify(nest(lists))).toBe(`{"cart":{"items":[{"name":"Cup","price":"2.00"},{"name":"Tea"}]},"customParameters":{"123":"a"},"customer":{"givenName":"R${round}"}}`);
      const conflict = parse('customer=x&customer.givenName=y');
      expect(refusal(() => nest(conflict))).toEqual(refusal(() => nest(unshaped(conflict))));
      expect(refusal(() => nest(conflict))).toEqual([{ name: 'customer.givenName', value: '', message: 'conflicts with another parameter' }]);
    }
  });

  it('reports the same errors, in the same order, for a shaped body as without a shape', () => {
    const entity = 'entityId=8a8294174b7ecb28014b9699220015ca&paymentType=DB';
    const bodies = [
      // Formats, a missing card field and the customer's name.
      `${entity}&amount=1.5&currency=EUR&customer.email=x&card.number=4200000000000000`,
      // Bank account data without its holder or account number, and a street of digits only.
      `${entity}&amount=1.00&currency=EUR&paymentBrand=DIRECTDEBIT_SEPA&bankAccount.bic=DEUTDEFF&billing.street1=123`,
      // A repeated payment with a CVV, and decimals the currency does not have.
      `${entity}&amount=100.50&currency=JPY&card.number=4200000000000000&card.expiryMonth=05&card.expiryYear=2034&card.cvv=123&recurringType=REPEATED`,
      // The same names with values that break no value rule.
      `${entity}&amount=100.00&currency=JPY&card.number=4200000000000000&card.expiryMonth=05&card.expiryYear=2034&card.cvv=123&recurringType=INITIAL`,
    ];
    for (let round = 0; round < 2; round++) {
      for (const body of bodies) {
        const shaped = parse(body);
        expect(shapeOf(shaped)).toBeDefined();
        expect(validate('payment', shaped)).toEqual(validate('payment', unshaped(shaped)));
      }
    }
    const failed = validate('payment', parse(bodies[2]!));
    expect(failed.ok).toBe(false);
    if (failed.ok) return;
    expect(failed.errors.map((e) => e.name)).toEqual(['card.cvv', 'amount']);
    expect(validate('payment', parse(bodies[3]!)).ok).toBe(true);
  });
});

// A parser remembers shapes for whoever built it (an app, a route): another parser, in the same
// process, neither finds its shapes nor loses its own through it.
describe('parsers of their own', () => {
  it('gives a body shaped by one parser another shape in another parser', () => {
    const one = new FormParser(LIMITS);
    const other = new FormParser(LIMITS);
    const first = shapeOf(one.parse('a=1&b=2'));
    expect(shapeOf(one.parse('a=3&b=4'))).toBe(first);
    const theirs = shapeOf(other.parse('a=1&b=2'));
    expect(theirs?.names).toEqual(['a', 'b']);
    expect(theirs).not.toBe(first);
    expect(shapeOf(other.parse('a=5&b=6'))).toBe(theirs);
  });

  it("keeps one parser's shapes while another is flooded with made-up bodies", () => {
    const kept = new FormParser(LIMITS);
    const flooded = new FormParser(LIMITS);
    const keptShape = shapeOf(kept.parse(PAYMENT));
    const floodedShape = shapeOf(flooded.parse(PAYMENT));
    // 600 bodies of 16 names never sent before: more nodes than a parser's tree holds.
    for (let i = 0; i < 600; i++) flooded.parse(Array.from({ length: 16 }, (_, j) => `made${i}_${j}=x`).join('&'));
    // The flooded parser started its tree afresh; the other still has its shape.
    expect(shapeOf(flooded.parse(PAYMENT))).not.toBe(floodedShape);
    expect(shapeOf(kept.parse(PAYMENT))).toBe(keptShape);
  });
});
