// The spec's conditional requirements ("required if any other customer field is sent", "number
// or iban", "not together with dayOfMonth") as one table, and the few functions that read it.
// The validator calls droppedNames() before it checks formats and ruleErrors() after.

import { parseAmount as readAmount } from '../../../spec/amount.js';
import { matchesPattern } from '../../../spec/endpoints.js';
import { representableIn } from '../domain/money.js';
import { SHOPPER_PREFIX } from '../../../spec/params/custom.js';
import { nameMemo } from './name-memo.js';
import type { FlatParams, Operation } from './types.js';
import { shapeOf, type ShapeFact } from './shape.js';

/** When a rule applies; every condition given must hold. Patterns: exact name or `prefix*`. */
export interface When {
  /** Some sent name matches one of these patterns and none of `except`. */
  readonly anyOf?: readonly string[];
  readonly except?: readonly string[];
  /** No sent name matches any of these patterns. */
  readonly noneOf?: readonly string[];
  /** This parameter was sent with one of these values. */
  readonly equals?: { readonly name: string; readonly values: readonly string[] };
}

interface Scope {
  /** Only on these operations; absent: on every operation. */
  readonly on?: readonly Operation[];
  readonly notOn?: readonly Operation[];
  /** Absent: always. */
  readonly when?: When;
  /**
   * Only on channels set with strictParameters. A requirement of the spec that published
   * integrations, written against the original service, do not keep: a lenient channel (the
   * default) lets it pass, a strict one refuses as the spec says.
   */
  readonly strictOnly?: true;
  readonly message: string;
}

export type Rule =
  /** Each name must be sent. */
  | (Scope & { readonly kind: 'require'; readonly names: readonly string[] })
  /** At least one of the names must be sent (reported under the first). */
  | (Scope & { readonly kind: 'requireOne'; readonly names: readonly string[] })
  /** No sent name may match `names`, unless it matches `unless`. */
  | (Scope & { readonly kind: 'forbid'; readonly names: readonly string[]; readonly unless?: readonly string[] })
  /** The names are ignored: removed before any check, absent from the validated parameters. */
  | (Scope & { readonly kind: 'drop'; readonly names: readonly string[] })
  /** The sent values of these names, joined, must not be digits only (reported under the first sent). */
  | (Scope & { readonly kind: 'notDigitsOnly'; readonly names: readonly string[] })
  /** The amount (names[0]) is a whole number of the currency's (names[1]) real minor units. */
  | (Scope & { readonly kind: 'amountInCurrency'; readonly names: readonly [string, string] });

/**
 * Device and network data, not the shopper's identity: the widget and 3-D Secure v2 send them on
 * their own, so they do not make the shopper's name required.
 */
const CUSTOMER_DEVICE_DATA = ['customer.ip', 'customer.browser.*', 'customer.browserFingerprint.*'];

const addressRules = (prefix: 'billing' | 'shipping'): Rule[] => [
  {
    kind: 'require',
    names: [`${prefix}.houseNumber1`],
    when: { anyOf: [`${prefix}.houseNumber2`] },
    message: `required when ${prefix}.houseNumber2 is sent`,
  },
  {
    kind: 'notDigitsOnly',
    names: [`${prefix}.street1`, `${prefix}.street2`],
    when: { anyOf: [`${prefix}.street1`, `${prefix}.street2`] },
    message: `${prefix}.street1 and ${prefix}.street2 together must not be digits only`,
  },
];

const together = (a: string, b: string): Rule => ({
  kind: 'require',
  names: [a, b],
  when: { anyOf: [a, b] },
  message: `${a} and ${b} are sent together`,
});

