// Brand codes as data: what kind of account each brand pays with and, for cards, the one table of
// card facts: how a number is recognised (network ranges and BIN tables), the number lengths, the
// digit groups the card form shows, the CVV length and the name the brand select shows. The relay
// (server/src/domain/card.ts) and the card frame (widget/frame/card-rules.ts, bundled) both detect
// brands from it through ./brand-detection.ts, so they always agree. It imports nothing and every
// export is a constant or a small function.
//
// Sources: widget-surface §2 (brand codes seen and the card / bank-account lists), §9 (test cards),
// the specification (BOLETO, BALOTO, OXXO are cash slips). Network ranges, lengths, digit groups
// and CVV sizes are credit-card-type's (10.3.0, lib/card-types.js, the table under card-validator);
// spec/brands.test.ts holds this table to the package.

export type BrandKind = 'card' | 'bankAccount' | 'virtualAccount' | 'wallet' | 'voucher';

/** card-validator (credit-card-type) type names this project maps to a brand. */
export type CardValidatorType =
  | 'visa'
  | 'mastercard'
  | 'american-express'
  | 'diners-club'
  | 'discover'
  | 'jcb'
  | 'maestro'
  | 'elo'
  | 'hipercard'
  | 'mir'
  | 'unionpay';

/** A prefix, or an inclusive range of prefixes of equal length (credit-card-type's notation). */
export type BinPattern = number | readonly [number, number];

export interface CardBrand {
  code: string;
  kind: 'card';
  /** The card-validator type that IS this brand; only the network's main brand carries it. */
  cardValidatorType?: CardValidatorType;
  /**
   * Networks whose cards may carry this brand too (co-badged or a product of that network): a
   * VISADEBIT card is a Visa card. A brand without digits of its own (CARD_BRAND_DIGITS) is
   * accepted on those networks' numbers, since the number alone cannot tell it apart.
   */
  alsoOn?: readonly string[];
  /** Allowed card number lengths. */
  lengths: readonly number[];
  /** Where the card form puts a space in the number (digit positions). */
  gaps: readonly number[];
  cvvLength: 3 | 4;
}

/** How a card brand is recognised by a number's leading digits (CARD_BRAND_DIGITS). */
export interface BrandDigits {
  /** A network's ranges: the network of a number is the one whose pattern matches longest. */
  patterns?: readonly BinPattern[];
  /**
   * A brand issued inside networks' ranges, recognised by its BIN table: a match outranks every
   * network, and only the networks in the brand's `alsoOn` stay detected with it (co-badged cards).
   */
  bins?: readonly BinPattern[];
}

export interface OtherBrand {
  code: string;
  kind: Exclude<BrandKind, 'card'>;
  name: string;
}

export type Brand = CardBrand | OtherBrand;

const GAPS_16 = [4, 8, 12] as const;
const GAPS_15 = [4, 10] as const;

/**
 * The published mada BIN list. mada cards are co-badged with Visa, Mastercard or Maestro; 446404
 * is the §9 test card's.
 */
const MADA_BINS: readonly BinPattern[] = [
  400861, 401757, 406136, 406996, 407197, 407395, 407520, 409201, 410621, 410685, 412565, 417633,
  419593, 420132, 422817, 422818, 422819, 428331, 428671, 428672, 428673, 431361, 432328, 434107,
  439954, 440533, 440647, 440795, 445564, 446393, 446404, 446672, 455036, 455708, 457865, 457997,
  458456, 462220, 468540, 468541, 468542, 468543, 474491, 483010, 483011, 483012, 484783, 486094,
  486095, 486096, 489317, 489318, 489319, 493428, 504300, 508160, 513213, 520058, 521076, 524130,
  524514, 529415, 529741, 530060, 530906, 531095, 531196, 532013, 535825, 535989, 536023, 537767,
  539931, 543085, 543357, 549760, 554180, 557606, 558563, 558848, 585265, 588845, 588846, 588847,
  588848, 588849, 588850, 588982, 588983, 589005, 589206, 604906, 605141, 636120, 968201, 968202,
  968203, 968204, 968205, 968206, 968207, 968208, 968209, 968210, 968211,
];

/**
 * The names the widget's brand select shows, by card brand code: the column of the table the
 * merchant page's script needs (which brands are cards, and their names). It stands apart from the
 * rows, like CARD_BRAND_DIGITS, so that script does not carry lengths, gaps and networks it never
 * reads, nor the card frame names it never shows; spec/brands.test.ts holds it to the rows.
 */
