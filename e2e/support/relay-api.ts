// The relay's REST API as a merchant backend calls it, for tests: Bearer token, form bodies, JSON.

import type { PaymentStatus as ShownStatus } from '../../server/src/demo/relay-client.js';
import type { RelayCredentials } from './relay-process.js';

/** Parameters of POST /v1/checkouts besides entityId; defaults fill amount, currency, paymentType. */
export type CheckoutParams = Readonly<Record<string, string>>;

export const defaultCheckout = { amount: '49.90', currency: 'EUR', paymentType: 'DB' } as const;

/** The relay's payment status JSON (GET /v1/checkouts/{id}/payment): what the demo shop reads, and more. */
export interface PaymentStatus extends ShownStatus {
  result: ShownStatus['result'] & { parameterErrors?: Array<{ name: string; value?: string; message: string }> };
  [field: string]: unknown;
}

export interface RelayResponse {
  status: number;
  json: Record<string, unknown>;
  headers: Headers;
}

export class RelayApi {
  constructor(
    readonly url: string,
    readonly credentials: RelayCredentials,
  ) {}

  /**
   * Any call with the merchant's Bearer token; `form` becomes a form body (POST) or the query (GET).
   * `headers` adds to them, e.g. an Idempotency-Key.
   */
  async request(method: 'GET' | 'POST' | 'DELETE', path: string, form: Readonly<Record<string, string>> = {}, headers: Readonly<Record<string, string>> = {}): Promise<RelayResponse> {
    const params = new URLSearchParams(form);
    const withQuery = method === 'POST' || params.size === 0 ? path : `${path}${path.includes('?') ? '&' : '?'}${params}`;
    const response = await fetch(this.url + withQuery, {
      method,
      headers: { ...headers, authorization: `Bearer ${this.credentials.accessToken}`, accept: 'application/json' },
      ...(method === 'POST' ? { body: params } : {}),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path}: HTTP ${response.status}, not JSON: ${text.slice(0, 300)}`);
    }
    return { status: response.status, json: json as Record<string, unknown>, headers: response.headers };
  }

  /** POST /v1/checkouts; returns the id, or throws with the relay's answer. */
  async prepareCheckout(params: CheckoutParams = {}): Promise<string> {
    const answer = await this.request('POST', '/v1/checkouts', { entityId: this.credentials.entityId, ...defaultCheckout, ...params });
    const { id, result } = answer.json as { id?: unknown; result?: { code?: unknown } };
    if (answer.status !== 200 || typeof id !== 'string' || result?.code !== '000.200.100') {
      throw new Error(`prepareCheckout: HTTP ${answer.status} ${JSON.stringify(answer.json)}`);
    }
    return id;
  }

  /** GET /v1/checkouts/{id}/payment. The relay allows two reads a minute per checkout. */
  async paymentStatus(checkoutId: string): Promise<PaymentStatus> {
    const answer = await this.request('GET', `/v1/checkouts/${encodeURIComponent(checkoutId)}/payment`, {
      entityId: this.credentials.entityId,
    });
    const result = answer.json.result as { code?: unknown } | undefined;
    if (typeof result?.code !== 'string') throw new Error(`paymentStatus: HTTP ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer.json as PaymentStatus;
  }
}
