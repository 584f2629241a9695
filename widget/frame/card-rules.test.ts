import { describe, expect, it } from 'vitest';
import { patternStrength } from '../../spec/brand-detection.js';
import { checkNumber, cvvLength, cvvValid, luhn } from './card-rules.js';

const ALL = ['VISA', 'MASTER', 'AMEX', 'MADA', 'DINERS', 'DISCOVER', 'JCB', 'MAESTRO', 'VISAELECTRON', 'DANKORT'];
const detect = (digits: string, brands = ALL, priority: string[] = []) =>
  checkNumber(digits, { brands, selected: brands[0] ?? null, detection: true, priority });

describe('test cards of the widget surface (§9) are detected and valid', () => {
  const cards: Array<[string, string]> = [
    ['4200000000000000', 'VISA'],
    ['4711100000000000', 'VISA'],
    ['5454545454545454', 'MASTER'],
    ['5212345678901234', 'MASTER'],
    ['377777777777770', 'AMEX'],
    ['375987000000005', 'AMEX'],
    ['4464040000000007', 'MADA'],
    ['36961903000009', 'DINERS'],
    ['6011587918359498', 'DISCOVER'],
    ['3541599999092431', 'JCB'],
    ['6799851000000032', 'MAESTRO'],
    ['4917300800000000', 'VISAELECTRON'],
    ['5019717010103742', 'DANKORT'],
  ];
  for (const [number, brand] of cards) {
    it(`${brand} ${number}`, () => {
      const c = detect(number);
      expect(c.brand).toBe(brand);
      expect(c.valid).toBe(true);
    });
  }
});

describe('checkNumber', () => {
  it('co-badged mada: the BIN table wins unless the priority says otherwise', () => {
    expect(detect('4464040000000007').detected).toEqual(['MADA', 'VISA']);
    expect(detect('4464040000000007', ALL, ['VISA', 'MADA']).brand).toBe('VISA');
    expect(detect('4464040000000007', ['VISA', 'MASTER']).brand).toBe('VISA');
    expect(detect('4464040000000007', ['MADA', 'MASTER']).brand).toBe('MADA');
  });

  it('a brand that is not allowed makes the number invalid', () => {
    const c = detect('377777777777770', ['VISA', 'MASTER']);
    expect(c.brand).toBeNull();
    expect(c.valid).toBe(false);
  });

  it('Luhn and length by brand', () => {
    expect(detect('4200000000000001').valid).toBe(false);
    expect(detect('420000000000000').valid).toBe(false);
    expect(detect('37777777777777').valid).toBe(false);
    expect(detect('4200000000000000').maxLength).toBe(19);
    expect(detect('3777').gaps).toEqual([4, 10]);
    expect(detect('3777').maxLength).toBe(15);
  });

  it('detects from the first digits, before the number is complete', () => {
    expect(detect('4').brand).toBe('VISA');
    expect(detect('37').brand).toBe('AMEX');
    expect(detect('').brand).toBeNull();
    expect(detect('').detected).toEqual([]);
  });

  it('without detection the selected brand decides', () => {
    const o = { brands: ['VISA', 'MASTER'], selected: 'MASTER', detection: false, priority: [] };
    expect(checkNumber('5454545454545454', o)).toMatchObject({ brand: 'MASTER', valid: true });
    expect(checkNumber('4200000000000000', o)).toMatchObject({ brand: 'MASTER', valid: false });
  });

  it('a sub-brand without a BIN table is detected on its network', () => {
    const o = { brands: ['VPAY'], selected: 'VPAY', detection: true, priority: [] };
    expect(checkNumber('4200000000000000', o)).toMatchObject({ brand: 'VPAY', valid: true });
    expect(checkNumber('4200000000000001', o).valid).toBe(false);
    expect(checkNumber('5454545454545454', o)).toMatchObject({ brand: null, valid: false });
    expect(detect('4200000000000000', ['VISADEBIT', 'VISA']).detected).toEqual(['VISADEBIT', 'VISA']);
  });

  it('a brand outside the table is checked by Luhn and 12–19 digits', () => {
    const o = { brands: ['NEWCARD'], selected: 'NEWCARD', detection: true, priority: [] };
    expect(checkNumber('9900000000000002', o)).toMatchObject({ brand: 'NEWCARD', valid: true });
    expect(checkNumber('9900000000000001', o).valid).toBe(false);
  });

  it('a 6011 number is Discover, not also Maestro', () => {
    expect(detect('6011587918359498').detected).toEqual(['DISCOVER']);
  });
});

describe('patterns, Luhn, CVV', () => {
  it('patternStrength follows credit-card-type semantics', () => {
    expect(patternStrength('4', 4)).toBe(1);
    expect(patternStrength('44', 446404)).toBe(0);
    expect(patternStrength('446404', 446404)).toBe(6);
    expect(patternStrength('45', 446404)).toBe(-1);
    expect(patternStrength('2221', [2221, 2720])).toBe(4);
    expect(patternStrength('28', [2221, 2720])).toBe(-1);
  });
  it('luhn', () => {
    expect(luhn('79927398713')).toBe(true);
    expect(luhn('79927398710')).toBe(false);
    expect(luhn('')).toBe(false);
  });
  it('CVV length by brand', () => {
    expect(cvvLength('AMEX')).toBe(4);
    expect(cvvLength('VISA')).toBe(3);
    expect(cvvLength('MADA')).toBe(3);
    expect(cvvLength(null)).toBeNull();
    expect(cvvValid('1234', 'AMEX', false)).toBe(true);
    expect(cvvValid('123', 'AMEX', false)).toBe(false);
    expect(cvvValid('1234', 'VISA', false)).toBe(false);
    expect(cvvValid('123', null, false)).toBe(true);
    expect(cvvValid('', 'VISA', false)).toBe(false);
    expect(cvvValid('', 'VISA', true)).toBe(true);
  });
});
