// Brand detection and card-number validity inside the card-number frame, from the one brand table
// (spec/brands.ts) and the detection the relay runs too (spec/brand-detection.ts): the frame names
// the brand the relay will, for every BIN of the table. Bundled into frame.min.js, so it imports
// only those two dependency-free files.

import { cardBrandMatches, detectCardBrands, detectedRank } from '../../spec/brand-detection.js';
import { cardBrandOf, type CardBrand } from '../../spec/brands.js';

/** The table's row of a card brand, or undefined (no brand, or not a card brand). */
export function ruleFor(brand: string | null): CardBrand | undefined {
  return brand ? cardBrandOf(brand) : undefined;
}

export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export interface NumberOptions {
  /** Allowed brands, merchant order. */
  brands: readonly string[];
  /** Brand chosen in the host's select. */
  selected: string | null;
  detection: boolean;
  priority: readonly string[];
}

export interface NumberCheck {
  brand: string | null;
  /** Allowed brands that the digits fully match, best first. */
  detected: string[];
  valid: boolean;
  gaps: number[];
  maxLength: number;
}

/** Fallback for a brand without rules, and for digits no allowed brand matches yet. */
const ANY = { gaps: [4, 8, 12], min: 12, max: 19 } as const;

export function checkNumber(digits: string, o: NumberOptions): NumberCheck {
  const found = detectCardBrands(digits);
  const scored = o.brands
    .map((brand, index) => ({ brand, index, at: detectedRank(brand, found) }))
    .filter((x) => x.at >= 0);
  const rank = (b: string) => {
    const i = o.priority.indexOf(b);
    return i < 0 ? o.priority.length : i;
  };
  // The merchant's priority first, then the table's (a BIN brand before its network), then the form's order.
  scored.sort((a, b) => rank(a.brand) - rank(b.brand) || a.at - b.at || a.index - b.index);
  const detected = scored.map((x) => x.brand);

  let brand: string | null;
  if (o.detection) {
    // Detected brand; otherwise the selected one if it has no rules to contradict the digits.
    brand = detected[0] ?? (o.selected && !ruleFor(o.selected) && o.brands.includes(o.selected) ? o.selected : null);
  } else {
    brand = o.selected && o.brands.includes(o.selected) ? o.selected : null;
  }
  const rule = ruleFor(brand);
  let ok: boolean;
  if (!brand) ok = false;
  else if (rule) ok = cardBrandMatches(brand, found) && rule.lengths.includes(digits.length) && luhn(digits);
  else ok = digits.length >= ANY.min && digits.length <= ANY.max && luhn(digits);
  return {
    brand: digits ? brand : o.detection ? null : brand,
    detected,
    valid: ok,
    gaps: [...(rule?.gaps ?? ANY.gaps)],
    maxLength: rule ? Math.max(...rule.lengths) : ANY.max,
  };
}

/** CVV digits the brand expects; null when unknown (3 or 4 accepted). */
export function cvvLength(brand: string | null): number | null {
  return ruleFor(brand)?.cvvLength ?? null;
}

export function cvvValid(digits: string, brand: string | null, allowEmpty: boolean): boolean {
  if (digits === '') return allowEmpty;
  const n = cvvLength(brand);
  return n === null ? digits.length === 3 || digits.length === 4 : digits.length === n;
}
