// The demo shop's monthly subscription, built as a merchant builds one: the first payment goes
// through the widget with createRegistration=true, so the relay stores the card; the shop then asks
// the relay for a schedule that charges that registration every month, and shows the schedule's
// charges. In the test environment the page moves the entity's test clock a month at a time, so a
// newcomer sees the monthly charges happen. Kept in memory, like the orders.

import { CheckoutBook } from './checkout-book.js';

/** A subscription of the shop: its first checkout, then the relay's schedule once it exists. */
export interface Subscription {
  id: string;
  checkoutId: string;
  scheduleId?: string;
}

/** Subscriptions kept at most; the oldest go first. */
export const SUBSCRIPTION_BOOK_ENTRIES = 1_000;

export class SubscriptionBook extends CheckoutBook<Subscription> {
  constructor() {
    super(SUBSCRIPTION_BOOK_ENTRIES);
  }

  open(id: string, checkoutId: string): Subscription {
    return this.add({ id, checkoutId });
  }
}

const TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})/;

function parts(time: string): number[] {
  const m = TIME.exec(time);
  if (!m) throw new RangeError(`not a yyyy-MM-dd HH:mm:ss time: ${JSON.stringify(time)}`);
  return m.slice(1).map((p) => Number.parseInt(p, 10));
}

/** Days charged on at most: the 28th exists in every month, so the charge never skips one. */
export const LAST_CHARGE_DAY = 28;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A UTC instant as the API writes times, yyyy-MM-dd HH:mm:ss. */
function timeText(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/**
 * The schedule's job: every month on the day and at the minute the subscription began (the 28th
 * for a start after it), as `job.*` fields. The first payment covers the first month, so the
 * first charge is a month later: the job starts a second after the subscription did, or a start
 * on the whole minute (a test clock moved to one) would match the job itself and be charged again
 * at once.
 */
export function monthlyJob(startedAt: string): Record<string, string> {
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = parts(startedAt);
  return {
    'job.second': '0',
    'job.minute': String(minute),
    'job.hour': String(hour),
    'job.dayOfMonth': String(Math.min(day, LAST_CHARGE_DAY)),
    'job.month': '*',
    'job.startDate': timeText(Date.UTC(year, month - 1, day, hour, minute, second) + 1_000),
  };
}

/** `time` a calendar month later, on the month's last day when it is shorter (31 Jan -> 28/29 Feb). */
export function oneMonthLater(time: string): string {
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = parts(time);
  const next = new Date(Date.UTC(year, month, 1)); // month is 1-based: this is the first of the next month
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  return timeText(Date.UTC(next.getUTCFullYear(), next.getUTCMonth(), Math.min(day, lastDay), hour, minute, second));
}
