// What a result code means for the shopper, read from the published code groups
// (shared/reference/widget-surface.md §8). Rows are tried in order; the first match wins.
// When spec/result-codes.ts lands with these groups, read them from there instead.

export type Outcome = 'success' | 'review' | 'pending' | 'declined';

const outcomeRows: ReadonlyArray<{ outcome: Outcome; pattern: RegExp }> = [
  { outcome: 'success', pattern: /^(000\.000\.|000\.100\.1|000\.[36])/ },
  { outcome: 'review', pattern: /^(000\.400\.0[^3]|000\.400\.100)/ },
  { outcome: 'pending', pattern: /^(000\.200)/ },
  { outcome: 'pending', pattern: /^(800\.400\.5|100\.400\.500)/ },
];

export function outcomeOf(code: string): Outcome {
  return outcomeRows.find((row) => row.pattern.test(code))?.outcome ?? 'declined';
}

/** 800.120.100 "Rejected by Throttling": status reads are limited to two a minute per checkout. */
export const THROTTLED_CODE = '800.120.100';

/**
 * Codes that say the status could not be read or decided right now (throttling, communication and
 * system errors, from the same published groups), not what became of the payment.
 */
const undecidedPatterns: readonly RegExp[] = [
  /^800\.120\.100$/,
  /^(900\.[1234]00|000\.400\.030)/,
  /^(800\.[56]|999\.|600\.1|800\.800\.8)/,
];

/** A final result never changes, so it may be shown again without asking the relay. */
export function isFinalCode(code: string): boolean {
  const outcome = outcomeOf(code);
  if (outcome === 'success') return true;
  return outcome === 'declined' && !undecidedPatterns.some((pattern) => pattern.test(code));
}