export const RULES: readonly Rule[] = [
  {
    // Spec: "Required if any other customer field is sent". The original service takes
    // customer.email alone (a published one-click demo prepares its checkouts so), so only a
    // strict channel holds integrators to it. On the widget's submit the checkout already holds
    // what the merchant sent, so this request alone cannot tell.
    kind: 'require',
    names: ['customer.givenName', 'customer.surname'],
    when: { anyOf: ['customer.*'], except: CUSTOMER_DEVICE_DATA },
    notOn: ['checkoutPayment'],
    strictOnly: true,
    message: 'required when another customer field is sent',
  },
  {
    // The registration widget's checkout (createRegistration=true, no amount) stores a card and
    // pays nothing; every other checkout pays.
    kind: 'require',
    names: ['amount', 'currency', 'paymentType'],
    on: ['checkout'],
    when: { noneOf: ['createRegistration'] },
    message: 'required unless the checkout only stores a card (createRegistration=true without amount)',
  },
  {
    kind: 'require',
    names: ['amount', 'currency', 'paymentType'],
    on: ['checkout'],
    when: { equals: { name: 'createRegistration', values: ['false'] } },
    message: 'required when createRegistration is false',
  },
  {
    kind: 'require',
    names: ['currency', 'paymentType'],
    on: ['checkout'],
    when: { anyOf: ['amount'] },
    message: 'required with an amount',
  },
  together('customer.identificationDocType', 'customer.identificationDocId'),
  together('shipping.customer.identificationDocType', 'shipping.customer.identificationDocId'),
  {
    kind: 'require',
    names: ['card.number', 'card.expiryMonth', 'card.expiryYear'],
    when: { anyOf: ['card.number', 'card.expiryMonth', 'card.expiryYear'] },
    message: 'required with card data: card.number, card.expiryMonth and card.expiryYear',
  },
  {
    kind: 'require',
    names: ['bankAccount.holder'],
    when: { anyOf: ['bankAccount.*'] },
    message: 'required with bank account data',
  },
  {
    kind: 'requireOne',
    names: ['bankAccount.number', 'bankAccount.iban'],
    when: { anyOf: ['bankAccount.*'] },
    message: 'bankAccount.number or bankAccount.iban is required with bank account data',
  },
  {
    // Spec: "bankCode or bic required". An IBAN already carries the bank code (SEPA).
    kind: 'requireOne',
    names: ['bankAccount.bankCode', 'bankAccount.bic'],
    when: { anyOf: ['bankAccount.number'], noneOf: ['bankAccount.iban'] },
    message: 'bankAccount.bankCode or bankAccount.bic is required with bankAccount.number',
  },
  together('bankAccount.mandate.id', 'bankAccount.mandate.dateOfSignature'),
  {
    // Spec: recurringMigration.paymentType is "Mandatory" for a migrated series.
    kind: 'require',
    names: ['recurringMigration.paymentType'],
    when: { anyOf: ['recurringMigration.*'] },
    message: 'required with recurringMigration data',
  },
  {
    kind: 'requireOne',
    names: ['walletPay.paymentToken', 'card.number'],
    when: { anyOf: ['walletPay.*'] },
    message: 'walletPay.paymentToken, or the card data the merchant decrypted, is required with wallet data',
  },
  ...addressRules('billing'),
  ...addressRules('shipping'),
  // job.dayOfMonth with job.dayOfWeek is checked by the schedule's Quartz check instead
  // (schedules/job.ts): `?` or `*` in one of them is how merchants send it, and two values answer
  // the spec's own job code, 100.250.120.
  {
    // Spec: REPEATED means the customer is absent and "must not carry card.cvv or 3-D Secure data".
    kind: 'forbid',
    names: ['card.cvv', 'threeDSecure.*'],
    when: { equals: { name: 'recurringType', values: ['REPEATED'] } },
    message: 'not allowed with recurringType=REPEATED',
  },
  {
    kind: 'require',
    names: ['amount', 'currency'],
    on: ['followUp'],
    when: { equals: { name: 'paymentType', values: ['CP', 'RF'] } },
    message: 'required for a capture or a refund',
  },
  {
    // Spec: "for RV none". Merchants that reuse their capture code send them anyway: a reversal
    // always reverses the whole payment, so they are ignored rather than refused.
    kind: 'drop',
    names: ['amount', 'currency'],
    on: ['followUp'],
    when: { equals: { name: 'paymentType', values: ['RV'] } },
    message: 'ignored for a reversal',
  },
  {
    kind: 'requireOne',
    names: ['card.number', 'bankAccount.iban', 'bankAccount.number', 'virtualAccount.accountId', 'walletPay.paymentToken'],
    on: ['registration'],
    message: 'account data is required: card, bank account, virtual account or wallet',
  },
  {
    // Spec: "Names sent from the client side must start with SHOPPER_": a shopper must not
    // overwrite what the merchant set on the checkout.
    kind: 'forbid',
    names: ['customParameters[*'],
    unless: [`customParameters[${SHOPPER_PREFIX}*`],
    on: ['checkoutPayment'],
    message: `name must start with ${SHOPPER_PREFIX} when sent from the payment form`,
  },
  {
    // Spec: paymentBrand is "optional only when card brand detection is used": the relay detects
    // a card's brand from its number, a stored registration knows its own.
    kind: 'require',
    names: ['paymentBrand'],
    on: ['payment', 'registration', 'checkoutPayment'],
    when: { noneOf: ['card.number', 'registrationId'] },
    message: 'required unless the brand is detected from card.number or a stored registration',
  },
  {
    // The wire format always carries two decimals; a zero-decimal currency (JPY, KRW, …) takes
    // '100.00' but has no hundredths to charge.
    kind: 'amountInCurrency',
    names: ['amount', 'currency'],
    when: { anyOf: ['amount'] },
    message: 'the currency has no decimals: the amount must end in .00',
  },
];

