// Identifiers. Every id is 128 bits from the operating system's CSPRNG: ids are bearer references
// (a checkout id in a URL is enough to read its status), so they must not be guessable.
//
// Shapes (specification, "Payment response fields"; widget-surface §7):
//   payment / registration id: 32 alphanumerics -> 32 lowercase hex
//   checkout id: 32-48 letters, digits, dot, hyphen -> 32 upper-case hex + environment suffix
//   ndc: AN69, letters, digits, hyphen -> 128 bits in the 8-4-4-4-12 hex layout (36 chars)

import { randomFillSync } from 'node:crypto';

/** Suffix of a checkout id per environment; some merchant pages tell test from live by it. */
export const CHECKOUT_SUFFIX = { test: '.uat01-vm-tx04', live: '.prod01-vm-tx07' } as const;

export type Environment = keyof typeof CHECKOUT_SUFFIX;

const ID_BYTES = 16; // 128 bits

/**
 * Random bytes are drawn from the CSPRNG a few kilobytes at a time and handed out once each, as
 * Node's randomUUID does: one system call per 256 ids instead of one per id.
 */
const POOL_IDS = 256;
const pool = Buffer.alloc(ID_BYTES * POOL_IDS);
let poolOffset = pool.length;

function hex128(): string {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const hex = pool.toString('hex', poolOffset, poolOffset + ID_BYTES);
  // Spent bytes are wiped, so the pool never holds an id that was already handed out.
  pool.fill(0, poolOffset, poolOffset + ID_BYTES);
  poolOffset += ID_BYTES;
  return hex;
}

export function newPaymentId(): string {
  return hex128();
}

export function newRegistrationId(): string {
  return hex128();
}

export function newCheckoutId(environment: Environment): string {
  return hex128().toUpperCase() + CHECKOUT_SUFFIX[environment];
}

/** Internal unique request identifier, returned as `ndc`. */
export function newNdc(): string {
  const h = hex128();
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

/** Registration ids have the payment id shape. */
export const isRegistrationId = isPaymentId;

/** Environment named by a checkout id's suffix, or undefined for a foreign suffix. */
export function checkoutEnvironment(id: string): Environment | undefined {
  if (id.endsWith(CHECKOUT_SUFFIX.test)) return 'test';
  if (id.endsWith(CHECKOUT_SUFFIX.live)) return 'live';
  return undefined;
}
