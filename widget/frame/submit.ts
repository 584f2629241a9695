// The paying frame's POST to the relay (same origin, form-encoded UTF-8). The host's fields go
// along, except anything named like the data of a card frame: the card number and CVV always, the
// expiry and holder when their frames go with the payment (enableSAQACompliance); those come only
// from the frames. What goes back to the host is the outcome, with parameter errors stripped of
// their values (B9).

import type { Field, OutcomeMsg, ParameterErrorInfo, PayAction } from '../protocol/messages.js';

/** The parameters each card frame supplies. */
export const FRAME_PARAMS: Readonly<Record<Field, readonly string[]>> = {
  cardNumber: ['card.number'],
  cvv: ['card.cvv'],
  expiry: ['card.expiryMonth', 'card.expiryYear'],
  cardHolder: ['card.holder'],
};

/**
 * The host's fields without those of the card number, the CVV and the `framed` fields, then the
 * frames' parameters (`fromFrames`), of which an empty one (an optional CVV or holder) is left out.
 */
export function buildBody(
  fields: ReadonlyArray<readonly [string, string]>,
  fromFrames: ReadonlyArray<readonly [string, string]>,
  framed: readonly Field[] = [],
): URLSearchParams {
  const owned = new Set(['cardNumber', 'cvv', ...framed].flatMap((f) => FRAME_PARAMS[f as Field]));
  const body = new URLSearchParams();
  for (const [name, value] of fields) if (!owned.has(name)) body.append(name, value);
  for (const [name, value] of fromFrames) if (value !== '') body.append(name, value);
  return body;
}

export type Outcome = Omit<OutcomeMsg, 'tag' | 'channel'>;

const httpUrl = (x: unknown): string | null => {
  if (typeof x !== 'string') return null;
  try {
    const u = new URL(x);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
};

const text = (x: unknown, max = 2048): string => (typeof x === 'string' ? x.slice(0, max) : '');

/** Reads the relay's JSON answer into an outcome; unknown fields are ignored. */
export function toOutcome(status: number, json: unknown): Outcome {
  const j = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const result = (typeof j.result === 'object' && j.result !== null ? j.result : {}) as Record<string, unknown>;
  const redirect = (typeof j.redirect === 'object' && j.redirect !== null ? j.redirect : {}) as Record<string, unknown>;
  const rawErrors = Array.isArray(j.parameterErrors)
    ? j.parameterErrors
    : Array.isArray(result.parameterErrors)
      ? result.parameterErrors
      : [];
  const parameterErrors: ParameterErrorInfo[] = rawErrors
    .slice(0, 100)
    .filter((p): p is Record<string, unknown> => typeof p === 'object' && p !== null)
    .map((p) => ({ name: text(p.name, 256), message: text(p.message) }));
  const method = typeof redirect.method === 'string' ? redirect.method.toUpperCase() : 'GET';
  return {
    type: 'outcome',
    status,
    code: text(result.code, 32),
    description: text(result.description),
    paymentId: typeof j.id === 'string' ? text(j.id, 256) : null,
    redirectUrl: method === 'GET' ? httpUrl(redirect.url) : null,
    resultUrl: httpUrl(j.resultUrl),
    parameterErrors,
    timestamp: text(j.timestamp, 64),
    buildNumber: text(j.buildNumber, 256),
  };
}

/** POSTs to <relay>/v1/checkouts/<id>/<action>; throws on network failure or a non-JSON answer. */
export async function postCard(frameHref: string, action: PayAction, body: URLSearchParams): Promise<Outcome> {
  // The frame page is /v1/checkouts/<id>/frame, so "./payment" is /v1/checkouts/<id>/payment.
  const res = await fetch(new URL(`./${action}`, frameHref).href, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8', Accept: 'application/json' },
    body: body.toString(),
    credentials: 'same-origin',
    cache: 'no-store',
    referrerPolicy: 'no-referrer',
  });
  return toOutcome(res.status, await res.json());
}
