// Which card brands a card number (digits only, full or partial) belongs to, from the one brand
// table (./brands.ts). The relay and the card frame both call this, so they always name the same
// brand for the same digits. Pure and dependency-free: it is bundled into the card frame.

import { CARD_BRAND_DIGITS, CARD_BRANDS, cardBrandOf, type BinPattern, type BrandDigits, type CardBrand } from './brands.js';

/** No pattern of the table is longer: the brands of a number depend on these leading digits only. */
export const BRAND_PREFIX_DIGITS = 8;

/**
 * How well `digits` fits one pattern: -1 no, 0 could still (too few digits), else the number of
 * pattern digits matched (credit-card-type's semantics).
 */
export function patternStrength(digits: string, pattern: BinPattern): number {
  if (typeof pattern !== 'number') {
    const min = String(pattern[0]);
    const max = String(pattern[1]);
    const n = Math.min(digits.length, min.length);
    const head = Number(digits.slice(0, n));
    const ok = head >= Number(min.slice(0, n)) && head <= Number(max.slice(0, n));
    return !ok ? -1 : digits.length >= min.length ? min.length : 0;
  }
  const p = String(pattern);
  if (p.slice(0, digits.length) !== digits.slice(0, p.length)) return -1;
  return digits.length >= p.length ? p.length : 0;
}

function strength(patterns: readonly BinPattern[] | undefined, digits: string): number {
  let best = -1;
  for (const p of patterns ?? []) best = Math.max(best, patternStrength(digits, p));
  return best;
}

/** The strongest matching brand among rows, by `pick`'s patterns; ties go to the table's order. */
function strongest(digits: string, pick: (d: BrandDigits) => readonly BinPattern[] | undefined): CardBrand | undefined {
  let found: CardBrand | undefined;
  let best = 0;
  for (const b of CARD_BRANDS) {
    const own = CARD_BRAND_DIGITS[b.code];
    const s = own ? strength(pick(own), digits) : -1;
    if (s > best) [found, best] = [b, s];
  }
  return found;
}

/**
 * Brand codes the digits belong to, most specific first: the brand whose BIN table matches (mada,
 * Visa Electron, Dankort), then the network whose range matches longest, unless that BIN brand is
 * not co-badged with it (Dankort 5019 is not a Maestro card). The first entry is the brand to use
 * when none was chosen. Sub-brands without patterns (VISADEBIT) are never listed: see
 * cardBrandMatches.
 */
export function detectCardBrands(digits: string): string[] {
  const local = strongest(digits, (b) => b.bins);
  const network = strongest(digits, (b) => b.patterns);
  const brands: string[] = [];
  if (local) brands.push(local.code);
  if (network && (!local || local.alsoOn?.includes(network.code))) brands.push(network.code);
  return brands;
}

/**
 * Whether digits may be paid as `code`: it was detected, or it is a sub-brand of a detected network
 * that the table cannot tell apart by number (VISADEBIT on a Visa number). A brand with a BIN
 * table (MADA) must be recognised by it, never taken on the network's word.
 */
export function cardBrandMatches(code: string, detected: readonly string[]): boolean {
  if (detected.includes(code)) return true;
  const row = cardBrandOf(code);
  if (!row?.alsoOn || CARD_BRAND_DIGITS[code]) return false;
  return row.alsoOn.some((network) => detected.includes(network));
}

/** Where `code` ranks among the detected brands (a sub-brand ranks as its network); -1 if not there. */
export function detectedRank(code: string, detected: readonly string[]): number {
  const own = detected.indexOf(code);
  if (own >= 0) return own;
  if (!cardBrandMatches(code, detected)) return -1;
  return Math.min(...(cardBrandOf(code)?.alsoOn ?? []).map((n) => detected.indexOf(n)).filter((i) => i >= 0));
}
