import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deleteAcrossGap, digitsOf, format, group } from './format.js';

const VISA_GAPS = [4, 8, 12];

describe('format', () => {
  it('groups while typing and keeps the caret after the typed digit', () => {
    expect(format('4200', 4, VISA_GAPS, 19)).toEqual({ value: '4200', caret: 4 });
    expect(format('42001', 5, VISA_GAPS, 19)).toEqual({ value: '4200 1', caret: 6 });
    expect(format('377777777777770', 15, [4, 10], 15)).toEqual({ value: '3777 777777 77770', caret: 17 });
  });

  it('keeps the caret in place when a digit is typed in the middle', () => {
    // "4200 |0000 0000" + "9" typed at the caret
    expect(format('4200 90000 0000', 6, VISA_GAPS, 19)).toEqual({ value: '4200 9000 0000 0', caret: 6 });
    // typed just before a separator: the digit moves the group, the caret follows the digit
    expect(format('42009 0000', 5, VISA_GAPS, 19)).toEqual({ value: '4200 9000 0', caret: 6 });
  });

  it('accepts a paste with spaces or dashes, drops everything but ASCII digits', () => {
    expect(format('4200-0000-0000-0000', 19, VISA_GAPS, 19).value).toBe('4200 0000 0000 0000');
    expect(format('４２００', 4, VISA_GAPS, 19).value).toBe('');
    expect(format('٤٢٠٠', 4, VISA_GAPS, 19).value).toBe('');
    expect(format('42a0', 3, VISA_GAPS, 19)).toEqual({ value: '420', caret: 2 });
  });

  it('cuts at the brand length', () => {
    expect(format('12345678901234567890123', 23, VISA_GAPS, 16).value).toBe('1234 5678 9012 3456');
  });

  it('property: the caret follows the same digit, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('0', '1', '9', ' ', '-', 'a', '٣') }), fc.nat(), (raw, n) => {
        const caret = n % (raw.length + 1);
        const out = format(raw, caret, VISA_GAPS, 19);
        expect(out.value).toBe(group(digitsOf(raw).slice(0, 19), VISA_GAPS));
        const before = Math.min(digitsOf(raw.slice(0, caret)).length, 19);
        expect(digitsOf(out.value.slice(0, out.caret)).length).toBe(before);
        // never parked after a separator it does not need
        expect(out.caret === 0 || out.value[out.caret - 1] !== ' ').toBe(true);
      }),
    );
  });
});

describe('deleteAcrossGap', () => {
  it('backspace after a separator removes the digit before it', () => {
    const edit = deleteAcrossGap('4200 0000', 5, true);
    expect(edit).toEqual({ value: '4200000', caret: 3 });
    expect(format(edit!.value, edit!.caret, VISA_GAPS, 19)).toEqual({ value: '4200 000', caret: 3 });
  });
  it('delete before a separator removes the digit after it', () => {
    expect(deleteAcrossGap('4200 1000', 4, false)).toEqual({ value: '4200000', caret: 4 });
  });
  it('leaves ordinary deletions to the browser', () => {
    expect(deleteAcrossGap('4200 0000', 3, true)).toBeNull();
    expect(deleteAcrossGap('4200', 4, false)).toBeNull();
  });
});
