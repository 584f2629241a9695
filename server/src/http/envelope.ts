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
