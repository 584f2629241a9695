import { describe, expect, it } from 'vitest';
import { expiryValid, formatExpiry, holderOk, parseExpiry } from './expiry.js';

const now = new Date(2026, 10, 22); // November 2026

describe('formatExpiry', () => {
  it('formats as MM / YY while typing', () => {
    expect(formatExpiry('1', 1)).toEqual({ value: '1', caret: 1 });
    expect(formatExpiry('12', 2)).toEqual({ value: '12', caret: 2 });
    expect(formatExpiry('123', 3)).toEqual({ value: '12 / 3', caret: 6 });
    expect(formatExpiry('12 / 304', 8)).toEqual({ value: '12 / 30', caret: 7 });
  });
  it('a first digit above 1 is a month on its own', () => {
    expect(formatExpiry('4', 1)).toEqual({ value: '04', caret: 2 });
  });
  it('takes pasted and autofilled shapes', () => {
    expect(formatExpiry('12/2030', 7).value).toBe('12 / 30');
    expect(formatExpiry('1230', 4).value).toBe('12 / 30');
  });
  it('keeps the caret beside the same digit when editing the month', () => {
    // "1|2 / 30" -> typing "0" there gives digits 10230 -> "10 / 23"
    expect(formatExpiry('102 / 30', 2)).toEqual({ value: '10 / 23', caret: 2 });
  });
});

describe('parseExpiry / expiryValid', () => {
  it('parses the shapes shoppers use', () => {
    expect(parseExpiry('12 / 30')).toEqual({ month: '12', year: '2030' });
    expect(parseExpiry('1/2031')).toEqual({ month: '01', year: '2031' });
    expect(parseExpiry('0530')).toEqual({ month: '05', year: '2030' });
    expect(parseExpiry('12 / 3')).toBeNull();
    expect(parseExpiry('')).toBeNull();
  });
  it('validates month, year and date', () => {
    expect(expiryValid({ month: '11', year: '2026' }, now)).toBe(true);
    expect(expiryValid({ month: '10', year: '2026' }, now)).toBe(false);
    expect(expiryValid({ month: '10', year: '2026' }, now, false)).toBe(true);
    expect(expiryValid({ month: '13', year: '2030' }, now)).toBe(false);
    expect(expiryValid({ month: '00', year: '2030' }, now)).toBe(false);
    expect(expiryValid({ month: '01', year: '2099' }, now)).toBe(false);
    expect(expiryValid(null, now)).toBe(false);
  });
});

describe('holderOk', () => {
  it('is optional, and 3–128 characters when given (card.holder is A128, length 3–128)', () => {
    expect(holderOk('')).toBe(true);
    expect(holderOk('   ')).toBe(true);
    expect(holderOk('Jane Doe')).toBe(true);
    expect(holderOk('800.100.152')).toBe(true);
    expect(holderOk('Jo')).toBe(false);
    expect(holderOk('x'.repeat(129))).toBe(false);
    expect(holderOk('Jane\nDoe')).toBe(false);
  });
});
