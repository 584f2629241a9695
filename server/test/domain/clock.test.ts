import { describe, expect, it } from 'vitest';
import { formatTimestamp, ManualClock, systemClock } from '../../src/domain/clock.js';

describe('clock', () => {
  it('moves a manual clock only when told', () => {
    const clock = new ManualClock(1_000);
    expect(clock.now()).toBe(1_000);
    clock.advance(500);
    expect(clock.now()).toBe(1_500);
    clock.set(42);
    expect(clock.now()).toBe(42);
    expect(() => clock.advance(-1)).toThrow(RangeError);
  });

  it('reads the system time', () => {
    const before = Date.now();
    const now = systemClock.now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('formats timestamps as yyyy-MM-dd HH:mm:ss+0000 in UTC', () => {
    expect(formatTimestamp(Date.UTC(2026, 10, 22, 5, 19, 2))).toBe('2026-11-22 05:19:02+0000');
    expect(formatTimestamp(0)).toBe('1970-01-01 00:00:00+0000');
    expect(formatTimestamp(Date.UTC(2024, 1, 29, 23, 59, 59, 999))).toBe('2024-02-29 23:59:59+0000');
  });

  it('gives every moment of one second that second, and the next second its own, also going back', () => {
    const second = Date.UTC(2026, 10, 22, 5, 19, 2);
    expect([0, 1, 500, 999].map((ms) => formatTimestamp(second + ms))).toEqual(Array(4).fill('2026-11-22 05:19:02+0000'));
    expect(formatTimestamp(second + 1000)).toBe('2026-11-22 05:19:03+0000');
    expect(formatTimestamp(second - 1)).toBe('2026-11-22 05:19:01+0000');
    expect(formatTimestamp(second)).toBe('2026-11-22 05:19:02+0000');
  });
});
