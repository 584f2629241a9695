// One catalogue row (spec/params/*.ts) as JSON Schema: a plain name is a property of the form
// body, a templated name (`cart.items[n].name`, `customParameters[name]`, `threeDSecure.v1.<scheme>.x`)
// a pattern property whose regex is the template with its placeholders filled in.

import { MAX_INDEX, type ParamRow } from '../../../spec/params/row.js';
import { formatSchema, valuePattern, type JsonSchema } from './format-schema.js';

/** A list index from 0 to MAX_INDEX, without leading zeros. */
const INDEX = `(?:0|[1-9][0-9]{0,${String(MAX_INDEX).length - 2}}|${MAX_INDEX})`;

export function isTemplate(name: string): boolean {
  return /\[(?:n|name|key|brand)\]|<scheme>/.test(name);
}

function escapeLiteral(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** The regex of every name a templated row accepts. */
export function templatePattern(row: ParamRow): string {
  const parts = row.name.split(/(\[n\]|\[name\]|\[key\]|\[brand\]|<scheme>)/);
  const key = row.key === undefined ? undefined : valuePattern(row.key);
  const body = parts
    .map((part) => {
      if (part === '[n]') return `\\[${INDEX}\\]`;
      if (part === '<scheme>') return key ?? '[A-Za-z0-9_]+';
      if (part.startsWith('[') && part.endsWith(']') && isTemplate(part)) return `\\[${key ?? '[^\\]]+'}\\]`;
      return escapeLiteral(part);
    })
    .join('');
  return `^${body}$`;
}

/** The value schema of a row, with its notes as description; `format` narrows it for one operation. */
export function rowSchema(row: ParamRow, format: string = row.format): JsonSchema {
  return {
    ...formatSchema(format),
    ...(row.notes ? { description: row.notes } : {}),
    ...(row.truncate !== undefined ? { 'x-truncate': row.truncate } : {}),
    'x-requirement': row.requirement,
  };
}