export const CARD_BRAND_NAMES = {
  VISA: 'Visa',
  MASTER: 'MasterCard',
  AMEX: 'American Express',
  MADA: 'mada',
  DINERS: 'Diners',
  DISCOVER: 'Discover',
  JCB: 'JCB',
  MAESTRO: 'Maestro',
  VISAELECTRON: 'Visa Electron',
  VISADEBIT: 'Visa Debit',
  MASTERDEBIT: 'Debit MasterCard',
  VPAY: 'V PAY',
  DANKORT: 'Dankort',
  CARTEBANCAIRE: 'Carte Bancaire',
  CARTEBLEUE: 'Carte Bleue',
  ELO: 'Elo',
  HIPERCARD: 'Hipercard',
  MIR: 'Mir',
  UNIONPAY: 'UnionPay',
} as const;

export type CardBrandCode = keyof typeof CARD_BRAND_NAMES;

export const CARD_BRANDS: readonly CardBrand[] = [
  { code: 'VISA', kind: 'card', cardValidatorType: 'visa', lengths: [16, 18, 19], gaps: GAPS_16, cvvLength: 3 },
  { code: 'MASTER', kind: 'card', cardValidatorType: 'mastercard', lengths: [16], gaps: GAPS_16, cvvLength: 3 },
  { code: 'AMEX', kind: 'card', cardValidatorType: 'american-express', lengths: [15], gaps: GAPS_15, cvvLength: 4 },
  { code: 'MADA', kind: 'card', alsoOn: ['VISA', 'MASTER', 'MAESTRO'], lengths: [16], gaps: GAPS_16, cvvLength: 3 },
  { code: 'DINERS', kind: 'card', cardValidatorType: 'diners-club', lengths: [14, 16, 19], gaps: GAPS_15, cvvLength: 3 },
  { code: 'DISCOVER', kind: 'card', cardValidatorType: 'discover', lengths: [16, 19], gaps: GAPS_16, cvvLength: 3 },
  { code: 'JCB', kind: 'card', cardValidatorType: 'jcb', lengths: [16, 17, 18, 19], gaps: GAPS_16, cvvLength: 3 },
  { code: 'MAESTRO', kind: 'card', cardValidatorType: 'maestro', lengths: [12, 13, 14, 15, 16, 17, 18, 19], gaps: GAPS_16, cvvLength: 3 },
  { code: 'VISAELECTRON', kind: 'card', alsoOn: ['VISA'], lengths: [16], gaps: GAPS_16, cvvLength: 3 },
  { code: 'VISADEBIT', kind: 'card', alsoOn: ['VISA'], lengths: [16, 18, 19], gaps: GAPS_16, cvvLength: 3 },
  { code: 'MASTERDEBIT', kind: 'card', alsoOn: ['MASTER'], lengths: [16], gaps: GAPS_16, cvvLength: 3 },
  { code: 'VPAY', kind: 'card', alsoOn: ['VISA'], lengths: [13, 14, 15, 16, 17, 18, 19], gaps: GAPS_16, cvvLength: 3 },
  { code: 'DANKORT', kind: 'card', alsoOn: ['VISA'], lengths: [16], gaps: GAPS_16, cvvLength: 3 },
  { code: 'CARTEBANCAIRE', kind: 'card', alsoOn: ['VISA', 'MASTER'], lengths: [16, 19], gaps: GAPS_16, cvvLength: 3 },
  { code: 'CARTEBLEUE', kind: 'card', alsoOn: ['VISA'], lengths: [16], gaps: GAPS_16, cvvLength: 3 },
  { code: 'ELO', kind: 'card', cardValidatorType: 'elo', lengths: [16], gaps: GAPS_16, cvvLength: 3 },
  { code: 'HIPERCARD', kind: 'card', cardValidatorType: 'hipercard', lengths: [16], gaps: GAPS_16, cvvLength: 3 },
  { code: 'MIR', kind: 'card', cardValidatorType: 'mir', lengths: [16, 17, 18, 19], gaps: GAPS_16, cvvLength: 3 },
  { code: 'UNIONPAY', kind: 'card', cardValidatorType: 'unionpay', lengths: [14, 15, 16, 17, 18, 19], gaps: GAPS_16, cvvLength: 3 },
];


/**
 * The leading digits of the card brands above, by code: the column of the table that recognises a
 * number. It stands apart from the rows only so that the merchant page's script, which shows brand
 * names and never sees a card number, does not carry it (the bundler drops what it never reads);
 * spec/brands.test.ts holds it to the rows. Brands absent here (VISADEBIT) are recognised on their
 * `alsoOn` networks' numbers.
 */
