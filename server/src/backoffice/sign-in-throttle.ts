// Failed sign-ins throttled per account and per address (domain/sign-in-throttle.ts): a locked key
// is refused before any password is hashed, with 429 tooManyAttempts and how long to wait; every
// failure counts against both keys; a success forgets its account's failures.

import { normalizeEmail } from '../domain/users.js';
import { ACCOUNT_THROTTLE, accountKey, ADDRESS_THROTTLE, addressKey, afterFailure, lockedForMs, type ThrottlePolicy } from '../domain/sign-in-throttle.js';
import { BackofficeError, type BackofficeContext } from './contract.js';

/** Tries of a compare-and-set before giving up on counting one failure (only under a storm of them). */
const MAX_TRIES = 5;

function keysOf(email: string, address: string): Array<[string, ThrottlePolicy]> {
  return [
    [accountKey(normalizeEmail(email)), ACCOUNT_THROTTLE],
    [addressKey(address), ADDRESS_THROTTLE],
  ];
}

/** Throws 429 tooManyAttempts while the account or the address is locked. */
export async function refuseWhileLocked(ctx: BackofficeContext, email: string, address: string): Promise<void> {
  const now = ctx.clock.now();
  const records = await Promise.all(keysOf(email, address).map(([key]) => ctx.store.signInFailures.find(key)));
  const waitMs = Math.max(...records.map((r) => lockedForMs(r, now)));
  if (waitMs > 0) {
    const retryAfterSeconds = Math.ceil(waitMs / 1000);
    throw new BackofficeError('tooManyAttempts', `too many failed sign-ins: try again in ${retryAfterSeconds} seconds`, { details: { retryAfterSeconds } });
  }
}

/** Counts one failure against the account and the address. */
export async function recordFailure(ctx: BackofficeContext, email: string, address: string): Promise<void> {
  for (const [key, policy] of keysOf(email, address)) {
    for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
      const read = await ctx.store.signInFailures.find(key);
      if (await ctx.store.signInFailures.replace(read, afterFailure(key, read, ctx.clock.now(), policy))) break;
    }
  }
}

/** A successful sign-in: its account starts afresh (the address keeps its count). */
export async function forgetAccountFailures(ctx: BackofficeContext, email: string): Promise<void> {
  await ctx.store.signInFailures.clear(accountKey(normalizeEmail(email)));
}
