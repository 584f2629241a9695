// Card number facts, pure: Luhn, brand detection, expiry, CVV length, BIN and last four. Brands
// come from the one brand table (spec/brands.ts) through spec/brand-detection.ts, the code the card
// frame bundles too, so the relay and the widget always detect the same brand.

import { BRAND_PREFIX_DIGITS, cardBrandMatches, detectCardBrands } from '../../../spec/brand-detection.js';
import { cardBrandOf } from '../../../spec/brands.js';
import { boundedMemo } from './bounded-memo.js';

const DIGITS = /^[0-9]+$/;

/** Luhn (mod 10) check over ASCII digits; false for anything else, including the empty string. */
export function luhnValid(digits: string): boolean {
  if (digits.length < 2 || !DIGITS.test(digits)) return false;
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brands of a number depend on this many leading digits at most (the table's longest pattern). */
export const NETWORK_PREFIX_DIGITS = BRAND_PREFIX_DIGITS;
const MAX_REMEMBERED_PREFIXES = 10_000;

const brandsOf = (digits: string): readonly string[] => Object.freeze(detectCardBrands(digits));

/**
 * The brands depend on the leading NETWORK_PREFIX_DIGITS digits alone once the number is that
 * long, so they are remembered per prefix: the table holds a few hundred patterns, and every
 * payment asks.
 */
const brandsOfPrefix = boundedMemo(MAX_REMEMBERED_PREFIXES, brandsOf);

/**
 * Brand codes the number (digits only, full or partial) belongs to, most specific first: brands
 * recognised by BIN (mada, Visa Electron, Dankort) before the network. The first entry is the
 * brand to use when the merchant sent none.
 */
export function detectBrands(number: string): readonly string[] {
  if (!DIGITS.test(number)) return [];
  return number.length >= NETWORK_PREFIX_DIGITS ? brandsOfPrefix(number.slice(0, NETWORK_PREFIX_DIGITS)) : brandsOf(number);
}

/**
 * Whether a card number may be paid as `brand`: the brand was detected, or it is a sub-brand of a
 * detected network that no BIN table here can recognise (VISADEBIT on a Visa number). A brand
 * this project can recognise by BIN (MADA) must be recognised.
 */
export function brandMatches(number: string, brand: string): boolean {
  return cardBrandMatches(brand, detectBrands(number));
}

/** Whether the number's length is one the brand issues. */
export function lengthValidFor(number: string, brand: string): boolean {
  return cardBrandOf(brand)?.lengths.includes(number.length) ?? false;
}

const MONTH = /^(0[1-9]|1[0-2])$/;
const YEAR = /^(19|20)[0-9]{2}$/;

/** card.expiryMonth 01-12 and card.expiryYear of 4 digits starting 19 or 20 (the spec's formats). */
export function expiryWellFormed(month: string, year: string): boolean {
  return MONTH.test(month) && YEAR.test(year);
}

/** Well formed and not expired: a card is valid through the last day of its expiry month. */
export function expiryValid(month: string, year: string, today: { year: number; month: number }): boolean {
  if (!expiryWellFormed(month, year)) return false;
  const y = Number.parseInt(year, 10);
  const m = Number.parseInt(month, 10);
  return y > today.year || (y === today.year && m >= today.month);
}

/** CVV length of a card brand (4 for AMEX, 3 for the others); undefined for non-card brands. */
export function cvvLengthFor(brand: string): 3 | 4 | undefined {
  return cardBrandOf(brand)?.cvvLength;
}

/** The BIN: first six digits, the only leading digits a response or log may show. */
export function maskBin(number: string): string {
  return number.slice(0, 6);
}

/** The last four digits. */
export function last4(number: string): string {
  return number.slice(-4);
}
