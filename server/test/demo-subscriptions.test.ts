// The demo shop's subscription arithmetic: the monthly job from the start time, and a month on the
// test clock, including the months shorter than the day charged on.
import { describe, expect, it } from 'vitest';
import { monthlyJob, oneMonthLater, SUBSCRIPTION_BOOK_ENTRIES, SubscriptionBook } from '../src/demo/subscriptions.js';
import { compileJob } from '../src/schedules/job.js';
import { nextRunAtOrAfter } from '../src/schedules/next-run.js';
import { parseDateTime } from '../src/domain/clock.js';

describe('the demo subscription', () => {
  it('charges on the day and minute it began, the 28th at the latest', () => {
    expect(monthlyJob('2026-11-27 09:41:13')).toEqual({ 'job.second': '0', 'job.minute': '41', 'job.hour': '9', 'job.dayOfMonth': '27', 'job.month': '*', 'job.startDate': '2026-11-27 09:41:14' });
    expect(monthlyJob('2027-01-31 23:05:00')['job.dayOfMonth']).toBe('28');
    const compiled = compileJob(new Map(Object.entries(monthlyJob('2026-11-27 09:41:13'))));
    expect(compiled.ok && compiled.job.expression).toBe('0 41 9 27 * ? *');
  });

  it('charges first a month after it began, also when it began on the whole minute it charges at', () => {
    for (const [startedAt, first] of [
      ['2026-12-07 18:25:00', '2027-01-07 18:25:00'],
      ['2026-12-07 18:25:59', '2027-01-07 18:25:00'],
      ['2026-12-31 23:59:59', '2027-01-28 23:59:00'],
    ] as const) {
      const compiled = compileJob(new Map(Object.entries(monthlyJob(startedAt))));
      if (!compiled.ok) throw new Error(compiled.error.message);
      expect(new Date(nextRunAtOrAfter(compiled.job, parseDateTime(startedAt)) ?? 0).toISOString().replace('T', ' ').slice(0, 19)).toBe(first);
    }
  });

  it('moves a calendar month, to the last day of a shorter month', () => {
    expect(oneMonthLater('2026-11-27 09:41:13')).toBe('2026-12-27 09:41:13');
    expect(oneMonthLater('2026-12-15 00:00:00')).toBe('2027-01-15 00:00:00');
    expect(oneMonthLater('2027-01-31 12:00:00')).toBe('2027-02-28 12:00:00');
    expect(oneMonthLater('2028-01-31 12:00:00')).toBe('2028-02-29 12:00:00');
    expect(() => oneMonthLater('27.11.2026')).toThrow(RangeError);
  });

  it('finds a subscription by its checkout, and forgets the oldest beyond its size', () => {
    const book = new SubscriptionBook();
    book.open('first', 'checkout-first');
    expect(book.byCheckout('checkout-first')?.id).toBe('first');
    for (let i = 0; i < SUBSCRIPTION_BOOK_ENTRIES; i++) book.open(`s${i}`, `c${i}`);
    expect(book.byId('first')).toBeUndefined();
    expect(book.byCheckout('checkout-first')).toBeUndefined();
    expect(book.byId('s0')?.checkoutId).toBe('c0');
  });
});
