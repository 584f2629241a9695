// The relay and the card frame detect brands from the one table (spec/brands.ts): for every prefix
// of every card brand, and a number of each of the brand's lengths, both name the same brand, and
// both accept the row's own brand for it. Before the table was shared, the two mada lists differed
// by 27 BINs, so a shopper's form could name a brand the relay then refused.

import { describe, expect, it } from 'vitest';
import { BRAND_PREFIX_DIGITS } from '../../../spec/brand-detection.js';
import { CARD_BRAND_DIGITS, CARD_BRANDS, type BinPattern, type CardBrand } from '../../../spec/brands.js';
import { checkNumber } from '../../../widget/frame/card-rules.js';
import { brandMatches, detectBrands, luhnValid } from '../../src/domain/card.js';

const ALL = CARD_BRANDS.map((b) => b.code);

/** Leading digits a pattern admits: the prefix itself, or both ends of a range. */
function prefixesOf(pattern: BinPattern): string[] {
  return typeof pattern === 'number' ? [String(pattern)] : [String(pattern[0]), String(pattern[1])];
}

/** The row's own prefixes; a sub-brand without any is issued on its networks' numbers. */
function prefixesOfRow(row: CardBrand): string[] {
  const digits = CARD_BRAND_DIGITS[row.code];
  const own = [...(digits?.bins ?? []), ...(digits?.patterns ?? [])];
  const patterns = own.length > 0 ? own : (row.alsoOn ?? []).flatMap((n) => CARD_BRAND_DIGITS[n]?.patterns ?? []);
  return patterns.flatMap(prefixesOf);
}

/** A Luhn-valid number of `length` digits starting with `prefix`. */
function numberWith(prefix: string, length: number): string {
  const payload = prefix.padEnd(length - 1, '0');
  for (let d = 0; d <= 9; d++) if (luhnValid(payload + d)) return payload + d;
  throw new Error('unreachable');
}

const frameCheck = (number: string, brands: readonly string[]) => checkNumber(number, { brands, selected: null, detection: true, priority: [] });

describe('relay and card frame agree on every row of the brand table', () => {
  for (const row of CARD_BRANDS) {
    it(`${row.code}: every prefix, every length`, () => {
      const prefixes = prefixesOfRow(row);
      expect(prefixes.length).toBeGreaterThan(0);
      for (const prefix of prefixes) {
        for (const length of row.lengths) {
          const number = numberWith(prefix, length);
          const relay = detectBrands(number);
          const frame = frameCheck(number, ALL);
          // The same first brand (the one used when the shopper chose none), and the same list.
          expect({ number, brand: frame.brand }).toEqual({ number, brand: relay[0] ?? null });
          expect({ number, detected: frame.detected.filter((b) => relay.includes(b)) }).toEqual({ number, detected: [...relay] });
          // The row's brand is accepted by both for its own numbers.
          expect({ number, relay: brandMatches(number, row.code) }).toEqual({ number, relay: true });
          expect({ number, frame: frameCheck(number, [row.code]).valid }).toEqual({ number, frame: true });
        }
      }
    });
  }

  it('the §9 mada test card and the BINs the two lists used to disagree on are mada on both sides', () => {
    for (const bin of ['446404', '457997', '474491', '410621', '406996', '588846', '539931', '968210', '420132']) {
      const number = numberWith(bin, 16);
      expect([bin, detectBrands(number)[0]]).toEqual([bin, 'MADA']);
      expect([bin, frameCheck(number, ALL).brand]).toEqual([bin, 'MADA']);
    }
  });

  it('no pattern is longer than the prefix the relay remembers brands by', () => {
    for (const row of CARD_BRANDS) for (const p of prefixesOfRow(row)) expect([row.code, p.length <= BRAND_PREFIX_DIGITS]).toEqual([row.code, true]);
  });
});
