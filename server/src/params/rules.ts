// The spec's conditional requirements ("required if any other customer field is sent", "number
// or iban", "not together with dayOfMonth") as one table, and the few functions that read it.
// The validator calls droppedNames() before it checks formats and ruleErrors() after.

import { parseAmount as readAmount } from '../../../spec/amount.js';
import { matchesPattern } from '../../../spec/endpoints.js';
import { representableIn } from '../domain/money.js';
import { SHOPPER_PREFIX } from '../../../spec/params/custom.js';
import { nameMemo } from './name-memo.js';
import type { FlatParams, Operation } from './types.js';
import { shapeFact, shapeOf, type ShapeFact } from './shape.js';

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
    // Spec: "Required if any other customer field is sent". On the widget's submit the checkout
    // already holds what the merchant sent, so this request alone cannot tell.
    kind: 'require',
    names: ['customer.givenName', 'customer.surname'],
    when: { anyOf: ['customer.*'], except: CUSTOMER_DEVICE_DATA },
    notOn: ['checkoutPayment'],
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
interface OperationRules {
  readonly rules: readonly Rule[];
  readonly facts: (name: string) => NameFacts;
  /** Which rules a shape's names trigger and block (shape.ts). */
  readonly byShape: ShapeFact<NamesFacts>;
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

const compiled = new Map<Operation, OperationRules>();

function rulesOf(op: Operation): OperationRules {
  let found = compiled.get(op);
  if (!found) {
    const rules = RULES.filter((rule) => (!rule.on || rule.on.includes(op)) && !rule.notOn?.includes(op));
    const tests = rules.map(testsOf);
    const facts = nameMemo((name) => factsOf(tests, name));
    found = { rules, facts, byShape: shapeFact((names) => namesFacts(rules.length, facts, names)), drops: rules.some((rule) => rule.kind === 'drop') };
    compiled.set(op, found);
  }
  return found;
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
  return rules.map((rule, i) => {
    const w = rule.when;
    if (!w) return true;
    if (w.equals) {
      const v = params.get(w.equals.name);
      if (v === undefined || !w.equals.values.includes(v)) return false;
    }
    if (w.noneOf && blocked[i]) return false;
    if (w.anyOf && !triggered[i]) return false;
    return true;
  });
}

/** Names the drop rules remove from this request, read on the raw (non-empty) parameters. */
export function droppedNames(op: Operation, params: FlatParams): ReadonlySet<string> {
  const compiledRules = rulesOf(op);
  const dropped = new Set<string>();
  if (!compiledRules.drops) return dropped;
  const applies = applying(compiledRules, params);
  for (const name of params.keys()) {
    if (compiledRules.facts(name).dropped.some((i) => applies[i])) dropped.add(name);
  }
  return dropped;
}

/** Every broken rule, given the names sent with a non-empty value (valid or not). */
export function ruleErrors(op: Operation, sent: FlatParams): RuleFinding[] {
  const compiledRules = rulesOf(op);
  const applies = applying(compiledRules, sent);
  const findings: RuleFinding[] = [];
  compiledRules.rules.forEach((rule, i) => {
    if (!applies[i]) return;
    switch (rule.kind) {
      case 'require':
        for (const name of rule.names) if (!sent.has(name)) findings.push({ name, message: rule.message });
        break;
      case 'requireOne':
        if (!rule.names.some((n) => sent.has(n))) findings.push({ name: rule.names[0] ?? '', message: rule.message });
        break;
      case 'forbid':
        for (const name of sent.keys()) if (compiledRules.facts(name).forbidden.includes(i)) findings.push({ name, message: rule.message });
        break;
      case 'notDigitsOnly': {
        const joined = rule.names.map((n) => sent.get(n) ?? '').join('');
        const first = rule.names.find((n) => sent.has(n));
        if (first !== undefined && /^[0-9\s]*$/.test(joined)) findings.push({ name: first, message: rule.message });
        break;
      }
      case 'amountInCurrency': {
        const [amountName, currencyName] = rule.names;
        const minor = readAmount(sent.get(amountName) ?? '');
        const currency = sent.get(currencyName);
        // A malformed amount or currency has its own format error.
        if (minor !== null && currency !== undefined && !representableIn(minor, currency)) findings.push({ name: amountName, message: rule.message });
        break;
      }
      case 'drop':
        break; // applied before validation by droppedNames()
    }
  });
  return findings;
}
