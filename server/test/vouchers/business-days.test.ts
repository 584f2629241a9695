// Business days of the bank calendars of BR, MX and CO (date-holidays), around Carnival,
// Christmas and New Year, and the dates of a slip built on them.

import { describe, expect, it } from 'vitest';
import { addBusinessDays, isBusinessDay, localDay, localMoment } from '../../src/vouchers/business-days.js';
import { VOUCHER_BRANDS } from '../../src/vouchers/brands.js';
import { slipTiming } from '../../src/vouchers/timing.js';

describe('business days', () => {
  it('skips Carnival Monday and Tuesday in Brazil, but not in Mexico or Colombia', () => {
    // Carnival 2027: Monday 8 and Tuesday 9 February; Ash Wednesday opens the banks again.
    expect(isBusinessDay('BR', '2027-02-08')).toBe(false);
    expect(isBusinessDay('BR', '2027-02-09')).toBe(false);
    expect(addBusinessDays('BR', '2027-02-05', 1)).toBe('2027-02-10');
    expect(addBusinessDays('BR', '2027-02-05', 2)).toBe('2027-02-11');
    expect(addBusinessDays('MX', '2027-02-05', 1)).toBe('2027-02-08');
    expect(addBusinessDays('CO', '2027-02-05', 1)).toBe('2027-02-08');
  });

  it('skips Christmas and New Year, and the weekends after them', () => {
    // 2026-12-25 and 2027-01-01 are Fridays.
    for (const country of ['BR', 'MX', 'CO'] as const) {
      expect(isBusinessDay(country, '2026-12-25'), country).toBe(false);
      expect(isBusinessDay(country, '2027-01-01'), country).toBe(false);
      expect(addBusinessDays(country, '2026-12-24', 1), country).toBe('2026-12-28');
      expect(addBusinessDays(country, '2026-12-31', 1), country).toBe('2027-01-04');
    }
    expect(addBusinessDays('BR', '2026-12-23', 3)).toBe('2026-12-29');
  });

  it("follows each country's own holidays: Constitution Day in Mexico, Epiphany Monday in Colombia", () => {
    expect(addBusinessDays('MX', '2027-01-29', 1)).toBe('2027-02-02');
    expect(addBusinessDays('BR', '2027-01-29', 1)).toBe('2027-02-01');
    expect(addBusinessDays('CO', '2027-01-08', 1)).toBe('2027-01-12');
    expect(addBusinessDays('MX', '2027-01-08', 1)).toBe('2027-01-11');
  });

  it('takes 0 business days as the day itself, or the next business day', () => {
    expect(addBusinessDays('BR', '2026-11-23', 0)).toBe('2026-11-23');
    expect(addBusinessDays('BR', '2026-12-25', 0)).toBe('2026-12-28');
  });

  it("places moments on the country's calendar", () => {
    // 01:00 UTC on the 23rd is still the 22nd in Brasília (UTC-3) and Mexico City (UTC-6).
    expect(localDay('BR', Date.UTC(2026, 10, 23, 1))).toBe('2026-11-22');
    expect(localDay('BR', Date.UTC(2026, 10, 23, 3))).toBe('2026-11-23');
    expect(localMoment('MX', '2026-11-23')).toBe(Date.UTC(2026, 10, 23, 6));
  });
});

describe('slip dates', () => {
  it('is due three business days after issue and confirmed on the configured business day at 10:00', () => {
    // Issued Wednesday 23 December 2026 in Brazil: the 24th, 28th and 29th are the three business days.
    const t = slipTiming(VOUCHER_BRANDS.BOLETO, Date.UTC(2026, 11, 23, 15), undefined, {});
    expect(t.dueDate).toBe('2026-12-29');
    expect(t.expiresAt).toBe(Date.UTC(2026, 11, 30, 3));
    expect(t.confirmAt).toBe(Date.UTC(2026, 11, 28, 13));
    const slower = slipTiming(VOUCHER_BRANDS.BOLETO, Date.UTC(2026, 11, 23, 15), undefined, { BOLETO: 3 });
    expect(slower.confirmAt).toBe(Date.UTC(2026, 11, 29, 13));
    const atOnce = slipTiming(VOUCHER_BRANDS.BOLETO, Date.UTC(2026, 11, 23, 15), undefined, { BOLETO: 0 });
    expect(atOnce.confirmAt).toBe(Date.UTC(2026, 11, 23, 15));
  });

  it('lets a slip due on a closed day be paid on the next business day, and never pays one due too soon', () => {
    // Due Saturday 26 December 2026: payable until the end of Monday the 28th.
    const weekend = slipTiming(VOUCHER_BRANDS.OXXO, Date.UTC(2026, 11, 23, 18), '26122026', {});
    expect(weekend.expiresAt).toBe(Date.UTC(2026, 11, 29, 6));
    expect(weekend.confirmAt).toBe(Date.UTC(2026, 11, 24, 16));
    const tooSoon = slipTiming(VOUCHER_BRANDS.BALOTO, Date.UTC(2026, 11, 23, 18), '23122026', {});
    expect(tooSoon.confirmAt).toBeNull();
    expect(tooSoon.expiresAt).toBe(Date.UTC(2026, 11, 24, 5));
  });
});