/** One rule's finding; the validator adds the value it may echo. */
export interface RuleFinding {
  readonly name: string;
  readonly message: string;
}

/**
 * What one name means for one operation's rules, by index into that operation's rule list: which
 * rules it triggers (`when.anyOf`, not `except`), blocks (`when.noneOf`), and, as a sent name,
 * would be refused (`forbid`) or removed (`drop`) by.
 */
interface NameFacts {
  readonly triggers: readonly number[];
  readonly blocks: readonly number[];
  readonly forbidden: readonly number[];
  readonly dropped: readonly number[];
}

/** An operation's rules, in table order, and the facts of each name for them (kept per name). */
export interface OperationRules {
  readonly rules: readonly Rule[];
  readonly facts: (name: string) => NameFacts;
  /** What a shape's names decide (shape.ts). */
  readonly byShape: ShapeFact<ShapeRules>;
  /** The operation has drop rules at all: most have none, and then nothing is dropped. */
  readonly drops: boolean;
}

type NameTest = (name: string) => boolean;

function patternTest(patterns: readonly string[] | undefined): NameTest | undefined {
  return patterns?.length ? (name) => patterns.some((p) => matchesPattern(name, p)) : undefined;
}

/** One rule's pattern lists as tests; `but` is the exception to the one before it. */
interface RuleTests {
  readonly trigger?: NameTest | undefined;
  readonly triggerBut?: NameTest | undefined;
  readonly block?: NameTest | undefined;
  readonly forbid?: NameTest | undefined;
  readonly forbidBut?: NameTest | undefined;
  readonly drop?: NameTest | undefined;
}

function testsOf(rule: Rule): RuleTests {
  return {
    trigger: patternTest(rule.when?.anyOf),
    triggerBut: patternTest(rule.when?.except),
    block: patternTest(rule.when?.noneOf),
    forbid: rule.kind === 'forbid' ? patternTest(rule.names) : undefined,
    forbidBut: rule.kind === 'forbid' ? patternTest(rule.unless) : undefined,
    drop: rule.kind === 'drop' ? patternTest(rule.names) : undefined,
  };
}

function factsOf(tests: readonly RuleTests[], name: string): NameFacts {
  const triggers: number[] = [];
  const blocks: number[] = [];
  const forbidden: number[] = [];
  const dropped: number[] = [];
  for (let i = 0; i < tests.length; i++) {
    const t = tests[i]!;
    if (t.trigger?.(name) && !t.triggerBut?.(name)) triggers.push(i);
    if (t.block?.(name)) blocks.push(i);
    if (t.forbid?.(name) && !t.forbidBut?.(name)) forbidden.push(i);
    if (t.drop?.(name)) dropped.push(i);
  }
  return { triggers, blocks, forbidden, dropped };
}

/**
 * An operation's rules, compiled: built once when the operation's route is registered (validate.ts,
 * operationValidator), which keeps it and its name memo for as long as the route exists.
 */
