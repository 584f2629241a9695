// The card frame's submit behind a TLS-terminating proxy: the browser's origin is the relay's
// public https origin, while the relay's own socket sees http from the proxy. The origin check
// judges against PUBLIC_URL, and X-Forwarded-* count only from a TRUST_PROXY proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { trustProxyFrom } from '../../src/config/trust-proxy.js';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';

const PUBLIC = 'https://pay.example.com';
let relay: TestRelay;
beforeAll(async () => {
  relay = await startTestRelay({ publicUrl: PUBLIC, trustProxy: ['127.0.0.1'] });
});
afterAll(async () => relay.close());

async function prepare(): Promise<string> {
  const res = await relay.post('/v1/checkouts', { entityId: relay.merchant.entityId, amount: '49.90', currency: 'EUR', paymentType: 'DB' });
  return res.json().id;
}

/** The frame's submit as the proxy forwards it: inner host, plain http, the browser's headers. */
function submitThroughProxy(id: string, origin: string, forwarded: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
  return relay.app.inject({
    method: 'POST',
    url: `/v1/checkouts/${encodeURIComponent(id)}/payment`,
    remoteAddress,
    headers: {
      'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
      host: '10.0.0.5:8080',
      origin,
      'sec-fetch-site': 'same-origin',
      ...forwarded,
    },
    payload: new URLSearchParams({ paymentBrand: 'VISA', shopperResultUrl: 'https://shop.example/result', ...testCard() }).toString(),
  });
}

describe('the card submit behind a TLS proxy', () => {
  it('accepts the browser origin that is the public origin', async () => {
    const res = await submitThroughProxy(await prepare(), PUBLIC, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'pay.example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.code).toBe('000.100.110');
  });

  it('accepts it without forwarded headers too: the public origin is configured', async () => {
    const res = await submitThroughProxy(await prepare(), PUBLIC);
    expect(res.statusCode).toBe(200);
  });

  it('still refuses another origin, whatever the forwarded headers say', async () => {
    const res = await submitThroughProxy(await prepare(), 'https://evil.example', { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' }, '203.0.113.9');
    expect(res.statusCode).toBe(403);
    expect(res.json().result.code).toBe('800.900.300');
  });

  it('believes X-Forwarded-Proto/-Host from a trusted proxy only', async () => {
    // The request's own origin (another name than the public one) counts only as the proxy says it.
    const inner = 'https://relay.internal.example';
    const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'relay.internal.example' };
    expect((await submitThroughProxy(await prepare(), inner, headers, '127.0.0.1')).statusCode).toBe(200);
    expect((await submitThroughProxy(await prepare(), inner, headers, '203.0.113.9')).statusCode).toBe(403);
  });
});

describe('TRUST_PROXY', () => {
  it('is empty by default: nobody is trusted', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(trustProxyFrom('')).toBe(false);
    expect(trustProxyFrom('false')).toBe(false);
  });

  it('takes true, a hop count, or a list of addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(trustProxyFrom('2')).toBe(2);
    expect(trustProxyFrom('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses anything else at start-up', () => {
    for (const bad of ['yes', '10.0.0.0/33', 'proxy.example', '1.2.3']) expect(() => trustProxyFrom(bad)).toThrow(/TRUST_PROXY/);
  });

  it('counts hops as Fastify does', async () => {
    const hops = await startTestRelay({ publicUrl: PUBLIC, trustProxy: 1 });
    try {
      const id = (await hops.post('/v1/checkouts', { entityId: hops.merchant.entityId, amount: '1.00', currency: 'EUR', paymentType: 'DB' })).json().id as string;
      const res = await hops.app.inject({
        method: 'POST',
        url: `/v1/checkouts/${encodeURIComponent(id)}/payment`,
        remoteAddress: '198.51.100.7',
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'inner:8080', origin: 'https://other-name.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'other-name.example' },
        payload: new URLSearchParams({ paymentBrand: 'VISA', ...testCard() }).toString(),
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await hops.close();
    }
  });
});
