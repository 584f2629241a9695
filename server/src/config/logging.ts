// Log redaction: by key (pino's redact paths) and by content (a Luhn-aware scrubber), so no full
// card number or CVV reaches a log line whatever path it took (docs/security-cases.md A11). And the log's
// form: JSON lines for machines, or readable lines (pino-pretty) for a person at a terminal.
// Redaction happens before either: pino-pretty only reformats the JSON line pino already wrote.

import pinoPretty from 'pino-pretty';
import { last4, luhnValid, maskBin } from '../domain/card.js';
import type { LogFormat } from './config.js';

/**
 * Exact paths only: pino's wildcard paths cost a walk of every line, and card keys at any depth
 * are already masked by scrubValue (CARD_KEYS).
 */
export const REDACT_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'accessToken', 'webhookSecret'];

const DIGIT_RUN = /(?<!\d)\d(?:[ -]?\d){11,18}(?!\d)/g;
const CVV_PARAM = /((?:card\.cvv|card%2Ecvv|cvv)["'=:\s]+)\d{3,4}/gi;
/** Cheap pre-tests: most log strings have neither 12 digits in a row nor the word cvv. */
const MAYBE_CARD = /\d(?:[ -]?\d){11}/;
const MAYBE_CVV = /cvv/i;
/** Keys whose values are card data wherever they appear in a log object. */
const CARD_KEYS = new Set(['number', 'cvv', 'card.number', 'card.cvv', 'cardnumber', 'accesstoken', 'webhooksecret', 'authorization']);

/** The relay's ids (payments, checkouts, entities, users): 32 hex characters, written upper or lower case. */
const ID_LENGTH = 32;
const HEX = /[0-9a-f]/i;
const ALPHANUMERIC = /[0-9a-z]/i;
const HEX_LETTER = /[a-f]/i;

/**
 * Whether the digits at `offset` lie inside one of the relay's ids: a token of exactly 32 hex
 * characters, at least one a letter, standing alone (no letter or digit on either side). A random
 * id holds a Luhn-valid run of 12+ digits now and then; masked, the id a log line names would be
 * lost to whoever searches the log for it. A card number is never such a token: it is all digits.
 */
function insideId(text: string, offset: number, run: string): boolean {
  if (run.length > ID_LENGTH || /[ -]/.test(run)) return false;
  let start = offset;
  while (start > 0 && HEX.test(text.charAt(start - 1))) start--;
  let end = offset + run.length;
  while (end < text.length && HEX.test(text.charAt(end))) end++;
  if (end - start !== ID_LENGTH) return false;
  if (ALPHANUMERIC.test(text.charAt(start - 1)) || ALPHANUMERIC.test(text.charAt(end))) return false;
  return HEX_LETTER.test(text.slice(start, end));
}

/** Masks every 12-19 digit run that passes Luhn (spaces or hyphens between digits allowed), except inside an id. */
export function scrubText(text: string): string {
  let out = text;
  if (MAYBE_CARD.test(out)) {
    out = out.replace(DIGIT_RUN, (run: string, offset: number, whole: string) => {
      const digits = run.replace(/[ -]/g, '');
      return luhnValid(digits) && !insideId(whole, offset, run) ? `${maskBin(digits)}******${last4(digits)}` : run;
    });
  }
  if (MAYBE_CVV.test(out)) out = out.replace(CVV_PARAM, '$1***');
  return out;
}

/** Deep scrub of a log object's strings. Returns the same object when nothing needed masking. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return { type: value.name, message: scrubText(value.message), stack: value.stack ? scrubText(value.stack) : undefined };
  if (Array.isArray(value)) {
    const items = value.map((v) => scrubValue(v, depth + 1));
    return items.some((v, i) => v !== value[i]) ? items : value;
  }
  // Only plain data is walked. Class instances (the raw request and reply pino receives before its
  // serializers run, sockets…) are serialized into plain objects later, which the redact paths cover.
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, child] of Object.entries(value)) {
    const clean = CARD_KEYS.has(key.toLowerCase()) && child !== undefined && child !== null ? '[Redacted]' : scrubValue(child, depth + 1);
    if (clean !== child) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[key] = clean;
    }
  }
  return copy ?? value;
}

interface RequestLike {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
}

/**
 * pino runs serializers after the formatter, so what they produce is scrubbed here: the URL (a
 * client may put anything in a query string) and error texts.
 */
const serializers = {
  req: (req: RequestLike) => ({ method: req.method, url: scrubText(req.url ?? ''), hostname: req.hostname, remoteAddress: req.ip }),
  err: (err: Error) => ({ type: err.name, message: scrubText(err.message), stack: scrubText(err.stack ?? '') }),
};

export function loggerOptions(level: string) {
  return {
    level,
    serializers,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    formatters: { log: (object: Record<string, unknown>) => scrubValue(object) as Record<string, unknown> },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? scrubText(a) : a)));
      },
    },
  };
}

/**
 * Where pino writes: the stream itself for JSON, or pino-pretty in front of it. pino-pretty runs in
 * this thread and writes synchronously, so a line logged just before process.exit is not lost.
 */
export function logStream(format: LogFormat, destination: NodeJS.WritableStream = process.stdout): NodeJS.WritableStream {
  if (format === 'json') return destination;
  const colorize = destination === process.stdout && process.stdout.isTTY === true;
  return pinoPretty({ destination, sync: true, colorize, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
}
