// The merchant's server as a careful integrator writes it: every POST carries an Idempotency-Key,
// and a network error, a 503 or a 409 "same key in progress" is retried with the same key after a
// growing pause, on the next relay behind the load balancer. Every answer (retries included) is
// recorded with its time, relay and latency: the figures and the 5xx rule read these samples, not
// the relays' own counters.

import { setTimeout as pause } from 'node:timers/promises';
import type { Credentials, Relay } from '../relays.js';

export interface Sample {
  kind: string;
  relay: string;
  /** When the request was sent and answered (or failed), ms since the epoch. */
  at: number;
  ms: number;
  /** HTTP status; 0 for a network error (refused, reset, timed out). */
  status: number;
  code: string | undefined;
}

export interface Answer {
  status: number;
  json: Record<string, unknown>;
  relay: string;
}

/** Longest a caller keeps retrying one request: past a PostgreSQL restart and an idempotency lease, ms. */
const GIVE_UP_AFTER_MS = 45_000;
const FIRST_PAUSE_MS = 100;
const LONGEST_PAUSE_MS = 2_000;
const REQUEST_TIMEOUT_MS = 20_000;
const IN_PROGRESS = '800.110.100';

export class Merchant {
  readonly samples: Sample[] = [];
  private next = 0;
  private keys = 0;

  constructor(
    readonly relays: readonly Relay[],
    readonly credentials: Credentials,
    readonly runId: string,
  ) {}

  /** A fresh key, unique in this run; also sent as merchantTransactionId so the audit can count payments per key. */
  newKey(kind: string): string {
    this.keys += 1;
    return `${this.runId}-${kind}-${this.keys}`;
  }

  /** The load balancer: each try goes to the next relay in turn, up or down. */
  private pick(): Relay {
    const relay = this.relays[this.next % this.relays.length] as Relay;
    this.next += 1;
    return relay;
  }

  /**
   * One API call, retried as a careful merchant retries it. undefined when it gave up (every try
   * failed for GIVE_UP_AFTER_MS); otherwise the first answer that is not worth retrying.
   */
  async call(kind: string, method: 'GET' | 'POST' | 'DELETE', path: string, form: Record<string, string>, key?: string): Promise<Answer | undefined> {
    const deadline = Date.now() + GIVE_UP_AFTER_MS;
    let wait = FIRST_PAUSE_MS;
    for (;;) {
      const answer = await this.once(kind, method, path, form, key);
      const code = answerCode(answer);
      const retry = answer.status === 0 || answer.status === 503 || (answer.status === 409 && code === IN_PROGRESS);
      // Without a key only reads are retried: a POST sent twice without one may pay twice.
      if (!retry || (method !== 'GET' && key === undefined)) return answer;
      if (Date.now() >= deadline) return undefined;
      await pause(wait);
      wait = Math.min(wait * 2, LONGEST_PAUSE_MS);
    }
  }

  /** The widget's card submit (POST /v1/checkouts/{id}/payment): no token, the card frame's origin. */
  async submitCheckout(kind: string, checkoutId: string, form: Record<string, string>): Promise<Answer | undefined> {
    const deadline = Date.now() + GIVE_UP_AFTER_MS;
    let wait = FIRST_PAUSE_MS;
    for (;;) {
      const relay = this.pick();
      const answer = await this.send(kind, relay, 'POST', `/v1/checkouts/${encodeURIComponent(checkoutId)}/payment`, form, {
        origin: relay.url,
        'sec-fetch-site': 'same-origin',
      });
      // The frame shows the shopper "try again" on a lost connection or 503; the shopper submits again.
      if (answer.status !== 0 && answer.status !== 503 && answer.status !== 409) return answer;
      if (Date.now() >= deadline) return undefined;
      await pause(wait);
      wait = Math.min(wait * 2, LONGEST_PAUSE_MS);
    }
  }

  private once(kind: string, method: 'GET' | 'POST' | 'DELETE', path: string, form: Record<string, string>, key: string | undefined): Promise<Answer> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.credentials.accessToken}` };
    if (key !== undefined) headers['idempotency-key'] = key;
    return this.send(kind, this.pick(), method, path, form, headers);
  }

  private async send(kind: string, relay: Relay, method: 'GET' | 'POST' | 'DELETE', path: string, form: Record<string, string>, headers: Record<string, string>): Promise<Answer> {
    const params = new URLSearchParams(form);
    const url = relay.url + (method === 'POST' || params.size === 0 ? path : `${path}?${params}`);
    const at = Date.now();
    let answer: Answer;
    try {
      const response = await fetch(url, {
        method,
        headers: { ...headers, accept: 'application/json' },
        ...(method === 'POST' ? { body: params } : {}),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(text) as Record<string, unknown>;
      } catch {
        json = { unparsed: text.slice(0, 200) };
      }
      answer = { status: response.status, json, relay: relay.id };
    } catch {
      answer = { status: 0, json: {}, relay: relay.id };
    }
    this.samples.push({ kind, relay: relay.id, at, ms: Date.now() - at, status: answer.status, code: answerCode(answer) });
    return answer;
  }
}

export function answerCode(answer: Pick<Answer, 'json'> | undefined): string | undefined {
  const result = answer?.json.result as { code?: unknown } | undefined;
  return typeof result?.code === 'string' ? result.code : undefined;
}

/** A successful payment result (000.000.*, 000.100.1*, 000.3*, 000.6*), as the API documents it. */
export const isSuccessCode = (code: string | undefined): boolean => code !== undefined && /^(000\.000\.|000\.100\.1|000\.[36])/.test(code);
