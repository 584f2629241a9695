// The retry schedule of failed deliveries (F4): where each attempt falls on the default ladder,
// when it gives up, how far jitter moves an attempt, and the settings' text form.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_LADDER, nextAttemptAt, parseDuration, parseRetryLadder, type RetryLadder } from '../../src/domain/retry-ladder.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const FIRST = Date.UTC(2026, 0, 1);
const noJitter = (): number => 0.5;

/** Every attempt a delivery that always fails gets, each made exactly when it was due. */
function attemptTimes(ladder: RetryLadder, random: () => number): number[] {
  const times = [FIRST];
  for (;;) {
    const next = nextAttemptAt(ladder, { firstAttemptAt: FIRST, attemptsMade: times.length, now: times[times.length - 1] ?? FIRST, random });
    if (next === null) return times;
    times.push(next);
  }
}

describe('nextAttemptAt', () => {
  it('gives a delivery that failed 3 times its 4th attempt at first + 1m + 2m + 4m', () => {
    expect(attemptTimes(DEFAULT_RETRY_LADDER, noJitter)[3]).toBe(FIRST + 7 * MINUTE);
  });

  it('climbs the default ladder, then tries daily, and gives up after 30 days: 1 + 7 + 29 attempts', () => {
    const offsets = attemptTimes(DEFAULT_RETRY_LADDER, noJitter).map((t) => t - FIRST);
    expect(offsets.slice(0, 9)).toEqual([0, 1, 3, 7, 15, 30, 60, 120, 120 + 24 * 60].map((m) => m * MINUTE));
    expect(offsets.slice(8).every((offset, i) => offset === 2 * HOUR + (i + 1) * DAY)).toBe(true);
    expect(offsets).toHaveLength(1 + 7 + 29);
    expect(offsets.at(-1)).toBe(29 * DAY + 2 * HOUR);
    // The one after would fall at 30 days + 2 hours.
    expect(nextAttemptAt(DEFAULT_RETRY_LADDER, { firstAttemptAt: FIRST, attemptsMade: 37, now: FIRST + 29 * DAY + 2 * HOUR, random: noJitter })).toBeNull();
  });

  it('counts the wait from the failure it follows, so a late attempt does not bring the next one forward', () => {
    const late = FIRST + 5 * HOUR;
    expect(nextAttemptAt(DEFAULT_RETRY_LADDER, { firstAttemptAt: FIRST, attemptsMade: 2, now: late, random: noJitter })).toBe(late + 2 * MINUTE);
  });

  it('moves an attempt by at most 10% of its wait, either way', () => {
    const after = (random: () => number): number | null => nextAttemptAt(DEFAULT_RETRY_LADDER, { firstAttemptAt: FIRST, attemptsMade: 5, now: FIRST, random });
    expect(after(() => 0)).toBe(FIRST + 15 * MINUTE - 90_000);
    expect(after(() => 0.75)).toBe(FIRST + 15 * MINUTE + 45_000);
    expect(after(() => 1 - Number.EPSILON)).toBe(FIRST + 15 * MINUTE + 90_000);
  });

  it('keeps every attempt within 30 days whatever the jitter; jitter at its extremes moves the count by a few daily tries', () => {
    const early = attemptTimes(DEFAULT_RETRY_LADDER, () => 0);
    const late = attemptTimes(DEFAULT_RETRY_LADDER, () => 1 - Number.EPSILON);
    // Every wait 10% short (a daily try every 21.6 hours) or 10% long (every 26.4 hours).
    expect([early.length, late.length]).toEqual([41, 35]);
    expect(Math.max(...early, ...late)).toBeLessThanOrEqual(FIRST + 30 * DAY);
  });

  it('caps a jittered attempt at the maximum age instead of dropping it', () => {
    const ladder = parseRetryLadder('10h', '10h');
    expect(nextAttemptAt(ladder, { firstAttemptAt: FIRST, attemptsMade: 1, now: FIRST, random: () => 1 - Number.EPSILON })).toBe(FIRST + 10 * HOUR);
  });

  it('refuses a count of attempts below 1 and a ladder without a wait', () => {
    expect(() => nextAttemptAt(DEFAULT_RETRY_LADDER, { firstAttemptAt: FIRST, attemptsMade: 0, now: FIRST, random: noJitter })).toThrow(RangeError);
    expect(() => nextAttemptAt({ steps: [], maxAgeMs: DAY }, { firstAttemptAt: FIRST, attemptsMade: 1, now: FIRST, random: noJitter })).toThrow(/at least one wait/);
  });
});

describe('parseRetryLadder', () => {
  it('reads the default settings as 1, 2, 4, 8, 15, 30 minutes, 1 hour, 1 day and 30 days', () => {
    expect(DEFAULT_RETRY_LADDER).toEqual({ steps: [1, 2, 4, 8, 15, 30, 60, 1440].map((m) => m * MINUTE), maxAgeMs: 30 * DAY });
  });

  it('reads seconds and blanks around the steps', () => {
    expect(parseRetryLadder(' 30s , 5m,2h ', '7d')).toEqual({ steps: [30_000, 5 * MINUTE, 2 * HOUR], maxAgeMs: 7 * DAY });
  });

  it.each([
    ['', '30d', 'the retry steps are empty: list at least one wait, e.g. 1m,1h,1d'],
    ['1m,,1h', '30d', 'retry step 2 "" is not a duration: a whole number above 0 followed by s, m, h or d (e.g. 15m)'],
    ['1m,0m', '30d', 'retry step 2 "0m" is not a duration'],
    ['1.5h', '30d', 'retry step 1 "1.5h" is not a duration'],
    ['-1m', '30d', 'retry step 1 "-1m" is not a duration'],
    ['1m,2x', '30d', 'retry step 2 "2x" is not a duration'],
    ['1m', '1 month', 'the maximum retry age "1 month" is not a duration'],
    ['1m', '', 'the maximum retry age "" is not a duration'],
  ])('refuses steps %j with maximum age %j', (steps, maxAge, message) => {
    expect(() => parseRetryLadder(steps, maxAge)).toThrow(message);
  });

  it('parses a duration on its own', () => {
    expect(parseDuration('90s')).toBe(90_000);
    expect(() => parseDuration('90')).toThrow('a duration "90" is not a duration');
  });
});
