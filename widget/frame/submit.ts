// The card-number frame's POST to the relay (same origin, form-encoded UTF-8). The host's fields
// go along, except anything named like a card secret: those come only from the frames. What goes
// back to the host is the outcome, with parameter errors stripped of their values (B9).

import type { OutcomeMsg, ParameterErrorInfo, PayAction } from '../protocol/messages.js';

/** Names the host may never supply: the card frames are their only source. */
const FRAME_ONLY = new Set(['card.number', 'card.cvv']);

/** `number` null: a stored card pays (its registrationId is among the fields). */
export function buildBody(fields: ReadonlyArray<readonly [string, string]>, number: string | null, cvv: string | null): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of fields) if (!FRAME_ONLY.has(name)) body.append(name, value);
  if (number !== null) body.append('card.number', number);
  if (cvv !== null && cvv !== '') body.append('card.cvv', cvv);
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
