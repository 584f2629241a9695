// Whether a kind of rule reads values is a field of its row in the rule table (RULE_KINDS), and
// that field alone decides whether a body shape's findings may be kept for it: a kind whose row
// says it reads values is checked on every body, so two bodies with the same names and different
// values get the findings of their own values.

import { describe, expect, it } from 'vitest';
import { FormParser } from '../../src/params/form-body.js';
import { RULE_KINDS, RULES, type Rule } from '../../src/params/rules.js';
import { shapeOf } from '../../src/params/shape.js';
import type { FlatParams } from '../../src/params/types.js';
import { operationValidator } from '../../src/params/validate.js';

const parser = new FormParser({ maxParameters: 4000 });
const parse = (raw: string): FlatParams => parser.parse(raw);
const PAYMENT = 'entityId=8a8294174b7ecb28014b9699220015ca&paymentType=DB&paymentBrand=VISA&card.number=4200000000000000&card.expiryMonth=05&card.expiryYear=2034';

/** For each kind that reads values: a payment that breaks its rule and one with the same names that does not. */
const EXAMPLES: Partial<Record<Rule['kind'], { readonly breaks: string; readonly holds: string; readonly name: string }>> = {
  notDigitsOnly: { breaks: `${PAYMENT}&amount=1.00&currency=EUR&billing.street1=123`, holds: `${PAYMENT}&amount=1.00&currency=EUR&billing.street1=Main+1`, name: 'billing.street1' },
  amountInCurrency: { breaks: `${PAYMENT}&amount=100.50&currency=JPY`, holds: `${PAYMENT}&amount=100.00&currency=JPY`, name: 'amount' },
};

const readingKinds = (Object.keys(RULE_KINDS) as Rule['kind'][]).filter((kind) => RULE_KINDS[kind].readsValues);

/** The names of the validator's findings for `body`, and whether the body had a shape. */
function findings(validate: ReturnType<typeof operationValidator>, body: string): string[] {
  const params = parse(body);
  expect(shapeOf(params)).toBeDefined();
  const result = validate(params);
  return result.ok ? [] : result.errors.map((e) => e.name);
}

describe('rule kinds that read values', () => {
  it('has an example for every kind whose row says it reads values, and a rule of each kind in the table', () => {
    expect(readingKinds.sort()).toEqual(Object.keys(EXAMPLES).sort());
    for (const kind of readingKinds) expect(RULES.some((rule) => rule.kind === kind)).toBe(true);
  });

  it.each(readingKinds)('checks %s on every body of a shape, by its own values', (kind) => {
    const example = EXAMPLES[kind]!;
    // One validator, as a route keeps one: the shape's findings are kept between the bodies.
    const validate = operationValidator('payment');
    for (let round = 0; round < 2; round++) {
      expect(findings(validate, example.breaks)).toEqual([example.name]);
      expect(findings(validate, example.holds)).toEqual([]);
    }
  });

  it('serves a kind from the names alone once its row says it reads no values', () => {
    // The row is what decides: with it turned off, the names' findings are kept for the shape and
    // the second body gets them whatever its values, so the field cannot be left out of a row.
    const example = EXAMPLES.notDigitsOnly!;
    const row = RULE_KINDS.notDigitsOnly as { readsValues: boolean };
    row.readsValues = false;
    try {
      const validate = operationValidator('payment');
      expect(findings(validate, example.breaks)).toEqual([example.name]);
      expect(findings(validate, example.holds)).toEqual([example.name]);
    } finally {
      row.readsValues = true;
    }
    expect(findings(operationValidator('payment'), example.holds)).toEqual([]);
  });
});
