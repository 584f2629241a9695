// One small notation for every "Format" cell of the spec's tables, parsed once into a checker.
// The spec prints formats half in code (A, N, AN + length) and half in prose ("2 digits, 01-08");
// rows in spec/params/ write them in the notation below, so a value is checked by data, not by
// per-field code (pattern of ajv-formats `src/formats.ts`).
//
//   AN  AN255  AN{8,255}  AN{0,2048}   any text; no control characters except TAB, CR, LF.
//                                      No length = any length >= 1. Length counts code points.
//   A3  A{2,3}                         ASCII letters
//   N2  N{12,19}                       ASCII digits only (B7: no fullwidth or other Unicode digits)
//   N10.N2  N12.N{1,3}                 decimal: 1..10 integer digits, optionally a dot and exactly
//                                      2 (or 1..3) decimals; no sign, exponent, blank or comma (B1)
//   url2048  url{6,2048}               absolute http(s) URL, URL-encoded (printable ASCII only)
//   hookUrl{6,2048}                    a url that notifications are POSTed to: no user name or
//                                      password in it either (urlCredentialsProblem)
//   enum(PA,DB,CD)                     one of the values, case-sensitive
//   /^[a-f0-9]{32}$/                   the whole value must match (compiled with the u flag)
//   list(<notation>)                   '*' or a comma-separated list of <notation> values
//   bool  date  datetime  currency  country
//                                      true|false; yyyy-MM-dd and yyyy-MM-dd HH:mm:ss as real
//                                      dates; ISO 4217 code; ISO 3166-1 alpha-2 code
//   dateOrDatetime                     either of yyyy-MM-dd and yyyy-MM-dd HH:mm:ss
//
// A checker returns null when the value is valid, else a short English message.

import { ISO_3166_ALPHA2 } from './params/iso-3166.js';
import { ISO_4217 } from './params/iso-4217.js';

export type Checker = (value: string) => string | null;

export class FormatNotationError extends Error {
  constructor(notation: string, why: string) {
    super(`format notation ${JSON.stringify(notation)}: ${why}`);
  }
}

const cache = new Map<string, Checker>();

/** The checker for a notation; each notation is parsed once and shared. */
export function checker(notation: string): Checker {
  let check = cache.get(notation);
  if (!check) {
    check = parseFormat(notation);
    cache.set(notation, check);
  }
  return check;
}

/** Parses a notation; throws FormatNotationError for anything outside the grammar above. */
export function parseFormat(notation: string): Checker {
  const named = NAMED.get(notation);
  if (named) return named;
  if (notation.startsWith('/')) return regexChecker(notation);
  if (notation.startsWith('enum(') && notation.endsWith(')')) return enumChecker(notation);
  if (notation.startsWith('list(') && notation.endsWith(')')) return listChecker(notation);
  const decimal = /^N(\d+)\.N(?:(\d+)|\{(\d+),(\d+)\})$/.exec(notation);
  if (decimal) return decimalChecker(notation, decimal);
  const sized = /^(AN|A|N|url|hookUrl)(?:(\d+)|\{(\d+),(\d+)\})?$/.exec(notation);
  if (sized) return sizedChecker(notation, sized);
  throw new FormatNotationError(notation, 'not in the grammar of spec/format.ts');
}

// ---------------------------------------------------------------- lengths

/** Length in code points, so that one emoji or accented letter counts as one character. */
export function charLength(value: string): number {
  let surrogatePairs = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        surrogatePairs++;
        i++;
      }
    }
  }
  return value.length - surrogatePairs;
}

interface Bounds {
  min: number;
  max: number;
}

function lengthMessage(length: number, { min, max }: Bounds): string | null {
  if (length >= min && length <= max) return null;
  if (min === max) return `must be exactly ${min} characters`;
  if (length < min) return min === 1 ? 'must not be empty' : `must be at least ${min} characters`;
  return `must be at most ${max} characters`;
}

function bounds(notation: string, single?: string, low?: string, high?: string): Bounds {
  if (single !== undefined) return { min: 1, max: Number(single) };
  if (low !== undefined && high !== undefined) {
    const b = { min: Number(low), max: Number(high) };
    if (b.min > b.max) throw new FormatNotationError(notation, 'minimum above maximum');
    return b;
  }
  return { min: 1, max: Number.POSITIVE_INFINITY };
}

// ---------------------------------------------------------------- sized kinds

// C0 and C1 controls except TAB, LF, CR; lone surrogates cannot be encoded in UTF-8.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /\p{Cs}/u;
const ASCII_LETTERS = /^[A-Za-z]*$/;
const ASCII_DIGITS = /^[0-9]*$/;

function sizedChecker(notation: string, m: RegExpExecArray): Checker {
  const kind = m[1];
  const b = bounds(notation, m[2], m[3], m[4]);
  switch (kind) {
    case 'AN':
      return (v) => {
        if (CONTROL.test(v)) return 'must not contain control characters';
        if (LONE_SURROGATE.test(v)) return 'must be valid Unicode text';
        return lengthMessage(charLength(v), b);
      };
    case 'A':
      return (v) => (ASCII_LETTERS.test(v) ? lengthMessage(v.length, b) : 'must contain letters A-Z only');
    case 'N':
      return (v) => (ASCII_DIGITS.test(v) ? lengthMessage(v.length, b) : 'must contain ASCII digits 0-9 only');
    default:
      return urlChecker(b.max === Number.POSITIVE_INFINITY ? { min: b.min, max: 2048 } : b, kind === 'hookUrl');
  }
}

