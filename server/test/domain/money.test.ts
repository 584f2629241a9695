import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyExponent, formatAmount, MAX_AMOUNT_MINOR, parseAmount, representableIn } from '../../src/domain/money.js';

describe('parseAmount', () => {
  it.each([
    ['0', 0],
    ['0.00', 0],
    ['10', 1000],
    ['10.00', 1000],
    ['10.05', 1005],
    ['0.99', 99],
    ['007.50', 750],
    ['9999999999.99', 999_999_999_999],
    ['9999999999', 999_999_999_900],
  ])('reads %s as %i minor units', (s, minor) => {
    expect(parseAmount(s)).toBe(minor);
  });

  // B1: everything Number()/parseFloat would accept or round, and every near miss of N10.N2.
  it.each([
    '10.0', '10.001', '-1.00', '+1.00', '1e3', '0x10', ' 10.00', '10.00 ', '10,00', '１０.００', '١٠.٠٠', 'NaN',
    'Infinity', '', '.', '.50', '10.', '12345678901', '12345678901.00', '1.2.3', '1..00', '10.0a', '1_000.00', '\u00a010.00',
  ])('rejects %j', (s) => {
    expect(() => parseAmount(s)).toThrow(RangeError);
  });
});

describe('formatAmount', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1000, '10.00'],
    [123456, '1234.56'],
    [999_999_999_999, '9999999999.99'],
  ])('writes %i as %s', (minor, s) => {
    expect(formatAmount(minor)).toBe(s);
  });

  it.each([-1, 0.5, MAX_AMOUNT_MINOR + 1, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d', (minor) => {
    expect(() => formatAmount(minor)).toThrow(RangeError);
  });
});

describe('amount round trip', () => {
  it('parse(format(x)) === x for every amount the grammar holds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_AMOUNT_MINOR }), (minor) => parseAmount(formatAmount(minor)) === minor),
      { numRuns: 5000 },
    );
  });

  it('format(parse(s)) is the canonical form of any well-formed string', () => {
    const digits = (min: number, max: number) => fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((a) => a.join(''));
    fc.assert(
      fc.property(digits(1, 10), digits(2, 2), (int, dec) => {
        const canonical = `${BigInt(int)}.${dec}`;
        return formatAmount(parseAmount(`${int}.${dec}`)) === canonical;
      }),
    );
  });
});

describe('currency exponents', () => {
  it('knows zero- and three-decimal currencies, defaults to two', () => {
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('KWD')).toBe(3);
    expect(currencyExponent('EUR')).toBe(2);
    expect(currencyExponent('BRL')).toBe(2);
    expect(currencyExponent('constructor')).toBe(2);
  });

  it('keeps the N10.N2 grammar for JPY: whole yen only', () => {
    expect(parseAmount('100.00')).toBe(10000);
    expect(representableIn(parseAmount('100.00'), 'JPY')).toBe(true);
    expect(representableIn(parseAmount('100.50'), 'JPY')).toBe(false);
    expect(representableIn(parseAmount('100.50'), 'EUR')).toBe(true);
  });
});
