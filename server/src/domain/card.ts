// Card number facts, pure: Luhn, brand detection, expiry, CVV length, BIN and last four.
// Used by the relay, the simulator and (through the bundle) the card-number frame, so it imports
// only card-validator's number check (not its index, which pulls in every validator) and the
// dependency-free brand table.

import { cardNumber } from 'card-validator/dist/card-number.js';
import { CARD_BRANDS, cardBrandOf } from '../../../spec/brands.js';
import { boundedMemo } from './bounded-memo.js';


interface LocalBinRow {
  brand: string;
  /** Leading digits of the brand's cards. */
  prefixes: readonly string[];
  /** The prefixes belong to this brand alone: drop card-validator's network guess for them. */
  exclusive: boolean;
}

/**
 * Brands card-validator does not know, recognised by their leading digits. Order matters: the
 * first matching row wins. The mada rows are a subset of the published mada BIN list (446404 is
 * the §9 test card's); mada cards are co-badged with Visa or Mastercard, so the network stays.
 * Dankort 5019 cards are Dankort only (card-validator would call them Maestro); 4571 is the
 * Visa/Dankort co-badge.
 */
const LOCAL_BINS: readonly LocalBinRow[] = [
  {
    brand: 'MADA',
    exclusive: false,
    prefixes: [
      '446404', '440647', '440795', '457865', '968208', '588845', '588846', '588847', '588848', '588849',
      '588850', '493428', '539931', '558848', '557606', '968210', '636120', '417633', '468540', '468541',
      '468542', '468543', '968201', '446393', '400861', '409201', '458456', '484783', '968205', '462220',
      '455708', '455036', '968203', '486094', '486095', '486096', '504300', '440533', '489317', '489318',
      '489319', '445564', '968211', '401757', '410685', '432328', '428671', '428672', '428673', '968206',
      '446672', '543357', '434107', '431361', '604906', '521076', '968202', '535825', '529415', '543085',
      '524130', '554180', '549760', '968209', '524514', '529741', '537767', '535989', '536023', '513213',
      '585265', '588983', '588982', '589005', '508160', '531095', '530906', '532013', '968204', '422817',
      '422818', '422819', '428331', '483010', '483011', '483012', '589206', '968207', '419593', '439954',
      '407197', '407395',
    ],
  },
  { brand: 'DANKORT', exclusive: true, prefixes: ['5019'] },
  { brand: 'DANKORT', exclusive: false, prefixes: ['4571'] },
  { brand: 'VISAELECTRON', exclusive: false, prefixes: ['4026', '417500', '4405', '4508', '4844', '4913', '4917'] },
];

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

/** card-validator's longest brand pattern, in digits (a test holds the library to it). */
export const NETWORK_PREFIX_DIGITS = 8;
const MAX_REMEMBERED_PREFIXES = 10_000;

/** card-validator's network for a number's digits, as a brand code of the spec's table. */
function networkBrand(digits: string): string | undefined {
  const type = cardNumber(digits, { skipLuhnValidation: true }).card?.type;
  return type === undefined ? undefined : CARD_BRANDS.find((b) => b.cardValidatorType === type)?.code;
}

function brandsOf(number: string): readonly string[] {
  const local = LOCAL_BINS.find((row) => row.prefixes.some((p) => number.startsWith(p)));
  const network = networkBrand(number);
  const brands: string[] = [];
  if (local) brands.push(local.brand);
  if (network && !local?.exclusive && !brands.includes(network)) brands.push(network);
  return Object.freeze(brands);
}

/**
 * The brands depend on the leading NETWORK_PREFIX_DIGITS digits alone once the number is that
 * long (the local BINs are shorter), so they are remembered per prefix: card-validator's matcher
 * copies its whole brand table on every call, and the local BINs are a hundred prefixes.
 */
const brandsOfPrefix = boundedMemo(MAX_REMEMBERED_PREFIXES, brandsOf);

/**
 * Brand codes the number (digits only, full or partial) belongs to, most specific first: local
 * brands recognised by BIN (mada, Visa Electron, Dankort) before the network card-validator
 * names. The first entry is the brand to use when the merchant sent none.
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
  const detected = detectBrands(number);
  if (detected.includes(brand)) return true;
  const row = cardBrandOf(brand);
  // Brands the BIN table knows are never taken on the shopper's word.
  if (!row?.alsoOn || LOCAL_BINS.some((bins) => bins.brand === brand)) return false;
  return row.alsoOn.some((network) => detected.includes(network));
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
