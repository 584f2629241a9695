// The conditional requirements of server/src/params/rules.ts, as the document states them: a
// sentence each for people, and the rule itself as `x-rules` data for tools.

import { ENDPOINTS, matchesPattern } from '../../../spec/endpoints.js';
import { RULES, type Rule, type When } from '../params/rules.js';
import type { Operation } from '../params/types.js';

function whenText(when: When | undefined): string {
  if (!when) return '';
  const some = (names: readonly string[]) => (names.length === 1 ? names[0] : `any of ${names.join(', ')}`);
  const parts: string[] = [];
  if (when.anyOf) parts.push(`when ${some(when.anyOf)} is sent${when.except ? ` (other than ${when.except.join(', ')})` : ''}`);
  if (when.noneOf) parts.push(`unless ${some(when.noneOf)} is sent`);
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

/**
 * The rules a request of the operation can meet: those about names it accepts, triggered by names
 * it accepts. Most rules hold on every operation (rules.ts), and a read taking only entityId
 * would otherwise list the bank account's.
 */
export function relevantRulesOf(operation: Operation): readonly Rule[] {
  const accepted = ENDPOINTS[operation].accepts.map((row) => row.name);
  const acceptsAny = (patterns: readonly string[]) => patterns.some((p) => accepted.some((name) => matchesPattern(name, p) || matchesPattern(p, name)));
  return rulesOf(operation).filter(
    (rule) =>
      (rule.kind === 'forbid' || acceptsAny(rule.names)) &&
      (!rule.when?.anyOf || acceptsAny(rule.when.anyOf)) &&
      (!rule.when?.equals || acceptsAny([rule.when.equals.name])),
  );
}

export function ruleSentence(rule: Rule): string {
  const what = (KIND_TEXT[rule.kind] as (r: Rule) => string)(rule);
  const when = whenText(rule.when);
  return `${what}${when ? ` ${when}` : ''}: ${rule.message}${rule.strictOnly ? ' (enforced on channels with strictParameters only)' : ''}.`;
}

/** The rule as plain data for `x-rules`. */
export function ruleData(rule: Rule): Record<string, unknown> {
  return JSON.parse(JSON.stringify(rule)) as Record<string, unknown>;
}
