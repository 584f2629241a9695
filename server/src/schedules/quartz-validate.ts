// Checks one Quartz expression the way Quartz does and rewrites the few forms the cron library
// spells differently. What the library accepts but Quartz refuses is refused here: `?` outside the
// day fields, a day of week 0 or 8, both day fields set, a step of 0 or past the field's range.
// What Quartz accepts but the library cannot do is refused too, with its reason (`L-3`: "the
// third-to-last day of the month").

import { QUARTZ_FIELDS, type JobErrorCode, type QuartzField } from './quartz-fields.js';

export interface QuartzProblem {
  code: JobErrorCode;
  /** The field (or 'expression') at fault. */
  field: string;
  message: string;
}

export type QuartzCheck = { ok: true; fields: string[] } | { ok: false; problem: QuartzProblem };

const NUMBER = /^\d{1,4}$/;

function valueOf(field: QuartzField, token: string): number | undefined {
  const upper = token.toUpperCase();
  const named = field.names?.indexOf(upper) ?? -1;
  if (named >= 0) return named + field.min;
  return NUMBER.test(token) ? Number(token) : undefined;
}

function inRange(field: QuartzField, n: number | undefined): n is number {
  return n !== undefined && n >= field.min && n <= field.max;
}

/** One item of a list: `*`, `v`, `a-b`, with an optional `/step` (Quartz allows `v/step`). */
function checkItem(field: QuartzField, item: string): string | null {
  const [base = '', step, extra] = item.split('/');
  if (extra !== undefined) return `"${item}" has two steps`;
  if (step !== undefined) {
    if (!NUMBER.test(step) || Number(step) === 0) return `"${item}" needs a step of 1 or more`;
    if (Number(step) > field.max) return `"${item}" steps past the field's range`;
  }
  if (base === '*') return null;
  const bounds = base.split('-');
  if (bounds.length > 2) return `"${item}" is not a value or a range`;
  for (const b of bounds) {
    if (!inRange(field, valueOf(field, b))) return `"${b}" is not between ${field.min} and ${field.max}`;
  }
  return null;
}

/** Day-of-month and day-of-week forms of their own: L, LW, nW (month); L, nL, n#k (week). */
function special(field: QuartzField, text: string): { rewritten: string } | { problem: string } | null {
  const upper = text.toUpperCase();
  if (field.name === 'dayOfMonth') {
    if (upper === 'L' || upper === 'LW') return { rewritten: upper };
    if (/^L-\d+$/.test(upper)) return { problem: `"${text}" (days before the last of the month) is not supported` };
    const w = /^(\d{1,2})W$/.exec(upper);
    if (w) return inRange(field, Number(w[1])) ? { rewritten: upper } : { problem: `"${text}" names no day between 1 and 31` };
    return null;
  }
  if (field.name === 'dayOfWeek') {
    // Quartz: L alone in the day of week is its last day, Saturday.
    if (upper === 'L') return { rewritten: '7' };
    const last = /^([A-Z]{3}|\d)L$/.exec(upper);
    if (last) return inRange(field, valueOf(field, last[1] ?? '')) ? { rewritten: `${valueOf(field, last[1] ?? '')}L` } : { problem: `"${text}" names no day between 1 and 7` };
    const nth = /^([A-Z]{3}|\d)#(\d)$/.exec(upper);
    if (nth) {
      if (!inRange(field, valueOf(field, nth[1] ?? ''))) return { problem: `"${text}" names no day between 1 and 7` };
      const k = Number(nth[2]);
      return k >= 1 && k <= 5 ? { rewritten: `${valueOf(field, nth[1] ?? '')}#${k}` } : { problem: `"${text}": a month has a 1st to 5th such day` };
    }
  }
  return null;
}

function checkField(field: QuartzField, text: string): { ok: true; text: string } | { ok: false; message: string } {
  if (text === '?') return field.noSpecific ? { ok: true, text } : { ok: false, message: '"?" is allowed only in day of month or day of week' };
  if (field.special) {
    const s = special(field, text);
    if (s && 'problem' in s) return { ok: false, message: s.problem };
    if (s) return { ok: true, text: s.rewritten };
  }
  for (const item of text.split(',')) {
    const problem = item === '' ? 'an empty list item' : checkItem(field, item);
    if (problem) return { ok: false, message: problem };
  }
  return { ok: true, text };
}

/**
 * An expression of 6 or 7 space-separated fields (second minute hour dayOfMonth month dayOfWeek
 * [year]), checked; the fields as the cron library reads them (year `*` when absent).
 */
export function checkQuartz(expression: string): QuartzCheck {
  const parts = expression.trim().split(/\s+/);
  if (parts.length < 6 || parts.length > 7) {
    return { ok: false, problem: { code: '100.250.120', field: 'expression', message: 'a Quartz expression has 6 or 7 fields: second minute hour dayOfMonth month dayOfWeek [year]' } };
  }
  if (parts.length === 6) parts.push('*');
  const fields: string[] = [];
  for (const [i, field] of QUARTZ_FIELDS.entries()) {
    const checked = checkField(field, parts[i] ?? '');
    if (!checked.ok) return { ok: false, problem: { code: field.code, field: field.name, message: checked.message } };
    fields.push(checked.text);
  }
  // Quartz: exactly one of the day fields says "no specific value".
  const [dom, dow] = [fields[3], fields[5]];
  if ((dom === '?') === (dow === '?')) {
    return { ok: false, problem: { code: '100.250.120', field: 'dayOfWeek', message: 'give either a day of month or a day of week, and "?" in the other' } };
  }
  return { ok: true, fields };
}
