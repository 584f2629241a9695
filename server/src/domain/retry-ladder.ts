// When a failed webhook delivery is tried again (F4). The wait after the n-th failed attempt is
// the n-th step of a ladder; the last step repeats until the delivery is older than the maximum
// age, counted from its first attempt, and then it is given up (marked failed). Integrations
// expect retries for at most 30 days. Each wait is spread by ±10% so that the deliveries that
// failed together, when a receiver was down, do not all come back at the same moment.

export interface RetryLadder {
  /** Waits in milliseconds: steps[n - 1] follows the n-th failed attempt; the last one repeats. */
  steps: readonly number[];
  /** No attempt later than this after the first one, milliseconds. */
  maxAgeMs: number;
}

/** 1, 2, 4, 8, 15 and 30 minutes, 1 hour, then daily: the settings' text form, parsed once below. */
export const DEFAULT_RETRY_STEPS = '1m,2m,4m,8m,15m,30m,1h,1d';
export const DEFAULT_RETRY_MAX_AGE = '30d';
/** Each wait moves by up to this share of itself, either way. */
export const RETRY_JITTER = 0.1;

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const DURATION = /^([1-9][0-9]{0,8})(s|m|h|d)$/;

/** `90s`, `15m`, `1h`, `30d` in milliseconds; throws, naming `what`, for anything else. */
export function parseDuration(text: string, what = 'a duration'): number {
  const match = DURATION.exec(text.trim());
  if (!match) throw new Error(`${what} ${JSON.stringify(text)} is not a duration: a whole number above 0 followed by s, m, h or d (e.g. 15m)`);
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

/** A ladder from its settings: `1m,2m,4m,…,1d` and a maximum age such as `30d`. */
export function parseRetryLadder(steps: string, maxAge: string): RetryLadder {
  if (steps.trim() === '') throw new Error('the retry steps are empty: list at least one wait, e.g. 1m,1h,1d');
  return {
    steps: steps.split(',').map((part, i) => parseDuration(part, `retry step ${i + 1}`)),
    maxAgeMs: parseDuration(maxAge, 'the maximum retry age'),
  };
}

export const DEFAULT_RETRY_LADDER: RetryLadder = parseRetryLadder(DEFAULT_RETRY_STEPS, DEFAULT_RETRY_MAX_AGE);

export interface RetryState {
  /** When the delivery was first attempted, epoch milliseconds. */
  firstAttemptAt: number;
  /** Attempts made so far, all failed; at least 1. */
  attemptsMade: number;
  /** When the last one failed, epoch milliseconds: the wait counts from here. */
  now: number;
  /** A number in [0, 1): 0.5 means no jitter, 0 the most negative, towards 1 the most positive. */
  random: () => number;
}

/**
 * When to attempt a failed delivery next, epoch milliseconds, or null once the next attempt would
 * fall past `firstAttemptAt + maxAgeMs`: then the delivery is given up. The wait counts from
 * `now`, not from a fixed timetable, so attempts delayed by a backlog never come back in a burst
 * to catch up. Giving up is decided on the wait before jitter, and a jittered time is capped at
 * the limit: jitter never ends a delivery early nor pushes an attempt past the limit.
 */
export function nextAttemptAt(ladder: RetryLadder, state: RetryState): number | null {
  const { firstAttemptAt, attemptsMade, now, random } = state;
  if (!Number.isInteger(attemptsMade) || attemptsMade < 1) throw new RangeError(`attemptsMade must be a whole number of at least 1, got ${attemptsMade}`);
  const step = ladder.steps[Math.min(attemptsMade, ladder.steps.length) - 1];
  // A hand-made ladder without steps would retry at once, forever.
  if (step === undefined || step <= 0) throw new RangeError('a retry ladder needs at least one wait above 0');
  const deadline = firstAttemptAt + ladder.maxAgeMs;
  const due = now + step;
  if (due > deadline) return null;
  const jitter = Math.round((random() * 2 - 1) * RETRY_JITTER * step);
  return Math.min(due + jitter, deadline);
}
