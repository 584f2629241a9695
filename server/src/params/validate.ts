// The one validator: flat parameters of one operation -> validated parameters or every failing
// parameter. It knows no field: names, formats and requirements come from spec/endpoints.ts and
// spec/params/, conditional requirements from rules.ts.

import { checker, type Checker } from '../../../spec/format.js';
import { ENDPOINTS, matchesPattern, type Endpoint } from '../../../spec/endpoints.js';
import { MAX_INDEX, type ParamRow } from '../../../spec/params/row.js';
import { INDEX, parseName, type NameToken } from './nest.js';
import { nameMemo } from './name-memo.js';
import { shapeOf, withShape, type ShapeFact } from './shape.js';
import { droppedNames, operationRules, ruleErrors, type OperationRules } from './rules.js';
import type { FlatParams, Operation, ValidateOptions, Validation } from './types.js';
import type { ParameterError } from '../domain/errors.js';
import { scrubText } from '../config/logging.js';

interface CompiledRow {
  readonly row: ParamRow;
  readonly check: Checker;
  readonly checkKey: Checker | undefined;
  /** Whether '' is a value (customParameters); otherwise an empty field counts as not sent. */
  readonly allowsEmpty: boolean;
}

/** A trie over name tokens; templates put their placeholders on the three wildcard edges. */
interface Node {
  readonly names: Map<string, Node>;
  index?: Node; // [n]
  key?: Node; // [name], [key], [brand]
  segment?: Node; // <scheme>
  row?: CompiledRow;
}

interface Match {
  readonly row: CompiledRow;
  readonly indexes: readonly string[];
  readonly key: string | undefined;
}

const newNode = (): Node => ({ names: new Map() });

function compile(endpoint: Endpoint): Node {
  const root = newNode();
  for (const row of endpoint.accepts) {
    const tokens = parseName(row.name);
    if (!tokens) throw new Error(`catalogue: malformed row name ${row.name}`);
    let node = root;
    for (const t of tokens) node = edge(node, t);
    if (node.row) throw new Error(`catalogue: ${row.name} appears twice on ${endpoint.path}`);
    const check = checker(Object.hasOwn(endpoint.formats, row.name) ? endpoint.formats[row.name]! : row.format);
    node.row = { row, check, checkKey: row.key === undefined ? undefined : checker(row.key), allowsEmpty: check('') === null };
  }
  return root;
}

function edge(node: Node, t: NameToken): Node {
  if (t.kind === 'bracket') {
    if (t.text === 'n') return (node.index ??= newNode());
    return (node.key ??= newNode());
  }
  if (t.text.startsWith('<') && t.text.endsWith('>')) return (node.segment ??= newNode());
  let next = node.names.get(t.text);
  if (!next) {
    next = newNode();
    node.names.set(t.text, next);
  }
  return next;
}

/** Exact segments first, then placeholders; the depth is that of the catalogue's names (<= 6). */
function walk(node: Node, tokens: readonly NameToken[], at: number, indexes: string[], keys: string[]): Match | null {
  const t = tokens[at];
  if (t === undefined) return node.row ? { row: node.row, indexes: [...indexes], key: keys[0] } : null;
  const tries: Array<[Node | undefined, string[] | null]> =
    t.kind === 'segment'
      ? [[node.names.get(t.text), null], [node.segment, keys]]
      : [[node.index, indexes], [node.key, keys]];
  for (const [next, collect] of tries) {
    if (!next) continue;
    collect?.push(t.text);
    const found = walk(next, tokens, at + 1, indexes, keys);
    collect?.pop();
    if (found) return found;
  }
  return null;
}

/** What a name is on one operation, whatever its value: refused, ignored, or a catalogue row. */
type Verdict =
  | { readonly kind: 'refuse'; readonly message: string }
  | { readonly kind: 'unused' }
  | { readonly kind: 'row'; readonly row: CompiledRow };

function verdictOf(endpoint: Endpoint, trie: Node, name: string): Verdict {
  const forbidden = endpoint.forbids.find((f) => matchesPattern(name, f.pattern));
  if (forbidden) return { kind: 'refuse', message: forbidden.message };
  const tokens = parseName(name);
  const match = tokens && walk(trie, tokens, 0, [], []);
  if (!match) return UNUSED;
  // A list name with a bad index is refused even where unknown names are dropped (B4).
  if (!match.indexes.every(validIndex)) return { kind: 'refuse', message: INDEX_MESSAGE };
  const keyProblem = match.key !== undefined && match.row.checkKey ? match.row.checkKey(match.key) : null;
  if (keyProblem) return { kind: 'refuse', message: `invalid name: ${keyProblem}` };
  return { kind: 'row', row: match.row };
}

const UNUSED: Verdict = { kind: 'unused' };

