// The conditional requirements of server/src/params/rules.ts, as the document states them: a
// sentence each for people, and the rule itself as `x-rules` data for tools.

import { RULES, type Rule, type When } from '../params/rules.js';
import type { Operation } from '../params/types.js';

function whenText(when: When | undefined): string {
  if (!when) return 'always';
  const parts: string[] = [];
  if (when.anyOf) parts.push(`when any of ${when.anyOf.join(', ')} is sent${when.except ? ` (other than ${when.except.join(', ')})` : ''}`);
  if (when.noneOf) parts.push(`when none of ${when.noneOf.join(', ')} is sent`);
  if (when.equals) parts.push(`when ${when.equals.name} is ${when.equals.values.join(' or ')}`);
  return parts.join(' and ');
}

const KIND_TEXT: { readonly [K in Rule['kind']]: (rule: Extract<Rule, { kind: K }>) => string } = {
  require: (r) => `${r.names.join(', ')} required`,
  requireOne: (r) => `one of ${r.names.join(', ')} required`,
  forbid: (r) => `${r.names.join(', ')} not allowed${r.unless ? ` (except ${r.unless.join(', ')})` : ''}`,
  drop: (r) => `${r.names.join(', ')} ignored`,
  notDigitsOnly: (r) => `${r.names.join(' + ')} not digits only`,
  amountInCurrency: (r) => `${r.names[0]} a whole number of ${r.names[1]}'s minor units`,
};

/** The rules that hold on an operation, in the table's order. */
export function rulesOf(operation: Operation): readonly Rule[] {
  return RULES.filter((rule) => (!rule.on || rule.on.includes(operation)) && !rule.notOn?.includes(operation));
}

export function ruleSentence(rule: Rule): string {
  const what = (KIND_TEXT[rule.kind] as (r: Rule) => string)(rule);
  return `${what} ${whenText(rule.when)}: ${rule.message}${rule.strictOnly ? ' (enforced on channels with strictParameters only)' : ''}.`;
}

/** The rule as plain data for `x-rules`. */
export function ruleData(rule: Rule): Record<string, unknown> {
  return JSON.parse(JSON.stringify(rule)) as Record<string, unknown>;
}
