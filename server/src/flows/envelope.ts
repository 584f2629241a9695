// Every response body carries buildNumber, timestamp and ndc (spec: "Payment response fields").
import type { Clock } from '../domain/clock.js';
import { formatTimestamp } from '../domain/clock.js';
import { newNdc } from '../domain/ids.js';

export interface EnvelopeContext {
  buildNumber: string;
  clock: Clock;
}

export function envelope(ctx: EnvelopeContext, body: object, ndc: string = newNdc()): Record<string, unknown> {
  return { ...body, buildNumber: ctx.buildNumber, timestamp: formatTimestamp(ctx.clock.now()), ndc };
}

/**
 * The same envelope around a body already serialized as a JSON object (a payment's stored
 * response): the fields are appended to its text, so a payment is serialized once, not twice.
 */
export function envelopeJson(ctx: EnvelopeContext, bodyJson: string, ndc: string = newNdc()): string {
  if (!bodyJson.startsWith('{') || !bodyJson.endsWith('}')) throw new TypeError('envelopeJson: the body must be a JSON object');
  const fields = `"buildNumber":${JSON.stringify(ctx.buildNumber)},"timestamp":"${formatTimestamp(ctx.clock.now())}","ndc":"${ndc}"}`;
  return bodyJson === '{}' ? `{${fields}` : `${bodyJson.slice(0, -1)},${fields}`;
}
