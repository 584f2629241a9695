// The error answers, one reusable response per HTTP status, each listing which errors of
// server/src/domain/errors.ts answer with it and their codes: the table is the source.

import { ERRORS } from '../domain/errors.js';
import { describeResult } from '../../../spec/result-codes.js';
import type { JsonSchema } from './format-schema.js';

/** The statuses errors answer with, ascending. */
export function errorStatuses(): number[] {
  return [...new Set(Object.values(ERRORS).map((e) => e.status))].sort((a, b) => a - b);
}

export function errorResponseName(status: number): string {
  return `Error${status}`;
}

export function errorResponses(): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const status of errorStatuses()) {
    const rows = Object.entries(ERRORS).filter(([, e]) => e.status === status);
    const lines = rows.map(([name, e]) => `- \`${e.code}\` ${describeResult(e.code)} (${name}${'detail' in e ? `: ${e.detail}` : ''})`);
    const declined = status === 400 ? ['- a declined payment or a refused follow-up: its result code, with the payment\'s fields'] : [];
    out[errorResponseName(status)] = {
      description: [`HTTP ${status}:`, ...lines, ...declined].join('\n'),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return out;
}
