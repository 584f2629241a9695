// The one place that turns flat names (`cart.items[0].name`, `customParameters[SHOPPER_x]`) into
// nested structures, for echoing customer, cart, customParameters... back in responses.
// Every object is created with a null prototype and filled from a Map, so no name can reach
// Object.prototype (B3), and arrays are dense in index order whatever indexes were sent.

import { ApiError } from '../domain/errors.js';
import { REQUEST_ROWS, RESPONSE_SECTIONS } from '../../../spec/params/index.js';
import { nameMemo } from './name-memo.js';
import { shapeOf } from './shape.js';
import type { FlatParams, Nested } from './types.js';

export type NameToken =
  | { readonly kind: 'segment'; readonly text: string }
  | { readonly kind: 'bracket'; readonly text: string };

/**
 * Splits a name into dotted segments and bracketed parts: `a.b[0].c` -> a, b, [0], c.
 * Null when it is not well formed: empty segment or bracket, unbalanced or nested brackets,
 * a leading bracket, a leading, trailing or doubled dot. Linear in the name's length.
 */
export function parseName(name: string): NameToken[] | null {
  const tokens: NameToken[] = [];
  let i = 0;
  let expectSegment = true; // at the start and after a dot
  while (i < name.length) {
    const c = name[i];
    if (c === '[') {
      if (tokens.length === 0) return null;
      const close = name.indexOf(']', i + 1);
      if (close <= i + 1) return null;
      const text = name.slice(i + 1, close);
      if (text.includes('[')) return null;
      tokens.push({ kind: 'bracket', text });
      i = close + 1;
      const next = name[i];
      if (next !== undefined && next !== '.' && next !== '[') return null;
      expectSegment = false;
    } else if (c === '.') {
      if (expectSegment) return null;
      i++;
      expectSegment = true;
      if (i === name.length) return null;
    } else if (c === ']') {
      return null;
    } else {
      if (!expectSegment) return null;
      let end = i;
      while (end < name.length && name[end] !== '.' && name[end] !== '[' && name[end] !== ']') end++;
      tokens.push({ kind: 'segment', text: name.slice(i, end) });
      i = end;
      expectSegment = false;
    }
  }
  return tokens.length === 0 ? null : tokens;
}

/** A bracketed index: `0` or digits without a leading zero. */
export const INDEX = /^(0|[1-9][0-9]*)$/;

/** Deeper than any catalogue name (airline.passengers[n].legs[n].x is 6): refuse, never recurse. */
const MAX_DEPTH = 16;

/**
 * Containers whose brackets are keys, not indexes (`customParameters[123]` is a name, not item
 * 123): every templated row whose bracket placeholder is not `[n]`, in the catalogue's own spelling.
 */
const KEYED: ReadonlySet<string> = new Set(
  [...REQUEST_ROWS, ...Object.values(RESPONSE_SECTIONS).flat()]
    .map((row) => /^(.*?)\[(?!n\])[^\]]+\]/.exec(row.name)?.[1])
    .filter((prefix): prefix is string => prefix !== undefined),
);

type Slot = string | Branch;
interface Branch {
  /** Set by the first child: a list for an index, else an object. */
  kind: 'object' | 'array' | undefined;
  readonly children: Map<string, Slot>;
}

const branch = (kind: Branch['kind']): Branch => ({ kind, children: new Map() });

function refuse(name: string, message: string): never {
  throw new ApiError('invalidParameters', [{ name: name.slice(0, 255), value: '', message }]);
}

/** One step of a name's path in the tree: the child's key, and what the parent holding it is. */
interface Step {
  readonly key: string;
  readonly parent: 'object' | 'array';
}

/** A name's steps, or why it cannot be nested. Depends on the name alone: worked out once. */
function stepsOf(name: string): readonly Step[] | { readonly refused: string } {
  const tokens = parseName(name);
  if (!tokens) return { refused: 'malformed parameter name' };
  if (tokens.length > MAX_DEPTH) return { refused: 'parameter name nested too deeply' };
  const steps: Step[] = [];
  let path = '';
  for (const { kind, text } of tokens) {
    let parent: Step['parent'] = 'object';
    if (kind === 'segment') {
      path = path === '' ? text : `${path}.${text}`;
    } else if (/^[0-9]+$/.test(text) && !KEYED.has(path)) {
      if (!INDEX.test(text)) return { refused: 'index must not have leading zeros' };
      parent = 'array';
      path = `${path}[n]`;
    } else {
      path = `${path}[${text}]`;
    }
    steps.push({ key: text, parent });
  }
  return steps;
}

