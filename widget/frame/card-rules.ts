// Brand detection and card-number validity inside the card-number frame. Patterns, lengths, digit
// groups and CVV sizes of the common brands are credit-card-type's (10.3.0, lib/card-types.js, the
// brand table under card-validator), copied for the brands the widget knows: importing the package
// puts all of its ~20 card types and its matcher in frame.min.js (~2 KB gzip, parsed in each frame
// before the frame can answer). card-rules.test.ts checks the copy against the package.
// Brands that credit-card-type does not know (co-badged mada, Dankort, Visa Electron) get a short
// BIN table here, marked `specific` so a BIN match outranks the generic range it sits in
// (4464 04… is both VISA and MADA: MADA wins unless brandDetectionPriority says otherwise).

/** A prefix, or an inclusive range of prefixes of equal length (credit-card-type's notation). */
type Pattern = number | number[];

export interface CardRule {
  brand: string;
  patterns: Pattern[];
  lengths: number[];
  gaps: number[];
  cvv: number;
  /** A BIN-table brand: its matches outrank generic ranges. */
  specific: boolean;
}

/** A network as credit-card-type describes it: patterns, lengths, gaps, CVV size. */
interface Network {
  patterns: Pattern[];
  lengths: number[];
  gaps: number[];
  cvv: number;
}

/** credit-card-type 10.3.0 entries, by its type name (only the ones used below). */
export const NETWORKS = {
  visa: { patterns: [4], gaps: [4, 8, 12], lengths: [16, 18, 19], cvv: 3 },
  mastercard: { patterns: [[51, 55], [2221, 2229], [223, 229], [23, 26], [270, 271], 2720], gaps: [4, 8, 12], lengths: [16], cvv: 3 },
  'american-express': { patterns: [34, 37], gaps: [4, 10], lengths: [15], cvv: 4 },
  'diners-club': { patterns: [[300, 305], 36, 38, 39], gaps: [4, 10], lengths: [14, 16, 19], cvv: 3 },
  discover: { patterns: [6011, [644, 649], 65], gaps: [4, 8, 12], lengths: [16, 19], cvv: 3 },
  jcb: { patterns: [2131, 1800, [3528, 3589]], gaps: [4, 8, 12], lengths: [16, 17, 18, 19], cvv: 3 },
  maestro: {
    patterns: [493698, [500000, 504174], [504176, 506698], [506779, 508999], [56, 59], 63, 67, 6],
    gaps: [4, 8, 12],
    lengths: [12, 13, 14, 15, 16, 17, 18, 19],
    cvv: 3,
  },
  elo: {
    patterns: [
      401178, 401179, 438935, 457631, 457632, 431274, 451416, 457393, 504175, [506699, 506778], [509000, 509999],
      627780, 636297, 636368, [650031, 650033], [650035, 650051], [650405, 650439], [650485, 650538],
      [650541, 650598], [650700, 650718], [650720, 650727], [650901, 650978], [651652, 651679], [655000, 655019],
      [655021, 655058],
    ],
    gaps: [4, 8, 12],
    lengths: [16],
    cvv: 3,
  },
  hipercard: { patterns: [606282], gaps: [4, 8, 12], lengths: [16], cvv: 3 },
} satisfies Record<string, Network>;

type NetworkName = keyof typeof NETWORKS;

const lib = (brand: string, ...types: NetworkName[]): CardRule => {
  const infos: Network[] = types.map((t) => NETWORKS[t]);
  const first = infos[0]!;
  return {
    brand,
    patterns: infos.flatMap((i) => i.patterns),
    lengths: first.lengths,
    gaps: first.gaps,
    cvv: first.cvv,
    specific: false,
  };
};

const table = (brand: string, patterns: Pattern[]): CardRule => ({
  brand,
  patterns,
  lengths: [16],
  gaps: [4, 8, 12],
  cvv: 3,
  specific: true,
});

