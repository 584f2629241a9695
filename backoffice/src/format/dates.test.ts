import { describe, expect, it } from 'vitest';
import { dayBound, dayOf } from './dates.js';

describe('the date filters', () => {
  it('a day is its local midnight up to the last ms before the next one', () => {
    const from = Number(dayBound('2026-03-29'));
    const to = Number(dayBound('2026-03-29', true));
    expect(new Date(from).getHours()).toBe(0);
    expect(new Date(from).getDate()).toBe(29);
    expect(new Date(to + 1).getDate()).toBe(30);
    expect(new Date(to + 1).getHours()).toBe(0);
  });

  it('a bound shows back as the day it was made from', () => {
    expect(dayOf(dayBound('2026-12-07'))).toBe('2026-12-07');
    expect(dayOf(dayBound('2026-12-07', true))).toBe('2026-12-07');
  });

  it('anything else is no bound', () => {
    expect(dayBound('')).toBeUndefined();
    expect(dayBound('7.12.2026')).toBeUndefined();
    expect(dayOf('soon')).toBe('');
    expect(dayOf(undefined)).toBe('');
  });
});
