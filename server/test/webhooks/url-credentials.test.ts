// A URL that notifications go to never carries a user name or password: a registered endpoint's
// `url` and a request's `notificationUrl` are refused the same way, by the same check, with the
// API's 400 naming the parameter, on every operation that takes a notificationUrl, writing nothing
// and calling nobody.

import { afterEach, beforeEach, expect, it } from 'vitest';
import { ENDPOINTS, type OperationName } from '../../../spec/endpoints.js';
import { defaultConfig } from '../../src/config/config.js';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';
import { startReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

let relay: TestRelay;
let receiver: WebhookReceiver;

beforeEach(async () => {
  relay = await startTestRelay({ webhooks: { ...defaultConfig.webhooks, jitter: false, timeoutMs: 2_000 } });
  receiver = await startReceiver();
});

afterEach(async () => {
  await relay.close();
  await receiver.close();
});

const entityId = () => relay.merchant.entityId;

/** The receiver's URL with credentials in it: a name and password, or a name alone. */
function withCredentials(credentials: string): string {
  const url = new URL(receiver.url);
  return `${url.protocol}//${credentials}@${url.host}${url.pathname}`;
}

async function created(path: string, form: Record<string, string>): Promise<string> {
  const res = await relay.post(path, { entityId: entityId(), ...form });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

/** Each operation that takes notificationUrl, as a request that would succeed without it. */
const REQUESTS: Partial<Record<OperationName, () => Promise<{ path: string; form: Record<string, string> }>>> = {
  payment: async () => ({ path: '/v1/payments', form: { amount: '10.00', currency: 'EUR', paymentType: 'DB', ...testCard() } }),
  followUp: async () => {
    const id = await created('/v1/payments', { amount: '10.00', currency: 'EUR', paymentType: 'DB', ...testCard() });
    return { path: `/v1/payments/${id}`, form: { amount: '10.00', currency: 'EUR', paymentType: 'RF' } };
  },
  registration: async () => ({ path: '/v1/registrations', form: { paymentBrand: 'VISA', ...testCard() } }),
  registrationPayment: async () => {
    const id = await created('/v1/registrations', { paymentBrand: 'VISA', ...testCard() });
    return { path: `/v1/registrations/${id}/payments`, form: { amount: '10.00', currency: 'EUR', paymentType: 'DB' } };
  },
  checkout: async () => ({ path: '/v1/checkouts', form: { amount: '10.00', currency: 'EUR', paymentType: 'DB' } }),
  checkoutUpdate: async () => {
    const id = await created('/v1/checkouts', { amount: '10.00', currency: 'EUR', paymentType: 'DB' });
    return { path: `/v1/checkouts/${id}`, form: { amount: '12.00' } };
  },
};

it('covers every operation that takes a notificationUrl', () => {
  const taking = Object.entries(ENDPOINTS)
    .filter(([, endpoint]) => endpoint.accepts.some((row) => row.name === 'notificationUrl'))
    .map(([name]) => name)
    .sort();
  expect(Object.keys(REQUESTS).sort()).toEqual(taking);
});

it('refuses credentials in a registered endpoint URL and in every notificationUrl alike, writing nothing and calling nobody', async () => {
  for (const credentials of ['user:password', 'user']) {
    const url = withCredentials(credentials);
    const endpoint = await relay.post('/v1/webhooks', { entityId: entityId(), url });
    expect(endpoint.statusCode).toBe(400);
    const [endpointError] = endpoint.json().result.parameterErrors as { name: string; message: string }[];
    expect(endpointError).toMatchObject({ name: 'url', message: 'must not carry a user name or password' });
    expect(endpoint.json().result.code).toBe('200.300.404');

    for (const [operation, request] of Object.entries(REQUESTS)) {
      const { path, form } = await request();
      const res = await relay.post(path, { entityId: entityId(), ...form, notificationUrl: url });
      expect(res.statusCode, `${operation}: ${res.body}`).toBe(400);
      expect(res.json().result.code, operation).toBe(endpoint.json().result.code);
      expect(res.json().result.parameterErrors, operation).toEqual([{ name: 'notificationUrl', value: url, message: endpointError?.message }]);
    }
  }
  // Nothing was made that could send: no endpoint, and nobody called.
  expect((await relay.get(`/v1/webhooks?entityId=${entityId()}`)).json().webhooks).toEqual([]);
  for (let i = 0; i < 3; i++) {
    await relay.ctx.jobs.runDue();
    relay.clock.advance(60_000);
  }
  expect(receiver.received).toEqual([]);
});

it('still takes a notificationUrl without credentials, and calls it', async () => {
  const res = await relay.post('/v1/payments', { entityId: entityId(), amount: '10.00', currency: 'EUR', paymentType: 'DB', notificationUrl: receiver.url, ...testCard() });
  expect(res.statusCode).toBe(200);
  await relay.ctx.jobs.runDue();
  expect(receiver.received).toHaveLength(1);
});