// mada BINs (partial list of the published co-badged ranges; the relay is the authority).
const MADA_BINS = [
  588845, 440647, 440795, 446404, 457865, 968208, 457997, 474491, 636120, 417633, 468540, 468541,
  468542, 468543, 968201, 446393, 409201, 458456, 484783, 462220, 455708, 410621, 455036, 486094,
  486095, 486096, 504300, 440533, 489318, 489319, 445564, 968211, 410685, 406996, 432328, 428671,
  428672, 428673, 968206, 446672, 543357, 434107, 407197, 407395, 412565, 431361, 604906, 521076,
  529415, 535825, 543085, 524130, 554180, 549760, 968209, 524514, 529741, 537767, 535989, 536023,
  513213, 520058, 558563, 588848, 588850, 585265, 588983, 588982, 589005, 508160, 531095, 530906,
  532013, 605141, 968204, 422817, 422818, 422819, 428331, 483010, 483011, 483012, 589206, 968207,
  406136, 419593, 439954, 407520, 530060, 531196, 420132,
];

export const CARD_RULES: readonly CardRule[] = [
  lib('VISA', 'visa'),
  lib('VISADEBIT', 'visa'),
  table('VISAELECTRON', [4026, 417500, 4405, 4508, 4844, 4913, 4917]),
  table('MADA', MADA_BINS),
  lib('MASTER', 'mastercard'),
  lib('MASTERDEBIT', 'mastercard'),
  lib('AMEX', 'american-express'),
  lib('DINERS', 'diners-club'),
  lib('DISCOVER', 'discover'),
  lib('JCB', 'jcb'),
  lib('MAESTRO', 'maestro'),
  lib('ELO', 'elo'),
  lib('HIPERCARD', 'hipercard'),
  table('DANKORT', [5019]),
  lib('CARTEBANCAIRE', 'visa', 'mastercard'),
  lib('CARTEBLEUE', 'visa', 'mastercard'),
];

export function ruleFor(brand: string | null): CardRule | undefined {
  return brand ? CARD_RULES.find((r) => r.brand === brand) : undefined;
}

/**
 * How well `digits` fits one pattern: -1 no, 0 could still (too few digits), else the number of
 * pattern digits matched. Same semantics as credit-card-type's matches().
 */
export function patternStrength(digits: string, pattern: Pattern): number {
  if (Array.isArray(pattern)) {
    const min = String(pattern[0]);
    const max = String(pattern[1] ?? pattern[0]);
    const n = Math.min(digits.length, min.length);
    const head = Number(digits.slice(0, n));
    const ok = head >= Number(min.slice(0, n)) && head <= Number(max.slice(0, n));
    return !ok ? -1 : digits.length >= min.length ? min.length : 0;
  }
  const p = String(pattern);
  if (p.slice(0, digits.length) !== digits.slice(0, p.length)) return -1;
  return digits.length >= p.length ? p.length : 0;
}

export function ruleStrength(rule: CardRule, digits: string): number {
  let best = -1;
  for (const p of rule.patterns) best = Math.max(best, patternStrength(digits, p));
  return best > 0 && rule.specific ? best + 100 : best;
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
  const scored = o.brands
    .map((brand, index) => {
      const rule = ruleFor(brand);
      return { brand, index, rule, s: rule && digits ? ruleStrength(rule, digits) : -1 };
    })
    .filter((x) => x.s > 0);
  const rank = (b: string) => {
    const i = o.priority.indexOf(b);
    return i < 0 ? o.priority.length : i;
  };
  scored.sort((a, b) => rank(a.brand) - rank(b.brand) || b.s - a.s || a.index - b.index);
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
  else if (rule) ok = ruleStrength(rule, digits) > 0 && rule.lengths.includes(digits.length) && luhn(digits);
  else ok = digits.length >= ANY.min && digits.length <= ANY.max && luhn(digits);
  return {
    brand: digits ? brand : o.detection ? null : brand,
    detected,
    valid: ok,
    gaps: rule?.gaps ?? [...ANY.gaps],
    maxLength: rule ? Math.max(...rule.lengths) : ANY.max,
  };
}

/** CVV digits the brand expects; null when unknown (3 or 4 accepted). */
export function cvvLength(brand: string | null): number | null {
  return ruleFor(brand)?.cvv ?? null;
}

export function cvvValid(digits: string, brand: string | null, allowEmpty: boolean): boolean {
  if (digits === '') return allowEmpty;
  const n = cvvLength(brand);
  return n === null ? digits.length === 3 || digits.length === 4 : digits.length === n;
}
