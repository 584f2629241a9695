import { describe, expect, it } from 'vitest';
import { brandOf } from '../../../spec/brands.js';
import { isRejection, RESULT_CODES } from '../../../spec/result-codes.js';
import { detectBrands, luhnValid } from '../../src/domain/card.js';
import { ibanValid } from '../../src/domain/iban.js';
import { ACCOUNT_RULES, APPROVAL_CODES, CARD_RULES, TEST_BANK_ACCOUNTS, TEST_CARDS } from '../../src/simulator/rules.js';

// The tables are the simulator: these tests keep their rows consistent with the rest of the project.
describe('simulator tables', () => {
  it('lists test cards that are valid numbers of their brand', () => {
    for (const t of TEST_CARDS) {
      expect(luhnValid(t.number)).toBe(true);
      expect(detectBrands(t.number)[0]).toBe(t.brand);
    }
    expect(new Set(TEST_CARDS.map((t) => t.number)).size).toBe(TEST_CARDS.length);
  });

  it('lists test bank accounts with valid IBANs', () => {
    for (const a of TEST_BANK_ACCOUNTS) expect(ibanValid(a.iban)).toBe(true);
  });

  it('declines only with catalogued rejection codes', () => {
    for (const rule of [...CARD_RULES, ...ACCOUNT_RULES]) {
      if (rule.then.kind !== 'decline') continue;
      expect(Object.hasOwn(RESULT_CODES, rule.then.resultCode)).toBe(true);
      expect(isRejection(rule.then.resultCode)).toBe(true);
    }
  });

  it('approves with success codes', () => {
    expect(Object.values(APPROVAL_CODES)).toEqual(['000.100.110', '000.100.112', '000.000.000']);
  });

  it('names only known brands in account rules', () => {
    for (const rule of ACCOUNT_RULES) if (rule.brand) expect(brandOf(rule.brand)).toBeDefined();
  });

  it('keeps risk scores within the response range', () => {
    for (const rule of [...CARD_RULES, ...ACCOUNT_RULES]) expect(Math.abs(rule.riskScore)).toBeLessThanOrEqual(99999);
  });
});