export function operationRules(op: Operation): OperationRules {
  const rules = RULES.filter((rule) => (!rule.on || rule.on.includes(op)) && !rule.notOn?.includes(op));
  const tests = rules.map(testsOf);
  const facts = nameMemo((name) => factsOf(tests, name));
  const operation: OperationRules = {
    rules,
    facts,
    byShape: (names) => shapeRules(operation, names),
    drops: rules.some((rule) => rule.kind === 'drop'),
  };
  return operation;
}

/** Which rules some of the names trigger, and which some of them block, by index. */
interface NamesFacts {
  readonly triggered: readonly boolean[];
  readonly blocked: readonly boolean[];
}

function namesFacts(count: number, facts: (name: string) => NameFacts, names: Iterable<string>): NamesFacts {
  const triggered = new Array<boolean>(count).fill(false);
  const blocked = new Array<boolean>(count).fill(false);
  for (const name of names) {
    const f = facts(name);
    for (const i of f.triggers) triggered[i] = true;
    for (const i of f.blocks) blocked[i] = true;
  }
  return { triggered, blocked };
}

/** Which of the operation's rules apply to these parameters, by index. */
function applying({ rules, facts, byShape }: OperationRules, params: FlatParams): boolean[] {
  const { triggered, blocked } = shapeOf(params)?.fact(byShape) ?? namesFacts(rules.length, facts, params.keys());
  return rules.map((rule, i) => appliesByNames(rule, i, triggered, blocked) && appliesByValue(rule, params));
}

/** Whether a rule's conditions on the names sent hold (`when.anyOf`, `when.noneOf`). */
function appliesByNames(rule: Rule, i: number, triggered: readonly boolean[], blocked: readonly boolean[]): boolean {
  const w = rule.when;
  if (!w) return true;
  if (w.noneOf && blocked[i]) return false;
  if (w.anyOf && !triggered[i]) return false;
  return true;
}

/** Whether a rule's condition on a value holds (`when.equals`), or it has none. */
function appliesByValue(rule: Rule, params: FlatParams): boolean {
  const equals = rule.when?.equals;
  if (!equals) return true;
  const v = params.get(equals.name);
  return v !== undefined && equals.values.includes(v);
}

/** A rule that reads values: a condition on one, or a kind whose row says its check does. */
const readsValues = (rule: Rule): boolean => rule.when?.equals !== undefined || RULE_KINDS[rule.kind].readsValues;

/**
 * What a shape's names decide: which rules they trigger and block, and, in table order, each rule
 * that applies by the names with its findings when the names alone give them, or none when it
 * reads values (checked per request).
 */
interface ShapeRules extends NamesFacts {
  /** None: every body of the shape passes the rules. */
  readonly steps: readonly { readonly index: number; readonly findings: readonly RuleFinding[] | undefined }[];
}

function shapeRules(compiled: OperationRules, names: readonly string[]): ShapeRules {
  const { triggered, blocked } = namesFacts(compiled.rules.length, compiled.facts, names);
  // Presence is all a rule that reads no value asks of the parameters.
  const present: FlatParams = new Map(names.map((name) => [name, '']));
  const steps: { index: number; findings: RuleFinding[] | undefined }[] = [];
  compiled.rules.forEach((rule, index) => {
    if (!appliesByNames(rule, index, triggered, blocked)) return;
    if (readsValues(rule)) {
      steps.push({ index, findings: undefined });
      return;
    }
    const findings: RuleFinding[] = [];
    findingsOf(compiled, rule, index, present, findings);
    if (findings.length > 0) steps.push({ index, findings });
  });
  return { triggered, blocked, steps };
}

const NO_FINDINGS: readonly RuleFinding[] = [];

/**
 * Whether a rule holds on this channel. A shape's facts hold every rule, whatever the channel
 * (shape.ts: they are shared by every channel an integration's body shape reaches); this is
 * asked per request, after them.
 */
const holdsOn = (rule: Rule, strict: boolean): boolean => strict || rule.strictOnly !== true;