/**
 * An operation's validator: its catalogue compiled into a trie, each name's verdict and the
 * operation's rules worked out once and kept. A route builds its validator when it is registered
 * (as a middleware resolves its options once) and keeps it as long as it exists.
 */
export type Validator = (params: FlatParams, options?: ValidateOptions) => Validation;

export function operationValidator(op: Operation): Validator {
  const endpoint = ENDPOINTS[op];
  const trie = compile(endpoint);
  const byName = nameMemo((name) => verdictOf(endpoint, trie, name));
  // The verdict of each of a shape's names, by position (shape.ts).
  const byShape: ShapeFact<readonly Verdict[]> = (names) => names.map(byName);
  const rules = operationRules(op);
  return (params, options = {}) => check(endpoint, byName, byShape, rules, params, options);
}

/**
 * Validates one operation's parameters once, building the operation's validator for this call (a
 * few milliseconds): for a caller that validates rarely. A route builds its validator with
 * operationValidator when it is registered instead.
 */
export function validate(op: Operation, params: FlatParams, options: ValidateOptions = {}): Validation {
  return operationValidator(op)(params, options);
}

/** B9: the value of card, bank account, wallet and virtual account fields is never echoed. */
const SECRET_ROOTS = new Set(['card', 'bankaccount', 'walletpay', 'virtualaccount']);

function isSecret(name: string): boolean {
  const root = /^[^.[]*/.exec(name)?.[0] ?? '';
  // Case-insensitive: an unknown `Card.Number` must not echo a card number either.
  return SECRET_ROOTS.has(root.toLowerCase());
}

/** The first `max` code points: a cut never splits a surrogate pair. */
function cut(value: string, max: number): string {
  let i = 0;
  for (let n = 0; n < max && i < value.length; n++) {
    const c = value.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < value.length ? 2 : 1;
  }
  return value.slice(0, i);
}

const ECHO_MAX = 255;
const INDEX_MESSAGE = `index must be a whole number from 0 to ${MAX_INDEX} without leading zeros`;

function validIndex(text: string): boolean {
  return text.length <= 4 && INDEX.test(text) && Number(text) <= MAX_INDEX;
}

/** One error per parameter: the first is the one to fix. */
class Errors {
  readonly list: ParameterError[] = [];
  readonly #failed = new Set<string>();

  add(name: string, value: string, message: string): void {
    if (this.#failed.has(name)) return;
    this.#failed.add(name);
    // Masked before the cut, so a cut cannot leave part of a card number unrecognisable.
    this.list.push({ name: cut(scrubText(name), ECHO_MAX), value: isSecret(name) ? '' : cut(scrubText(value), ECHO_MAX), message });
  }
}

/** Checks one operation's parameters; on success the map holds only accepted, checked values. */
function check(endpoint: Endpoint, byName: (name: string) => Verdict, byShape: ShapeFact<readonly Verdict[]>, rules: OperationRules, params: FlatParams, options: ValidateOptions): Validation {
  const refuseUnused = options.strict === true && endpoint.unknown === 'reject';
  let unused: string[] | undefined;
  const shape = shapeOf(params);
  const listed = shape?.fact(byShape);
  const strict = options.strict === true;
  const dropped = droppedNames(rules, params, strict);
  const errors = new Errors();

  // Names sent with a value, valid or not: the rules read presence, not validity.
  const sent = new Map<string, string>();
  const out = new Map<string, string>();
  let at = 0;
  for (const [name, value] of params) {
    const v = listed === undefined ? byName(name) : listed[at++]!;
    if (dropped.has(name)) continue;
    if (v.kind === 'refuse') {
      errors.add(name, value, v.message);
      continue;
    }
    if (v.kind === 'unused') {
      if (refuseUnused) errors.add(name, value, 'unknown parameter');
      else (unused ??= []).push(name);
      continue;
    }
    if (value === '' && !v.row.allowsEmpty) continue; // an empty form field is a field not sent
    sent.set(name, value);
    const problem = v.row.check(value);
    if (problem) {
      errors.add(name, value, problem);
      continue;
    }
    const { truncate } = v.row.row;
    out.set(name, truncate === undefined ? value : cut(value, truncate));
  }

  for (const name of endpoint.requires) if (!sent.has(name)) errors.add(name, '', 'missing required parameter');
  // Every name kept, in order: the checked maps have the body's shape.
  if (shape && sent.size === params.size) withShape(sent, shape);
  for (const finding of ruleErrors(rules, sent, strict)) errors.add(finding.name, sent.get(finding.name) ?? '', finding.message);

  if (errors.list.length > 0) return { ok: false, errors: errors.list };
  if (shape && out.size === params.size) withShape(out, shape);
  return unused ? { ok: true, params: out, unused } : { ok: true, params: out };
}