export const CARD_BRAND_DIGITS: Readonly<Record<string, BrandDigits>> = {
  VISA: { patterns: [4] },
  MASTER: { patterns: [[51, 55], [2221, 2229], [223, 229], [23, 26], [270, 271], 2720] },
  AMEX: { patterns: [34, 37] },
  MADA: { bins: MADA_BINS },
  DINERS: { patterns: [[300, 305], 36, 38, 39] },
  DISCOVER: { patterns: [6011, [644, 649], 65] },
  JCB: { patterns: [2131, 1800, [3528, 3589]] },
  MAESTRO: { patterns: [493698, [500000, 504174], [504176, 506698], [506779, 508999], [56, 59], 63, 67, 6] },
  // Visa Electron BINs; 4917 is the §9 test card's.
  VISAELECTRON: { bins: [4026, 417500, 4405, 4508, 4844, 4913, 4917] },
  // Dankort 5019 cards are Dankort only (inside Maestro's range); 4571 is the Visa/Dankort co-badge.
  DANKORT: { bins: [5019, 4571] },
  ELO: {
    patterns: [
      401178, 401179, 438935, 457631, 457632, 431274, 451416, 457393, 504175, [506699, 506778], [509000, 509999],
      627780, 636297, 636368, [650031, 650033], [650035, 650051], [650405, 650439], [650485, 650538],
      [650541, 650598], [650700, 650718], [650720, 650727], [650901, 650978], [651652, 651679], [655000, 655019],
      [655021, 655058],
    ],
  },
  HIPERCARD: { patterns: [606282] },
  MIR: { patterns: [[2200, 2204]] },
  UNIONPAY: {
    patterns: [
      620, [62100, 62182], [62184, 62187], [62185, 62197], [62200, 62205], [622010, 622999], 622018, [62207, 62209],
      [623, 626], 6270, 6272, 6276, [627700, 627779], [627781, 627799], [6282, 6289], 6291, 6292, 810, [8110, 8131],
      [8132, 8151], [8152, 8163], [8164, 8171],
    ],
  },
};

export const OTHER_BRANDS: readonly OtherBrand[] = [
  // Bank accounts (direct debit and online bank transfers).
  { code: 'DIRECTDEBIT_SEPA', kind: 'bankAccount', name: 'SEPA Direct Debit' },
  { code: 'GIROPAY', kind: 'bankAccount', name: 'giropay' },
  { code: 'IDEAL', kind: 'bankAccount', name: 'iDEAL' },
  { code: 'SOFORTUEBERWEISUNG', kind: 'bankAccount', name: 'Sofort' },
  // Cash slips: widget-surface §2 lists BOLETO and OXXO among bank-account brands, but the
  // specification's flow (PA generates a slip, RC confirms it) is that of a voucher.
  { code: 'BOLETO', kind: 'voucher', name: 'Boleto Bancário' },
  { code: 'OXXO', kind: 'voucher', name: 'OXXO' },
  { code: 'BALOTO', kind: 'voucher', name: 'Baloto' },
  // Wallets: a provider token instead of card data.
  { code: 'APPLEPAY', kind: 'wallet', name: 'Apple Pay' },
  { code: 'GOOGLEPAY', kind: 'wallet', name: 'Google Pay' },
  { code: 'PAYPAL', kind: 'wallet', name: 'PayPal' },
  { code: 'CLICK_TO_PAY', kind: 'wallet', name: 'Click to Pay' },
  // Virtual accounts: an account id at a third party.
  { code: 'STC_PAY', kind: 'virtualAccount', name: 'STC Pay' },
  { code: 'ALIPAY', kind: 'virtualAccount', name: 'Alipay' },
  { code: 'TABBY', kind: 'virtualAccount', name: 'tabby' },
  { code: 'TAMARA', kind: 'virtualAccount', name: 'Tamara' },
];

/** The row of a brand code (case-sensitive, as in data-brands), or undefined. */
export function brandOf(code: string): Brand | undefined {
  return CARD_BRANDS.find((b) => b.code === code) ?? OTHER_BRANDS.find((b) => b.code === code);
}

/** Whether the brand is paid with card data (number, expiry, CVV) in the shared card form. */
export function isCardBrand(code: string): boolean {
  return CARD_BRANDS.some((b) => b.code === code);
}

/** The card brand row for a code, or undefined when the code is not a card brand. */
export function cardBrandOf(code: string): CardBrand | undefined {
  return CARD_BRANDS.find((b) => b.code === code);
}