/** Names the drop rules remove from this request, read on the raw (non-empty) parameters. */
export function droppedNames(compiledRules: OperationRules, params: FlatParams, strict = false): ReadonlySet<string> {
  const dropped = new Set<string>();
  if (!compiledRules.drops) return dropped;
  const applies = applying(compiledRules, params).map((a, i) => a && holdsOn(compiledRules.rules[i]!, strict));
  for (const name of params.keys()) {
    if (compiledRules.facts(name).dropped.some((i) => applies[i])) dropped.add(name);
  }
  return dropped;
}

/**
 * Every broken rule, given the names sent with a non-empty value (valid or not); `strict`: the
 * channel's strictParameters, which the strictOnly rules need.
 */
export function ruleErrors(compiledRules: OperationRules, sent: FlatParams, strict = false): readonly RuleFinding[] {
  const shape = shapeOf(sent);
  const findings: RuleFinding[] = [];
  if (shape) {
    const { steps } = shape.fact(compiledRules.byShape);
    if (steps.length === 0) return NO_FINDINGS;
    for (const { index, findings: known } of steps) {
      const rule = compiledRules.rules[index]!;
      if (!holdsOn(rule, strict)) continue;
      if (known) findings.push(...known);
      else if (appliesByValue(rule, sent)) findingsOf(compiledRules, rule, index, sent, findings);
    }
    return findings.length === 0 ? NO_FINDINGS : findings;
  }
  const applies = applying(compiledRules, sent);
  compiledRules.rules.forEach((rule, i) => {
    if (applies[i] && holdsOn(rule, strict)) findingsOf(compiledRules, rule, i, sent, findings);
  });
  return findings;
}

/** What a kind of rule does with the parameters it applies to: one row per kind. */
interface RuleKind<R extends Rule> {
  /**
   * Whether the kind's findings depend on the values sent, not on the names alone: a body shape's
   * findings (shapeRules) are then never kept for it, and it is checked per request.
   */
  readonly readsValues: boolean;
  /** The findings of `rule`, number `i` of the operation's rules, which applies to `sent`, added to `into`. */
  readonly findings: (rule: R, i: number, sent: FlatParams, compiledRules: OperationRules, into: RuleFinding[]) => void;
}

/** Every kind of rule, by its `kind`: a kind without a row does not compile. */
export const RULE_KINDS: { readonly [K in Rule['kind']]: RuleKind<Extract<Rule, { kind: K }>> } = {
  require: {
    readsValues: false,
    findings: (rule, _i, sent, _compiled, into) => {
      for (const name of rule.names) if (!sent.has(name)) into.push({ name, message: rule.message });
    },
  },
  requireOne: {
    readsValues: false,
    findings: (rule, _i, sent, _compiled, into) => {
      if (!rule.names.some((n) => sent.has(n))) into.push({ name: rule.names[0] ?? '', message: rule.message });
    },
  },
  forbid: {
    readsValues: false,
    findings: (rule, i, sent, compiled, into) => {
      for (const name of sent.keys()) if (compiled.facts(name).forbidden.includes(i)) into.push({ name, message: rule.message });
    },
  },
  drop: {
    readsValues: false,
    findings: () => {}, // applied before validation by droppedNames()
  },
  notDigitsOnly: {
    readsValues: true,
    findings: (rule, _i, sent, _compiled, into) => {
      const joined = rule.names.map((n) => sent.get(n) ?? '').join('');
      const first = rule.names.find((n) => sent.has(n));
      if (first !== undefined && /^[0-9\s]*$/.test(joined)) into.push({ name: first, message: rule.message });
    },
  },
  amountInCurrency: {
    readsValues: true,
    findings: (rule, _i, sent, _compiled, into) => {
      const [amountName, currencyName] = rule.names;
      const minor = readAmount(sent.get(amountName) ?? '');
      const currency = sent.get(currencyName);
      // A malformed amount or currency has its own format error.
      if (minor !== null && currency !== undefined && !representableIn(minor, currency)) into.push({ name: amountName, message: rule.message });
    },
  },
};

/** The findings of rule `i`, which applies to `sent`, added to `into`. */
function findingsOf(compiledRules: OperationRules, rule: Rule, i: number, sent: FlatParams, into: RuleFinding[]): void {
  (RULE_KINDS[rule.kind].findings as RuleKind<Rule>['findings'])(rule, i, sent, compiledRules, into);
}
