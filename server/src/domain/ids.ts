// Identifiers. Ids are bearer references (a checkout id in a URL is enough to read its status), so
// they must not be guessable: each carries 80 or more bits from the operating system's CSPRNG.
//
// Shapes (specification, "Payment response fields"; widget-surface §7):
//   payment / registration id: 32 alphanumerics -> 32 lowercase hex, time-ordered
//   checkout id: 32-48 letters, digits, dot, hyphen -> 32 upper-case hex, time-ordered, + environment suffix
//   ndc: AN69, letters, digits, hyphen -> 128 bits in the 8-4-4-4-12 hex layout (36 chars)

import { randomFillSync } from 'node:crypto';

/** Suffix of a checkout id per environment; some merchant pages tell test from live by it. */
export const CHECKOUT_SUFFIX = { test: '.uat01-vm-tx04', live: '.prod01-vm-tx07' } as const;

export type Environment = keyof typeof CHECKOUT_SUFFIX;

const ID_BYTES = 16; // 128 bits
/** Random part of a time-ordered id: 80 bits, as unguessable as a bearer reference needs. */
const RANDOM_BYTES = 10;
/** Hex digits of a time-ordered id's creation time: 48 bits of milliseconds, to the year 10889. */
const TIME_DIGITS = 12;

/**
 * Random bytes are drawn from the CSPRNG a few kilobytes at a time and handed out once each, as
 * Node's randomUUID does: one system call per few hundred ids instead of one per id.
 */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

/** Each byte's two hex digits: an id is spelled in JavaScript, without a call into Buffer per id. */
const HEX_DIGITS = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

function randomHex(bytes: number): string {
  if (poolOffset + bytes > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  let hex = '';
  const end = poolOffset + bytes;
  for (let at = poolOffset; at < end; at++) {
    hex += HEX_DIGITS[pool[at] as number];
    // Spent bytes are wiped, so the pool never holds an id that was already handed out.
    pool[at] = 0;
  }
  poolOffset = end;
  return hex;
}

/** The time digits of the last id made: ids of one millisecond share them. */
let lastTime = Number.NaN;
let lastTimeDigits = '';

/**
 * Creation time first, then 80 random bits (the layout of UUIDv7 and ULID): as unguessable as
 * needed, and ids made in the same moment sort together, so each index of the store takes a new
 * row near the last one instead of on a random page, which kept SQLite writing and reading a
 * page per index for every payment once a table outgrew its cache. `now` is the caller's clock.
 */
function timeOrdered(now: number): string {
  if (now !== lastTime) {
    lastTime = now;
    lastTimeDigits = Math.max(0, Math.floor(now)).toString(16).padStart(TIME_DIGITS, '0').slice(-TIME_DIGITS);
  }
  return lastTimeDigits + randomHex(RANDOM_BYTES);
}

export function newPaymentId(now: number): string {
  return timeOrdered(now);
}

export function newJobId(now: number): string {
  return timeOrdered(now);
}

export function newRegistrationId(now: number): string {
  return timeOrdered(now);
}

export function newCheckoutId(environment: Environment, now: number): string {
  return timeOrdered(now).toUpperCase() + CHECKOUT_SUFFIX[environment];
}

/** Internal unique request identifier, returned as `ndc`. */
export function newNdc(): string {
  const h = randomHex(ID_BYTES);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const CHECKOUT_ID = /^[A-Za-z0-9.-]{32,48}$/;
const PAYMENT_ID = /^[A-Za-z0-9]{32}$/;

/** The specification's checkout id shape (32-48 letters, digits, dot, hyphen); checks shape only. */
export function isCheckoutId(s: string): boolean {
  return CHECKOUT_ID.test(s);
}

/** The specification's payment id shape (32 alphanumerics); registration ids share it. */
export function isPaymentId(s: string): boolean {
  return PAYMENT_ID.test(s);
}

/** Every id the relay makes, of any kind: letters, digits, dots and hyphens, 48 at most (a checkout's). */
const ANY_ID = /^[A-Za-z0-9.-]{1,48}$/;

/** Whether `s` could be an id the relay made, of any kind; one that could not names no row. */
export function couldBeId(s: string): boolean {
  return ANY_ID.test(s);
}

/** Registration ids have the payment id shape. */
export const isRegistrationId = isPaymentId;

/** Environment named by a checkout id's suffix, or undefined for a foreign suffix. */
export function checkoutEnvironment(id: string): Environment | undefined {
  if (id.endsWith(CHECKOUT_SUFFIX.test)) return 'test';
  if (id.endsWith(CHECKOUT_SUFFIX.live)) return 'live';
  return undefined;
}