const URL_CHARS = /^[\x21-\x7E]*$/;

/**
 * The one rule on credentials in a URL notifications go to (a registered endpoint's, a request's
 * notificationUrl): a receiver is told apart by the URL alone, and a password in it would be sent
 * with every notification, kept in the store and shown in every listing.
 */
export function urlCredentialsProblem(url: URL): string | null {
  return url.username !== '' || url.password !== '' ? 'must not carry a user name or password' : null;
}

function urlChecker(b: Bounds, hook = false): Checker {
  return (v) => {
    const length = lengthMessage(v.length, b);
    if (length) return length;
    // URL-encoded: a raw blank, control or non-ASCII character means the URL was not encoded.
    if (!URL_CHARS.test(v)) return 'must be URL-encoded (printable ASCII, no spaces)';
    let url: URL;
    try {
      url = new URL(v);
    } catch {
      return 'must be an absolute http or https URL';
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') {
      return 'must be an absolute http or https URL';
    }
    return hook ? urlCredentialsProblem(url) : null;
  };
}

// ---------------------------------------------------------------- decimals (B1)

function decimalChecker(notation: string, m: RegExpExecArray): Checker {
  const intDigits = Number(m[1]);
  const fraction = m[2] !== undefined ? `{${m[2]}}` : `{${m[3]},${m[4]}}`;
  if (intDigits < 1) throw new FormatNotationError(notation, 'needs at least one integer digit');
  // ASCII classes only: no \d (which would still be ASCII here) and no Number(): Number accepts
  // ' 10', '1e3', '0x10', 'Infinity', all of which B1 refuses.
  const re = new RegExp(`^[0-9]{1,${intDigits}}(\\.[0-9]${fraction})?$`);
  const message = `must match ${re.source}`;
  return (v) => (re.test(v) ? null : message);
}

// The amount reader and writer live in amount.ts; re-exported for the catalogue's users.
export { formatAmount, MAX_AMOUNT_MINOR, parseAmount } from './amount.js';

// ---------------------------------------------------------------- enums, regexes, lists

function enumChecker(notation: string): Checker {
  const values = notation.slice('enum('.length, -1).split(',');
  if (values.some((v) => v === '')) throw new FormatNotationError(notation, 'empty enum value');
  const allowed = new Set(values);
  const message = `must be one of ${values.join(', ')}`;
  return (v) => (allowed.has(v) ? null : message);
}

function regexChecker(notation: string): Checker {
  if (notation.length < 3 || !notation.endsWith('/')) {
    throw new FormatNotationError(notation, 'a regex is written /.../ without flags');
  }
  const source = notation.slice(1, -1);
  if (!source.startsWith('^') || !source.endsWith('$')) {
    throw new FormatNotationError(notation, 'a regex must be anchored with ^ and $');
  }
  let re: RegExp;
  try {
    re = new RegExp(source, 'u');
  } catch (e) {
    throw new FormatNotationError(notation, (e as Error).message);
  }
  const message = `must match ${source}`;
  return (v) => (re.test(v) ? null : message);
}

function listChecker(notation: string): Checker {
  const inner = parseFormat(notation.slice('list('.length, -1));
  return (v) => {
    if (v === '*') return null;
    for (const item of v.split(',')) {
      const problem = inner(item);
      if (problem) return `must be * or a comma-separated list in which each value ${problem}`;
    }
    return null;
  };
}

// ---------------------------------------------------------------- named formats

const DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
const DATETIME = /^([0-9]{4})-([0-9]{2})-([0-9]{2}) ([0-9]{2}):([0-9]{2}):([0-9]{2})$/;

function isRealDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

export interface DateTimeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The parts of a real date and time written yyyy-MM-dd HH:mm:ss, or null for anything else. */
export function dateTimeParts(v: string): DateTimeParts | null {
  const m = DATETIME.exec(v);
  if (!m) return null;
  const t = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: Number(m[4]), minute: Number(m[5]), second: Number(m[6]) };
  return isRealDate(t.year, t.month, t.day) && t.hour <= 23 && t.minute <= 59 && t.second <= 59 ? t : null;
}

const currencies = new Set(ISO_4217);
const countries = new Set(ISO_3166_ALPHA2);

// A Map, not an object literal: a lookup of 'constructor' must not find Object's own.
const NAMED: ReadonlyMap<string, Checker> = new Map(Object.entries({
  bool: (v) => (v === 'true' || v === 'false' ? null : 'must be true or false'),
  date: (v) => {
    const m = DATE.exec(v);
    return m && isRealDate(Number(m[1]), Number(m[2]), Number(m[3])) ? null : 'must be a real date yyyy-MM-dd';
  },
  datetime: (v) => (dateTimeParts(v) ? null : 'must be a real date and time yyyy-MM-dd HH:mm:ss'),
  // A report's bound: a whole day, or a moment of it.
  dateOrDatetime: (v) => {
    const m = DATE.exec(v);
    if (m && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]))) return null;
    return dateTimeParts(v) ? null : 'must be a real date yyyy-MM-dd or date and time yyyy-MM-dd HH:mm:ss';
  },
  currency: (v) => (currencies.has(v) ? null : 'must be an ISO 4217 currency code (3 upper-case letters)'),
  country: (v) => (countries.has(v) ? null : 'must be an ISO 3166-1 alpha-2 country code (2 upper-case letters)'),
} satisfies Record<string, Checker>));
