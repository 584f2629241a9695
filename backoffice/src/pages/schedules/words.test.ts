import { describe, expect, it } from 'vitest';
import { expiry, formatInZone, maskedNumber } from './words.js';

describe("a schedule's words", () => {
  it("says a run time in the schedule's zone, summer time included, with the zone's name", () => {
    const winter = formatInZone(Date.UTC(2026, 11, 1, 7, 0, 0), 'Europe/Berlin');
    const summer = formatInZone(Date.UTC(2027, 3, 1, 6, 0, 0), 'Europe/Berlin');
    for (const text of [winter, summer]) expect(text).toMatch(/\b08:00\b/);
    expect(winter).toContain('GMT+1');
    expect(summer).toContain('GMT+2');
    expect(formatInZone(Date.UTC(2026, 11, 1, 7, 0, 0), 'UTC')).toMatch(/\b07:00\b.*UTC/);
  });

  it('shows the seconds only of a run that is not on a whole minute', () => {
    expect(formatInZone(Date.UTC(2026, 11, 7, 13, 38, 5), 'UTC')).toMatch(/\b01:38:05\b|\b13:38:05\b/);
    expect(formatInZone(Date.UTC(2026, 11, 7, 13, 38, 0), 'UTC')).not.toMatch(/:38:00/);
  });

  it('masks a card to its first six and last four digits', () => {
    expect(maskedNumber({ bin: '420000', last4: '0000' })).toBe('420000 •• 0000');
    expect(expiry({ expiryMonth: '05', expiryYear: '2034' })).toBe('05/2034');
  });
});
