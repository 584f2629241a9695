// Request ids: the one value that follows a request and the work it causes (its webhook
// deliveries, its jobs, a schedule's charges) through every relay's log. A caller may bring its
// own in X-Request-Id (a gateway's or a merchant's trace id), taken only when it is plain text of
// a bounded length; anything else is never echoed nor logged, and the relay makes one instead.

import { randomFillSync } from 'node:crypto';
import { luhnValid } from './card.js';

/** The header a caller's id comes in and every answer's id goes out in. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** A caller's id is taken when it is 1 to 128 of these characters: no space, no control, nothing a log or a header could misread. */
const SANE = /^[A-Za-z0-9._:-]{1,128}$/;

/** Runs of 12-19 digits, hyphens allowed between them, as the log scrubber finds card numbers. */
const DIGIT_RUN = /(?<!\d)\d(?:-?\d){11,18}(?!\d)/g;

/**
 * The caller's id when it is sane, else undefined. An id holding what could be a card number (a
 * Luhn-valid run of 12-19 digits) is refused too: ids are logged and stored as they are, never
 * through the scrubber, so one must not carry a card number into the log.
 */
export function callerRequestId(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string' || !SANE.test(header)) return undefined;
  for (const run of header.match(DIGIT_RUN) ?? []) if (luhnValid(run.replace(/-/g, ''))) return undefined;
  return header;
}

/** Letters only: a made id never looks like part of a card number to the log scrubber. */
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** Bytes below this map onto the letters without bias (9 × 26). */
const UNBIASED = 234;
/** 16 letters: about 75 bits, plenty to tell the requests of a log apart. */
const MADE_LENGTH = 16;

/** Drawn from the CSPRNG a few kilobytes at a time, as domain/ids.ts does. */
const pool = Buffer.alloc(2048);
let poolOffset = pool.length;

function randomByte(): number {
  if (poolOffset >= pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  return pool[poolOffset++] as number;
}

/** A short random id for a request that brought none (or none the relay takes). */
export function newRequestId(): string {
  let id = '';
  while (id.length < MADE_LENGTH) {
    const byte = randomByte();
    if (byte < UNBIASED) id += LETTERS[byte % 26];
  }
  return id;
}

/** The id of a request: the caller's when sane, else a new one. */
export function requestIdFor(header: string | string[] | undefined): string {
  return callerRequestId(header) ?? newRequestId();
}
