// One CSV cell of the semicolon-separated files, by the rules csv-stringify applies with
// `escape_formulas`: a value a spreadsheet would run as a formula (=, +, -, @, a tab or a carriage
// return first, or their full-width forms) gets an apostrophe before it, and a value holding the
// separator, a quote or a line break is quoted, its quotes doubled. Written here because
// csv-stringify spends 10 to 20 µs on a row of 36 cells and the reconciliation file has a million
// rows to write in 10 s; its tests hold this to csv-stringify's output.

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const MUST_QUOTE = /[;"\r\n]/;

export const CSV_SEPARATOR = ';';
export const CSV_LINE_END = '\r\n';

/** = + - @ tab CR and the full-width = + - @. */
const startsFormula = (c: number): boolean => c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13 || c === 0xff1d || c === 0xff0b || c === 0xff0d || c === 0xff20;

/**
 * Whether a value needs more than itself: a loop over its characters, because a file calls this
 * some 20 million times and most values are short and plain, where a regular expression's call
 * costs more than the loop.
 */
function needsCare(value: string): boolean {
  if (value.length === 0) return false;
  if (startsFormula(value.charCodeAt(0))) return true;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 59 || c === 34 || c === 13 || c === 10) return true;
  }
  return false;
}

/** The cell of a value; null is an empty cell. */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  if (!needsCare(value)) return value;
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return MUST_QUOTE.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
