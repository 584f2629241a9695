// Digit grouping for the card fields with the caret kept beside the same digit, whether the
// shopper types, pastes or deletes in the middle. Only ASCII digits are kept (B7: identical rule
// in widget and relay), so fullwidth or Arabic-Indic digits, letters and punctuation are dropped.

export interface Edit {
  value: string;
  caret: number;
}

const isDigit = (c: string) => c >= '0' && c <= '9';

export function digitsOf(text: string): string {
  let out = '';
  for (const c of text) if (isDigit(c)) out += c;
  return out;
}

/** Groups digits: gaps [4, 8, 12] turns 16 digits into "4 4 4 4". */
export function group(digits: string, gaps: readonly number[]): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && gaps.includes(i)) out += ' ';
    out += digits[i];
  }
  return out;
}

/**
 * Re-formats `raw` (the input's value after the browser applied an edit) with the caret at
 * `caret`: the caret ends up right after the same digit it followed in `raw`.
 */
export function format(raw: string, caret: number, gaps: readonly number[], maxLength: number): Edit {
  const digits = digitsOf(raw).slice(0, maxLength);
  const before = Math.min(digitsOf(raw.slice(0, caret)).length, digits.length);
  const value = group(digits, gaps);
  let pos = 0;
  for (let seen = 0; pos < value.length && seen < before; pos++) if (isDigit(value[pos]!)) seen++;
  return { value, caret: pos };
}

/**
 * Backspace right after a group separator (or Delete right before one) would only remove the
 * separator, which formatting puts back: remove the digit beyond it instead. Returns the raw value
 * and caret to format, or null when the edit needs no help.
 */
export function deleteAcrossGap(value: string, caret: number, backward: boolean): Edit | null {
  if (backward && caret >= 2 && value[caret - 1] === ' ') {
    return { value: value.slice(0, caret - 2) + value.slice(caret), caret: caret - 2 };
  }
  if (!backward && value[caret] === ' ' && caret + 1 < value.length) {
    return { value: value.slice(0, caret) + value.slice(caret + 2), caret };
  }
  return null;
}
