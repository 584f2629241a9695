// What one catalogue operation (spec/endpoints.ts) accepts, as the document describes it: the form
// body's schema for a POST, query parameters for a GET or DELETE. Required names, narrowed formats,
// forbidden names and the conditional rules all come from the catalogue; nothing here is typed twice.

import { ENDPOINTS } from '../../../spec/endpoints.js';
import type { Operation } from '../params/types.js';
import { isTemplate, rowSchema, templatePattern } from './parameter-schema.js';
import { relevantRulesOf, ruleData, ruleSentence, rulesOf } from './rule-text.js';
import type { JsonSchema } from './format-schema.js';

function conditionsText(operation: Operation): string {
  const endpoint = ENDPOINTS[operation];
  const lines = relevantRulesOf(operation).map((rule) => `- ${ruleSentence(rule)}`);
  for (const f of endpoint.forbids) lines.push(`- ${f.pattern} not allowed: ${f.message}.`);
  const unknown =
    endpoint.unknown === 'drop'
      ? 'Names this operation does not use are ignored.'
      : 'Names this operation does not use are ignored, or refused (200.300.404) on a channel set with strictParameters.';
  return [`Catalogue operation \`${operation}\`. ${unknown}`, ...(lines.length > 0 ? ['', 'Conditions:', ...lines] : [])].join('\n');
}

/** The form body of a POST on this operation, as one object schema of its flat (dotted) names. */
export function bodySchema(operation: Operation): JsonSchema {
  const endpoint = ENDPOINTS[operation];
  const properties: Record<string, JsonSchema> = {};
  const patternProperties: Record<string, JsonSchema> = {};
  for (const row of endpoint.accepts) {
    const schema = rowSchema(row, endpoint.formats[row.name]);
    if (isTemplate(row.name)) patternProperties[templatePattern(row)] = { ...schema, 'x-name': row.name };
    else properties[row.name] = schema;
  }
  return {
    type: 'object',
    description: conditionsText(operation),
    properties,
    ...(Object.keys(patternProperties).length > 0 ? { patternProperties } : {}),
    required: [...endpoint.requires],
    'x-operation': operation,
    // Every rule the validator holds the operation to, as rules.ts scopes them.
    'x-rules': rulesOf(operation).map(ruleData),
    'x-forbidden': endpoint.forbids.map((f) => ({ ...f })),
    'x-unknown-parameters': endpoint.unknown === 'drop' ? 'ignored' : 'ignored; refused with strictParameters',
  };
}

/** The query parameters of a GET or DELETE on this operation. */
export function queryParameters(operation: Operation): JsonSchema[] {
  const endpoint = ENDPOINTS[operation];
  return endpoint.accepts.map((row) => {
    // Reads take no lists or maps: a template here would need a parameter style of its own.
    if (isTemplate(row.name)) throw new Error(`openapi: query parameter ${row.name} of ${operation} is a template`);
    return {
      name: row.name,
      in: 'query',
      required: endpoint.requires.includes(row.name),
      ...(row.notes ? { description: row.notes } : {}),
      schema: rowSchema(row, endpoint.formats[row.name]),
    };
  });
}

/** The operation's conditions, for a read's description (a body schema carries them itself). */
export function operationConditions(operation: Operation): string {
  return conditionsText(operation);
}
