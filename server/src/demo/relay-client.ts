// The demo shop's server-side calls to the relay, made as any merchant backend makes them:
// the access token travels only from this server to the relay, never to the browser.

export interface DemoCredentials {
  entityId: string;
  accessToken: string;
  /** The merchant's webhook secret: it opens the notifications the shop's checkouts ask for. */
  webhookSecret?: string;
}

/** The part of the relay's payment status JSON the result page shows. */
export interface PaymentStatus {
  id?: string;
  paymentType?: string;
  paymentBrand?: string;
  amount?: string;
  currency?: string;
  result: { code: string; description?: string };
  card?: { bin?: string; last4Digits?: string; holder?: string; expiryMonth?: string; expiryYear?: string };
  /** A voucher slip not yet paid: its page. */
  redirect?: { url?: string };
  /** The stored card, when the checkout asked for createRegistration. */
  registrationId?: string;
}

/** The relay did not answer, or answered with something that is not a usable result. */
export class RelayCallError extends Error {
  override name = 'RelayCallError';
  constructor(
    message: string,
    readonly resultCode?: string,
  ) {
    super(message);
  }
}

/** A relay call that has not answered by then is reported as failed, ms. */
export const RELAY_TIMEOUT_MS = 10_000;

export interface CheckoutRequest {
  amount: string;
  currency: string;
  paymentType: string;
  /** The shop's order id, echoed in the payment and its notifications. */
  merchantTransactionId?: string;
  /** Where the relay sends the payment's notifications. */
  notificationUrl?: string;
  /** 'true': the card is stored with the payment (a subscription's first payment). */
  createRegistration?: string;
}

/** What the shop reads of a schedule (GET /scheduling/v1/schedules/{id}). */
export interface ScheduleStatus {
  id: string;
  status?: string;
  nextRunAt?: string;
  occurrences?: { scheduledAt: string; status: string; paymentId?: string; result?: { code: string; description?: string } }[];
  result: { code: string; description?: string };
}

/** Checkout ids are 32 hex characters with an environment suffix; accept that alphabet only. */
export const CHECKOUT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9.\-]{0,79}$/;

export class RelayClient {
  constructor(
    private readonly relayUrl: string,
    private readonly credentials: DemoCredentials,
  ) {}

  /** POST /v1/checkouts; returns the new checkout id. */
  async prepareCheckout(request: CheckoutRequest): Promise<string> {
    const fields = Object.entries({ entityId: this.credentials.entityId, ...request }).filter((e): e is [string, string] => e[1] !== undefined);
    const body = new URLSearchParams(fields);
    const json = await this.call('/v1/checkouts', { method: 'POST', body });
    const id = json.id;
    const code = resultCode(json);
    if (typeof id !== 'string' || !CHECKOUT_ID_PATTERN.test(id) || !code?.startsWith('000.200')) {
      throw new RelayCallError(`the relay did not create a checkout (${code ?? 'no result code'})`, code);
    }
    return id;
  }

  /**
   * GET <resourcePath>?entityId=…; resourcePath must already be checked by the caller
   * (checkoutPaymentPath), so that the token is only ever sent to a status path of the relay.
   */
  async paymentStatus(resourcePath: string): Promise<PaymentStatus> {
    const query = new URLSearchParams({ entityId: this.credentials.entityId });
    const json = await this.call(`${resourcePath}?${query}`, { method: 'GET' });
    const code = resultCode(json);
    if (code === undefined) throw new RelayCallError('the relay answered without a result code');
    return json as unknown as PaymentStatus;
  }

  /**
   * POST /scheduling/v1/schedules: `fields` besides entityId (registrationId, amount, job.*…);
   * `idempotencyKey` makes a repeated call answer the first schedule instead of making another.
   */
  async createSchedule(fields: Record<string, string>, idempotencyKey: string): Promise<ScheduleStatus> {
    const body = new URLSearchParams({ entityId: this.credentials.entityId, ...fields });
    return this.expect(await this.call('/scheduling/v1/schedules', { method: 'POST', body, idempotencyKey }), 'create the schedule');
  }

  /** GET /scheduling/v1/schedules/{id}: its status, next run and past occurrences. */
  async schedule(id: string): Promise<ScheduleStatus> {
    return this.expect(await this.call(`/scheduling/v1/schedules/${encodeURIComponent(id)}?${this.entityQuery()}`, { method: 'GET' }), 'read the schedule');
  }

  /** DELETE /scheduling/v1/schedules/{id}: cancelled now, or already (100.350.101). */
  async cancelSchedule(id: string): Promise<string> {
    const json = await this.call(`/scheduling/v1/schedules/${encodeURIComponent(id)}?${this.entityQuery()}`, { method: 'DELETE' });
    const code = resultCode(json);
    if (code !== '000.000.000' && code !== '100.350.101') throw new RelayCallError(`the relay did not cancel the schedule (${code ?? 'no result code'})`, code);
    return code;
  }

  /** GET /v1/test/clock: the entity's time, yyyy-MM-dd HH:mm:ss (UTC). */
  async testClock(): Promise<string> {
    const json = this.expect(await this.call(`/v1/test/clock?${this.entityQuery()}`, { method: 'GET' }), 'read the test clock');
    return String((json as unknown as { time: string }).time);
  }

  /** POST /v1/test/clock: moves the entity's time forward; what became due runs before it answers. */
  async moveTestClock(time: string): Promise<void> {
    const body = new URLSearchParams({ entityId: this.credentials.entityId, time });
    this.expect(await this.call('/v1/test/clock', { method: 'POST', body }), 'move the test clock');
  }

  private entityQuery(): URLSearchParams {
    return new URLSearchParams({ entityId: this.credentials.entityId });
  }

  /** The answer when its result code is a success, else a RelayCallError saying what failed. */
  private expect<T = ScheduleStatus>(json: Record<string, unknown>, what: string): T {
    const code = resultCode(json);
    if (code !== '000.000.000') throw new RelayCallError(`the relay did not ${what} (${code ?? 'no result code'})`, code);
    return json as T;
  }

  private async call(path: string, init: { method: string; body?: URLSearchParams; idempotencyKey?: string }): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      const { idempotencyKey, ...request } = init;
      response = await fetch(this.relayUrl + path, {
        ...request,
        headers: {
          authorization: `Bearer ${this.credentials.accessToken}`,
          accept: 'application/json',
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        signal: AbortSignal.timeout(RELAY_TIMEOUT_MS),
      });
    } catch (error) {
      throw new RelayCallError(`the relay could not be reached: ${(error as Error).message}`);
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new RelayCallError(`the relay answered HTTP ${response.status} without JSON`);
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      throw new RelayCallError(`the relay answered HTTP ${response.status} with unexpected JSON`);
    }
    // Error answers (4xx) still carry a result code the pages can show, so they are returned.
    return json as Record<string, unknown>;
  }
}

function resultCode(json: Record<string, unknown>): string | undefined {
  const result = json.result;
  if (typeof result !== 'object' || result === null) return undefined;
  const code = (result as Record<string, unknown>).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The only status path the result page may read: the payment of the checkout named by `id`.
 * Anything else (another host, another resource, a different checkout) is refused before any call.
 */
export function checkoutPaymentPath(id: string, resourcePath: string): string | undefined {
  if (!CHECKOUT_ID_PATTERN.test(id)) return undefined;
  const expected = `/v1/checkouts/${id}/payment`;
  return resourcePath === expected ? expected : undefined;
}
