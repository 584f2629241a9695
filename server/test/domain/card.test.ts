import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectCardBrands } from '../../../spec/brand-detection.js';
import { brandMatches, cvvLengthFor, detectBrands, NETWORK_PREFIX_DIGITS, expiryValid, expiryWellFormed, last4, lengthValidFor, luhnValid, maskBin } from '../../src/domain/card.js';

/** Appends the Luhn check digit to a payload, to build valid numbers for any prefix. */
function withCheckDigit(payload: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(payload + d)) return payload + d;
  throw new Error('unreachable');
}

describe('luhnValid', () => {
  it.each(['4200000000000000', '4111111111111111', '377777777777770', '36961903000009', '79927398713'])('accepts %s', (n) => {
    expect(luhnValid(n)).toBe(true);
  });

  it.each(['4200000000000001', '4111111111111112', '79927398710', '', '0', '4200 0000 0000 0000', '42000000000000o0', '４２００'])('rejects %j', (n) => {
    expect(luhnValid(n)).toBe(false);
  });

  it('catches every single-digit change', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{11,18}$/), fc.nat(), fc.integer({ min: 1, max: 9 }), (payload, at, delta) => {
        const valid = withCheckDigit(payload);
        const i = at % valid.length;
        const changed = valid.slice(0, i) + String((Number(valid[i]) + delta) % 10) + valid.slice(i + 1);
        return luhnValid(valid) && !luhnValid(changed);
      }),
    );
  });
});

describe('detectBrands', () => {
  it.each([
    ['4200000000000000', ['VISA']],
    ['4711100000000000', ['VISA']],
    ['5454545454545454', ['MASTER']],
    ['5212345678901234', ['MASTER']],
    ['2221000000000009', ['MASTER']],
    ['377777777777770', ['AMEX']],
    ['375987000000005', ['AMEX']],
    ['4464040000000007', ['MADA', 'VISA']],
    ['36961903000009', ['DINERS']],
    ['6011587918359498', ['DISCOVER']],
    ['3541599999092431', ['JCB']],
    ['6799851000000032', ['MAESTRO']],
    ['4917300800000000', ['VISAELECTRON', 'VISA']],
    ['5019717010103742', ['DANKORT']],
    ['4571000000000001', ['DANKORT', 'VISA']],
    ['6362970000457013', ['ELO']],
    ['6062825624254001', ['HIPERCARD']],
    ['9682080000000000', ['MADA']],
  ])('%s -> %j', (n, brands) => {
    expect(detectBrands(n)).toEqual(brands);
  });

  it('finds nothing in non-digits or unknown prefixes', () => {
    expect(detectBrands('')).toEqual([]);
    expect(detectBrands('4200 0000 0000 0000')).toEqual([]);
    expect(detectBrands('1234567812345670')).toEqual([]);
  });

  it('puts the local brand first, so it is the default brand', () => {
    expect(detectBrands('4464040000000007')[0]).toBe('MADA');
  });

  // detectBrands remembers the brands per leading NETWORK_PREFIX_DIGITS digits: true only while
  // the table decides on no more digits than that.
  it('depends on the leading digits only, and remembers what the table says', () => {
    const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
    const starts = fc.constantFrom('', '4', '5', '2', '34', '37', '36', '6011', '62', '35', '50', '56', '60', '65', '636', '5067', '4011', '6062', '2200', '81');
    const prefix = fc.tuple(starts, digits(8, 8)).map(([start, rest]) => (start + rest).slice(0, NETWORK_PREFIX_DIGITS));
    fc.assert(
      fc.property(prefix, digits(0, 11), digits(0, 11), (p, a, b) => {
        expect(detectCardBrands(p + a)).toEqual(detectCardBrands(p + b));
        expect(detectBrands(p + a)).toEqual(detectCardBrands(p + a));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('brandMatches', () => {
  it('accepts detected brands', () => {
    expect(brandMatches('4464040000000007', 'MADA')).toBe(true);
    expect(brandMatches('4464040000000007', 'VISA')).toBe(true);
    expect(brandMatches('4200000000000000', 'VISA')).toBe(true);
  });

  it('accepts sub-brands no BIN table here can tell apart, on their network only', () => {
    expect(brandMatches('4200000000000000', 'VISADEBIT')).toBe(true);
    expect(brandMatches('5454545454545454', 'MASTERDEBIT')).toBe(true);
    expect(brandMatches('5454545454545454', 'CARTEBANCAIRE')).toBe(true);
    expect(brandMatches('5454545454545454', 'VISADEBIT')).toBe(false);
  });

  it('refuses brands the number does not carry', () => {
    expect(brandMatches('4200000000000000', 'MASTER')).toBe(false);
    expect(brandMatches('4200000000000000', 'MADA')).toBe(false); // recognised by BIN, so must be recognised
    expect(brandMatches('4200000000000000', 'VISAELECTRON')).toBe(false);
    expect(brandMatches('5019717010103742', 'MAESTRO')).toBe(false);
    expect(brandMatches('4200000000000000', 'DIRECTDEBIT_SEPA')).toBe(false);
    expect(brandMatches('4200000000000000', 'NOPE')).toBe(false);
  });
});

describe('lengths, CVV, BIN, last four', () => {
  it('checks the number length against the brand', () => {
    expect(lengthValidFor('4200000000000000', 'VISA')).toBe(true);
    expect(lengthValidFor('420000000000000', 'VISA')).toBe(false);
    expect(lengthValidFor('377777777777770', 'AMEX')).toBe(true);
    expect(lengthValidFor('4200000000000000', 'APPLEPAY')).toBe(false);
  });

  it('knows CVV lengths', () => {
    expect(cvvLengthFor('AMEX')).toBe(4);
    expect(cvvLengthFor('VISA')).toBe(3);
    expect(cvvLengthFor('MADA')).toBe(3);
    expect(cvvLengthFor('PAYPAL')).toBeUndefined();
  });

  it('shows only the BIN and the last four', () => {
    expect(maskBin('4200000000001234')).toBe('420000');
    expect(last4('4200000000001234')).toBe('1234');
  });
});

describe('expiry', () => {
  const today = { year: 2026, month: 11 };

  it('is valid through the last day of the expiry month', () => {
    expect(expiryValid('11', '2026', today)).toBe(true);
    expect(expiryValid('12', '2026', today)).toBe(true);
    expect(expiryValid('01', '2027', today)).toBe(true);
    expect(expiryValid('10', '2026', today)).toBe(false);
    expect(expiryValid('12', '2025', today)).toBe(false);
  });

  it('needs the spec formats: 01-12 and a 4-digit year starting 19 or 20', () => {
    for (const [m, y] of [['1', '2030'], ['13', '2030'], ['00', '2030'], ['12', '30'], ['12', '2130'], ['12', '1899'], ['1a', '2030'], ['12', ' 2030']] as const) {
      expect(expiryWellFormed(m, y)).toBe(false);
      expect(expiryValid(m, y, today)).toBe(false);
    }
    expect(expiryWellFormed('01', '2099')).toBe(true);
  });
});
