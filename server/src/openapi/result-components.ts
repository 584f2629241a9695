// The parts every answer shares, as components: the envelope (buildNumber, timestamp, ndc, from the
// response rows of spec/params/response.ts), the result with its code (the result-code catalogue of
// spec/result-codes.ts as `x-result-codes`, its published groups as `x-result-groups`) and the
// error shape (server/src/http/idempotency.ts errorBody).

import { RESULT_CODES, RESULT_GROUPS, resultGroup } from '../../../spec/result-codes.js';
import { response } from '../../../spec/params/response.js';
import { formatSchema, type JsonSchema } from './format-schema.js';

/** Every code the relay answers with has three groups of three digits (a forced decline too). */
const CODE_PATTERN = '^[0-9]{3}\\.[0-9]{3}\\.[0-9]{3}$';

function responseRow(name: string): JsonSchema {
  const row = response.find((r) => r.name === name);
  if (!row) throw new Error(`openapi: no response row ${name}`);
  return { ...formatSchema(row.format), ...(row.notes ? { description: row.notes } : {}) };
}

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

export function resultCodeSchema(): JsonSchema {
  return {
    type: 'string',
    pattern: CODE_PATTERN,
    description:
      'The result code. `x-result-codes` lists the catalogue with each code\'s description (the answer\'s result.description is always that text); a code outside it (a decline forced in a test) belongs to one of `x-result-groups`.',
    'x-result-codes': Object.entries(RESULT_CODES).map(([code, description]) => ({ code, description, ...(resultGroup(code) ? { group: resultGroup(code) } : {}) })),
    'x-result-groups': RESULT_GROUPS.map((g) => ({ name: g.name, title: g.title, outcome: g.outcome, pattern: g.pattern.source })),
  };
}

export function resultSchema(): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'description'],
    properties: {
      code: ref('ResultCode'),
      description: { type: 'string', description: 'The catalogue\'s text for the code.' },
      parameterErrors: {
        type: 'array',
        description: 'Each failing parameter; card, bank and wallet values are never echoed.',
        items: {
          type: 'object',
          required: ['name', 'value', 'message'],
          properties: { name: { type: 'string' }, value: { type: 'string' }, message: { type: 'string' } },
          additionalProperties: false,
        },
      },
      avsResponse: responseRow('result.avsResponse'),
      cvvResponse: responseRow('result.cvvResponse'),
    },
  };
}

/** buildNumber, timestamp and ndc: on every JSON answer of the API (flows/envelope.ts). */
export function envelopeProperties(): Record<string, JsonSchema> {
  return { buildNumber: responseRow('buildNumber'), timestamp: responseRow('timestamp'), ndc: responseRow('ndc') };
}

export const ENVELOPE_REQUIRED = ['buildNumber', 'timestamp', 'ndc'] as const;

/** The error shape, which a declined payment's answer also has (with the payment's fields besides). */
export function errorSchema(): JsonSchema {
  return {
    type: 'object',
    required: ['result', ...ENVELOPE_REQUIRED],
    properties: {
      result: ref('Result'),
      resultDetails: {
        type: 'object',
        properties: { ExtendedDescription: { type: 'string', description: 'What the relay says beyond the catalogue\'s text.' } },
        additionalProperties: { type: 'string' },
      },
      ...envelopeProperties(),
    },
  };
}

/** An answer in the envelope with a result: `fields` are the answer's own, `required` among them. */
export function answerSchema(fields: Record<string, JsonSchema>, required: readonly string[] = [], description?: string): JsonSchema {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    required: ['result', ...required, ...ENVELOPE_REQUIRED],
    properties: { ...fields, result: ref('Result'), ...envelopeProperties() },
  };
}