/**
 * stepsOf in the one bounded name memo (name-memo.ts): a shaped body nests by its shape's plan,
 * worked out once per shape, but a body without a shape (one the validator left names out of, a
 * cart longer than the parser's shapes) nests name by name. Measured with bench:params: 1000
 * responses to a payment of 20 names, 2.3 ms with it and 4.1 ms without; the response to a full
 * cart of 4000 parameters, 1.5-1.9 ms with it and 3.1-6.0 ms without (about half).
 */
const nameSteps = nameMemo(stepsOf);

/** Turns flat parameters into a null-prototype tree; conflicting names are refused, not merged. */
export function nest(params: FlatParams): Nested {
  const shape = shapeOf(params);
  if (shape) {
    const plan = shape.fact(planByShape);
    if ('refused' in plan) refuse(plan.refused.name, plan.refused.message);
    return build(plan.tree, [...params.values()]) as Nested;
  }
  return nestByName(params);
}

function nestByName(params: FlatParams): Nested {
  const root = branch('object');
  for (const [name, value] of params) {
    const steps = nameSteps(name);
    if (!Array.isArray(steps)) refuse(name, (steps as { refused: string }).refused);
    let at = root;
    for (let i = 0; i < steps.length; i++) {
      const { key, parent } = steps[i]!;
      if (at.kind === undefined) at.kind = parent;
      else if (at.kind !== parent) refuse(name, 'conflicts with another parameter');
      const existing = at.children.get(key);
      if (i === steps.length - 1) {
        if (existing !== undefined) refuse(name, 'conflicts with another parameter');
        at.children.set(key, value);
      } else if (existing === undefined) {
        const child = branch(undefined);
        at.children.set(key, child);
        at = child;
      } else if (typeof existing === 'string') {
        refuse(name, 'conflicts with another parameter');
      } else {
        at = existing;
      }
    }
  }
  return toObject(root, '');
}

/**
 * The tree of a shape's names, worked out once: whether the names nest (and if not, the refusal)
 * depends on the names alone, and so does where each value goes. A leaf holds the position of the
 * value that fills it.
 */
type Plan = number | readonly Plan[] | { readonly keys: readonly string[]; readonly children: readonly Plan[] };

const planByShape = (names: readonly string[]): { readonly tree: Plan } | { readonly refused: { readonly name: string; readonly message: string } } => {
  try {
    // Positions as the values: the tree nestByName makes of them is the plan.
    return { tree: planOf(nestByName(new Map(names.map((name, i) => [name, String(i)])))) };
  } catch (error) {
    const refused = error instanceof ApiError ? error.parameterErrors?.[0] : undefined;
    if (!refused) throw error;
    return { refused: { name: refused.name, message: refused.message } };
  }
};

function planOf(node: Nested | Nested[] | string[] | string): Plan {
  if (typeof node === 'string') return Number(node);
  if (Array.isArray(node)) return node.map((item: Nested | string) => planOf(item));
  const keys = Object.keys(node);
  return { keys, children: keys.map((key) => planOf(node[key]!)) };
}

function build(plan: Plan, values: readonly string[]): Nested | Nested[] | string[] | string {
  if (typeof plan === 'number') return values[plan]!;
  if (Array.isArray(plan)) return (plan as readonly Plan[]).map((item) => build(item, values)) as Nested[] | string[];
  const { keys, children } = plan as { readonly keys: readonly string[]; readonly children: readonly Plan[] };
  const out = nullPrototype();
  for (let i = 0; i < keys.length; i++) out[keys[i]!] = build(children[i]!, values);
  return out;
}

/**
 * A null-prototype object that keeps V8's fast properties: Object.create(null) makes a dictionary,
 * which JSON.stringify walks on its slow path, and every echoed structure is serialized.
 */
const nullPrototype = (): Nested => Object.setPrototypeOf({}, null) as Nested;

function toObject(b: Branch, name: string): Nested {
  const out = nullPrototype();
  for (const [key, slot] of b.children) {
    const child = typeof slot === 'string' ? slot : slot.kind === 'array' ? toArray(slot, `${name}${key}`) : toObject(slot, `${name}${key}.`);
    out[key] = child;
  }
  return out;
}

/** A dense list in index order: cart.items[3] and cart.items[7] become items 0 and 1. */
function toArray(b: Branch, name: string): Nested[] | string[] {
  const entries = [...b.children].sort(([a], [z]) => compareIndex(a, z));
  if (entries.every(([, slot]) => typeof slot === 'string')) return entries.map(([, slot]) => slot as string);
  return entries.map(([index, slot]) => {
    // The Nested type has no lists of lists nor mixed lists; the catalogue never needs them.
    if (typeof slot === 'string' || slot.kind === 'array') refuse(`${name}[${index}]`, 'conflicts with another parameter');
    return toObject(slot, `${name}[${index}].`);
  });
}

/** Indexes are canonical digit strings: a longer one is larger, equal lengths compare as text. */
function compareIndex(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
