// A slip's dates on its country's bank calendar (business-days.ts):
// - due date: customParameters[CUSTOM_due_date] (DDMMYYYY), or three business days after issue
//   (the spec's recommendation);
// - expiry: the end of the last day the slip can be paid, which is the due date, or the next
//   business day when the due date is a weekend or bank holiday (banks take a slip due on a closed
//   day on the next open one);
// - confirmation (the simulated shopper pays): at 10:00 of the configured business day after
//   issue, when the bank's return file arrives; 0 business days confirms at the moment of issue
//   (demos, load tests); a slip whose confirmation would come after its expiry is never paid and
//   expires.

import type { VoucherBrand, VoucherBrandCode } from './brands.js';
import { addBusinessDays, addDays, localDay, localMoment, type Day } from './business-days.js';

export const DUE_DATE_PARAM = 'customParameters[CUSTOM_due_date]';
/** Business days from issue to the default due date. */
export const DEFAULT_DUE_BUSINESS_DAYS = 3;
/** The latest due date accepted, in calendar days after issue. */
export const MAX_DUE_DAYS = 365;
/** Minutes after local midnight at which the simulated confirmation arrives. */
const CONFIRM_MINUTE = 10 * 60;

export type DueDateParse = { ok: true; day: Day } | { ok: false; message: string };

export function parseDueDate(brand: VoucherBrand, text: string, now: number): DueDateParse {
  const m = /^(\d{2})(\d{2})(\d{4})$/.exec(text);
  if (!m) return { ok: false, message: 'must be a date as DDMMYYYY' };
  const [, dd, mm, yyyy] = m as unknown as [string, string, string, string];
  const day = `${yyyy}-${mm}-${dd}`;
  const probe = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(probe.getTime()) || probe.toISOString().slice(0, 10) !== day) return { ok: false, message: 'is not a calendar date (DDMMYYYY)' };
  const issued = localDay(brand.country, now);
  if (day < issued) return { ok: false, message: `must not be before the issue date ${issued}` };
  if (day > addDays(issued, MAX_DUE_DAYS)) return { ok: false, message: `must be within ${MAX_DUE_DAYS} days of issue` };
  return { ok: true, day };
}

export interface SlipTiming {
  /** yyyy-mm-dd, the country's calendar. */
  dueDate: Day;
  /** Epoch ms: the slip cannot be paid from this moment. */
  expiresAt: number;
  /** Epoch ms of the simulated confirmation, or null when the shopper never pays in time. */
  confirmAt: number | null;
}

export type ConfirmDays = Partial<Record<VoucherBrandCode, number>>;

export function slipTiming(brand: VoucherBrand, now: number, dueDateText: string | undefined, confirmDays: ConfirmDays): SlipTiming {
  const issued = localDay(brand.country, now);
  const parsed = dueDateText === undefined ? undefined : parseDueDate(brand, dueDateText, now);
  const dueDate = parsed?.ok ? parsed.day : addBusinessDays(brand.country, issued, DEFAULT_DUE_BUSINESS_DAYS);
  const lastPayable = addBusinessDays(brand.country, dueDate, 0);
  const expiresAt = localMoment(brand.country, addDays(lastPayable, 1));
  const days = confirmDays[brand.brand] ?? brand.confirmBusinessDays;
  const confirmAt = days === 0 ? now : localMoment(brand.country, addBusinessDays(brand.country, issued, days), CONFIRM_MINUTE);
  return { dueDate, expiresAt, confirmAt: confirmAt < expiresAt ? Math.max(confirmAt, now) : null };
}
