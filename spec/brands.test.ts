import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { brandOf, CARD_BRAND_DIGITS, CARD_BRAND_NAMES, CARD_BRANDS, cardBrandOf, isCardBrand, OTHER_BRANDS } from './brands.js';

// credit-card-type is card-validator's own table; the test reads it to prove the two agree.
const require = createRequire(import.meta.url);
const creditCardType = require('credit-card-type') as {
  getTypeInfo(type: string): { patterns: unknown[]; gaps: number[]; lengths: number[]; code: { size: number } };
};

describe('brand table', () => {
  it('has unique codes across all kinds', () => {
    const codes = [...CARD_BRANDS, ...OTHER_BRANDS].map((b) => b.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9_]{1,32}$/);
  });

  it('names every card brand, and only card brands (the names column the widget reads)', () => {
    expect(Object.keys(CARD_BRAND_NAMES)).toEqual(CARD_BRANDS.map((b) => b.code));
    for (const name of Object.values(CARD_BRAND_NAMES)) expect(name.trim()).not.toBe('');
  });

  it('holds the card brands of widget-surface §2', () => {
    const listed = 'AMEX CARTEBANCAIRE CARTEBLEUE DANKORT DINERS DISCOVER ELO HIPERCARD JCB MADA MAESTRO MASTER MASTERDEBIT VISA VISADEBIT VISAELECTRON VPAY';
    for (const code of listed.split(' ')) expect(isCardBrand(code)).toBe(true);
  });

  it('holds the bank-account, voucher and wallet brands', () => {
    expect(brandOf('DIRECTDEBIT_SEPA')?.kind).toBe('bankAccount');
    for (const code of ['GIROPAY', 'IDEAL', 'SOFORTUEBERWEISUNG']) expect(brandOf(code)?.kind).toBe('bankAccount');
    for (const code of ['BOLETO', 'OXXO', 'BALOTO']) expect(brandOf(code)?.kind).toBe('voucher');
    for (const code of ['APPLEPAY', 'GOOGLEPAY', 'PAYPAL']) expect(brandOf(code)?.kind).toBe('wallet');
    for (const code of ['APPLEPAY', 'DIRECTDEBIT_SEPA', 'BOLETO', 'STC_PAY']) expect(isCardBrand(code)).toBe(false);
  });

  it('is case-sensitive and knows nothing it does not list', () => {
    expect(brandOf('visa')).toBeUndefined();
    expect(brandOf('NOPE')).toBeUndefined();
    expect(brandOf('constructor')).toBeUndefined();
    expect(isCardBrand('')).toBe(false);
  });

  it('gives AMEX a 4-digit CVV and every other card 3', () => {
    for (const b of CARD_BRANDS) expect(b.cvvLength).toBe(b.code === 'AMEX' ? 4 : 3);
  });

  it('agrees with card-validator on lengths and CVV size', () => {
    for (const b of CARD_BRANDS) {
      if (!b.cardValidatorType) continue;
      const info = creditCardType.getTypeInfo(b.cardValidatorType);
      expect([b.code, [...b.lengths]]).toEqual([b.code, info.lengths]);
      expect([b.code, b.cvvLength]).toEqual([b.code, info.code.size]);
    }
  });

  it('holds credit-card-type\'s ranges and digit groups for the networks', () => {
    for (const b of CARD_BRANDS) {
      if (!b.cardValidatorType) continue;
      const info = creditCardType.getTypeInfo(b.cardValidatorType);
      expect([b.code, CARD_BRAND_DIGITS[b.code]?.patterns, [...b.gaps]]).toEqual([b.code, info.patterns, info.gaps]);
    }
  });

  it('recognises every card brand: by its range, its BIN table, or its networks\' numbers', () => {
    for (const b of CARD_BRANDS) {
      const digits = CARD_BRAND_DIGITS[b.code];
      const own = (digits?.patterns?.length ?? 0) + (digits?.bins?.length ?? 0);
      expect([b.code, own > 0 || (b.alsoOn?.length ?? 0) > 0]).toEqual([b.code, true]);
      expect([b.code, Boolean(digits?.patterns && digits.bins)]).toEqual([b.code, false]);
    }
    // Digits only for brands of the table.
    for (const code of Object.keys(CARD_BRAND_DIGITS)) expect([code, isCardBrand(code)]).toEqual([code, true]);
  });

  it('holds every published mada BIN, each once', () => {
    const bins = CARD_BRAND_DIGITS.MADA?.bins ?? [];
    expect(new Set(bins).size).toBe(bins.length);
    for (const bin of [446404, 588845, 968201, 968211, 604906, 636120, 457997, 539931, 420132]) expect(bins).toContain(bin);
  });

  it('maps each card-validator type to one brand only', () => {
    const types = CARD_BRANDS.flatMap((b) => (b.cardValidatorType ? [b.cardValidatorType] : []));
    expect(new Set(types).size).toBe(types.length);
  });

  it('points sub-brands at networks that exist', () => {
    for (const b of CARD_BRANDS) for (const n of b.alsoOn ?? []) expect(cardBrandOf(n)?.cardValidatorType).toBeDefined();
  });

  it('gives every card brand lengths within 12-19', () => {
    for (const b of CARD_BRANDS) {
      expect(b.lengths.length).toBeGreaterThan(0);
      for (const n of b.lengths) expect(n >= 12 && n <= 19).toBe(true);
    }
  });
});
