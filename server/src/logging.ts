// Log redaction: by key (pino's redact paths) and by content (a Luhn-aware scrubber), so no full
// card number or CVV reaches a log line whatever path it took (security case A11).

import { luhnValid } from './domain/card.js';

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.card.number',
  '*.card.cvv',
  '*["card.number"]',
  '*["card.cvv"]',
  '*.accessToken',
  '*.webhookSecret',
];

const DIGIT_RUN = /(?<!\d)\d(?:[ -]?\d){11,18}(?!\d)/g;
const CVV_PARAM = /((?:card\.cvv|card%2Ecvv|cvv)["'=:\s]+)\d{3,4}/gi;

/** Masks every 12-19 digit run that passes Luhn (spaces or hyphens between digits allowed). */
export function scrubText(text: string): string {
  return text
    .replace(DIGIT_RUN, (run) => {
      const digits = run.replace(/[ -]/g, '');
      return luhnValid(digits) ? `${digits.slice(0, 6)}******${digits.slice(-4)}` : run;
    })
    .replace(CVV_PARAM, '$1***');
}

/** Deep scrub of a log object's strings; objects are copied, never mutated. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  if (value instanceof Error) return { type: value.name, message: scrubText(value.message), stack: value.stack ? scrubText(value.stack) : undefined };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = /^(card\.)?(number|cvv)$/i.test(k) ? '[Redacted]' : scrubValue(v, depth + 1);
  return out;
}

export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    formatters: { log: (object: Record<string, unknown>) => scrubValue(object) as Record<string, unknown> },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? scrubText(a) : a)));
      },
    },
  };
}
