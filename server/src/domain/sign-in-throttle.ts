// Throttling of failed sign-ins, per account (the address typed, whether or not anyone has it, so
// the throttle tells nothing about which accounts exist) and per client address. Failures are
// counted in a window; reaching the window's limit locks the key, for a time that doubles with each
// lockout (1 minute, 2, 4… at most an hour), so guessing slows down to nothing while a person who
// mistyped waits a minute. Kept in the database (sign_in_failures), so every relay counts together.

import type { EpochMs } from './records.js';

export interface SignInFailureRecord {
  /** 'account:<email>' or 'address:<ip>'. */
  key: string;
  /** Failures in the current window. */
  failures: number;
  windowStartedAt: EpochMs;
  /** Sign-ins are refused until then; null = not locked. */
  lockedUntil: EpochMs | null;
  /** Lockouts so far: the next one lasts twice as long as the last. */
  lockouts: number;
}

export interface ThrottlePolicy {
  /** Failures within `windowMs` that lock the key. */
  limit: number;
  windowMs: number;
  /** The first lockout's length, doubled at each further one, up to `maxLockMs`. */
  firstLockMs: number;
  maxLockMs: number;
}

const MINUTE = 60_000;

/** Per account: 5 failures in 15 minutes. */
export const ACCOUNT_THROTTLE: Readonly<ThrottlePolicy> = Object.freeze({ limit: 5, windowMs: 15 * MINUTE, firstLockMs: MINUTE, maxLockMs: 60 * MINUTE });
/** Per client address: 20 failures in 15 minutes (an office behind one address has several people). */
export const ADDRESS_THROTTLE: Readonly<ThrottlePolicy> = Object.freeze({ limit: 20, windowMs: 15 * MINUTE, firstLockMs: MINUTE, maxLockMs: 60 * MINUTE });

/**
 * A key quiet this long (no failure, no lock) is forgotten, its lockouts with it: long enough that
 * waiting out a lock does not reset the back-off.
 */
export const FAILURES_KEPT_MS = 24 * 60 * MINUTE;

export const accountKey = (email: string): string => `account:${email}`;
export const addressKey = (address: string): string => `address:${address}`;

/** How long `record` is still locked at `now`, ms; 0 when it is not. */
export function lockedForMs(record: SignInFailureRecord | undefined, now: EpochMs): number {
  return record?.lockedUntil != null && record.lockedUntil > now ? record.lockedUntil - now : 0;
}

/** The record after one more failure at `now`. */
export function afterFailure(key: string, current: SignInFailureRecord | undefined, now: EpochMs, policy: ThrottlePolicy): SignInFailureRecord {
  const fresh = !current || now >= current.windowStartedAt + policy.windowMs;
  const failures = fresh ? 1 : current.failures + 1;
  const windowStartedAt = fresh ? now : current.windowStartedAt;
  const lockouts = current?.lockouts ?? 0;
  if (failures < policy.limit) return { key, failures, windowStartedAt, lockedUntil: current?.lockedUntil ?? null, lockouts };
  // 2^lockouts minutes, capped; the exponent is capped first so the number stays small.
  const lockMs = Math.min(policy.firstLockMs * 2 ** Math.min(lockouts, 30), policy.maxLockMs);
  return { key, failures: 0, windowStartedAt: now, lockedUntil: now + lockMs, lockouts: lockouts + 1 };
}
