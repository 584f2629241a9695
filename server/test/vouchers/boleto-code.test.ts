// The FEBRABAN check digits against slips printed by banks, and the codes the relay issues.

import { describe, expect, it } from 'vitest';
import { barCode, barCodeOfLine, digitableLine, dueDateFactor, formatDigitableLine, mod10, mod11, validBarCode } from '../../src/vouchers/boleto-code.js';

// Published lines: Banco do Brasil's sample slip (bank 001, factor 9988, R$ 1.00) and a slip of
// Bradesco (bank 237) for R$ 9.91 due 2026-08-05.
const BB_LINE = '00190000090222196700900000007179998810000000100';
const BB_CODE = '00199988100000001000000002221967000000000717';
const BRADESCO_LINE = '23795.78400 40000.000121 41076.449002 7 15290000000991';

describe('FEBRABAN bank slip codes', () => {
  it('reads published digitable lines back to their bar codes, every check digit holding', () => {
    expect(barCodeOfLine(BB_LINE)).toBe(BB_CODE);
    expect(digitableLine(BB_CODE)).toBe(BB_LINE);
    const bradesco = barCodeOfLine(BRADESCO_LINE);
    expect(bradesco).toBe('23797152900000009915784040000000124107644900');
    expect(formatDigitableLine(digitableLine(bradesco ?? ''))).toBe(BRADESCO_LINE);
    // Its factor is its due date, its amount 991 centavos.
    expect(bradesco?.slice(5, 9)).toBe(String(dueDateFactor('2026-08-05')));
    expect(bradesco?.slice(9, 19)).toBe('0000000991');
  });

  it('refuses a line with any one digit changed', () => {
    const digits = BB_LINE;
    for (let i = 0; i < digits.length; i++) {
      const changed = digits.slice(0, i) + String((Number(digits[i]) + 1) % 10) + digits.slice(i + 1);
      // A changed digit of a field or of the bar code's body breaks its modulo-10 or modulo-11 digit.
      expect(barCodeOfLine(changed), `digit ${i}`).toBeUndefined();
    }
  });

  it('computes the field digits by modulo 10 and the general digit by modulo 11', () => {
    expect(mod10('001900000')).toBe(9);
    expect(mod10('0000000000')).toBe(0);
    // Remainders giving 0, 10 or 11 become 1.
    expect(mod11('0000000000000000000000000000000000000000000')).toBe(1);
    expect(validBarCode(BB_CODE)).toBe(true);
    expect(validBarCode(BB_CODE.slice(0, 4) + '2' + BB_CODE.slice(5))).toBe(false);
  });

  it('counts the due-date factor from 1997-10-07 and restarts at 1000 on 2025-02-22', () => {
    expect(dueDateFactor('2000-07-03')).toBe(1000);
    expect(dueDateFactor('2025-02-21')).toBe(9999);
    expect(dueDateFactor('2025-02-22')).toBe(1000);
    expect(dueDateFactor('2026-11-25')).toBe(1000 + 641);
  });

  it('issues a bar code with its amount and due date, and a line that reads back to it', () => {
    const code = barCode({ bank: '999', dueDate: '2026-11-25', amount: 123456, freeField: '1234567890123456789012345' });
    expect(code).toHaveLength(44);
    expect(validBarCode(code)).toBe(true);
    expect(code.slice(0, 4)).toBe('9999');
    expect(code.slice(9, 19)).toBe('0000123456');
    expect(code.slice(19)).toBe('1234567890123456789012345');
    expect(barCodeOfLine(digitableLine(code))).toBe(code);
    expect(() => barCode({ bank: '999', dueDate: '2026-11-25', amount: 10_000_000_000, freeField: '1234567890123456789012345' })).toThrow(RangeError);
  });
});
