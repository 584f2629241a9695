// Response rows (flat, dotted names such as `card.bin` or `redirect.parameters[n].name`) as the
// nested JSON object the relay answers with.

import type { ParamRow } from '../../../spec/params/row.js';
import { rowSchema } from './parameter-schema.js';
import type { JsonSchema } from './format-schema.js';

interface Node {
  leaf?: JsonSchema;
  children: Map<string, Node>;
  /** `[n]`: the node is a list of its children's object. */
  list?: boolean;
  /** `[name]`: a map of this value. */
  map?: JsonSchema;
}

function node(): Node {
  return { children: new Map() };
}

function schemaOf(n: Node): JsonSchema {
  if (n.map) return { type: 'object', additionalProperties: n.map };
  if (n.leaf && n.children.size === 0) return n.leaf;
  const properties = Object.fromEntries([...n.children].map(([name, child]) => [name, schemaOf(child)]));
  const object = { type: 'object', properties };
  return n.list ? { type: 'array', items: object } : object;
}

/** The object schema of the rows; the first row of a name wins (the response table lists `id` per kind). */
export function nestedSchema(rows: readonly ParamRow[]): JsonSchema {
  const root = node();
  for (const row of rows) {
    const segments = row.name.split('.');
    let at = root;
    for (const [i, raw] of segments.entries()) {
      const list = raw.endsWith('[n]');
      const map = /\[(?:name|key)\]$/.test(raw);
      const name = raw.replace(/\[[a-z]+\]$/, '');
      let child = at.children.get(name);
      if (!child) {
        child = node();
        at.children.set(name, child);
      }
      if (list) child.list = true;
      const last = i === segments.length - 1;
      if (last && map) child.map ??= rowSchema(row);
      else if (last) child.leaf ??= rowSchema(row);
      at = child;
    }
  }
  return schemaOf(root);
}
