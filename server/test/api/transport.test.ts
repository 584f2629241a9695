// Transport through HTTP: the response envelope, unknown paths, body encoding and structure
// (docs/security-cases.md B3, B4, B7): always the API's own error shape, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';

let relay: TestRelay;
beforeAll(async () => {
  relay = await startTestRelay();
});
afterAll(async () => relay.close());

function debit(extra: Record<string, string> = {}) {
  return { entityId: relay.merchant.entityId, amount: '10.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard(), ...extra };
}

describe('envelope', () => {
  it('carries buildNumber, a UTC timestamp and an ndc on success and on error', async () => {
    const ok = await relay.post('/v1/payments', debit());
    const bad = await relay.post('/v1/payments', debit({ amount: '10.0' }));
    for (const res of [ok, bad]) {
      const body = res.json();
      expect(body.buildNumber).toBe('paywidgets-0.1.0');
      expect(body.timestamp).toBe('2026-11-22 12:00:00+0000');
      expect(body.ndc).toMatch(/^[A-Za-z0-9-]{1,69}$/);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    expect(ok.statusCode).toBe(200);
    expect(bad.statusCode).toBe(400);
  });

  it('answers unknown paths and unknown ids with 404 in the API shape', async () => {
    const path = await relay.get(`/v1/nothing-here?entityId=${relay.merchant.entityId}`);
    expect(path.statusCode).toBe(404);
    expect(path.json().result.code).toBe('200.300.404');
    const id = await relay.get(`/v1/payments/${'a'.repeat(32)}?entityId=${relay.merchant.entityId}`);
    expect(id.statusCode).toBe(404);
  });
});

describe('bodies', () => {
  it('refuses other media types with 400', async () => {
    const res = await relay.app.inject({
      method: 'POST',
      url: '/v1/payments',
      headers: { authorization: `Bearer ${relay.merchant.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(debit()),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().result.code).toBe('200.300.404');
  });

  it('refuses invalid UTF-8, raw or percent-encoded (B7)', async () => {
    const raw = Buffer.concat([Buffer.from(`entityId=${relay.merchant.entityId}&amount=10.00&currency=EUR&paymentType=DB&card.holder=`), Buffer.from([0xff, 0xfe])]);
    const res = await relay.app.inject({
      method: 'POST',
      url: '/v1/payments',
      headers: { authorization: `Bearer ${relay.merchant.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: raw,
    });
    expect(res.statusCode).toBe(400);
    const pct = await relay.post('/v1/payments', `entityId=${relay.merchant.entityId}&card.holder=%C3%28`);
    expect(pct.statusCode).toBe(400);
    const broken = await relay.post('/v1/payments', `entityId=${relay.merchant.entityId}&card.holder=%ZZ`);
    expect(broken.statusCode).toBe(400);
  });

  it('refuses duplicate parameters instead of picking one (B4)', async () => {
    const body = new URLSearchParams(debit()).toString() + '&amount=1000.00';
    const res = await relay.post('/v1/payments', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().result.parameterErrors).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'amount' })]));
  });

  it('refuses prototype keys on every endpoint and leaves Object.prototype alone (B3)', async () => {
    const keys = ['__proto__[polluted]', '__proto__.polluted', 'constructor.prototype.polluted', 'customParameters[__proto__]', 'cart.items[0].__proto__.polluted'];
    const urls = ['/v1/payments', `/v1/payments/${'b'.repeat(32)}`, '/v1/registrations', '/v1/checkouts'];
    for (const url of urls) {
      for (const key of keys) {
        const res = await relay.post(url, `${new URLSearchParams(debit())}&${encodeURIComponent(key)}=yes`);
        expect(res.statusCode, `${url} ${key}`).toBe(400);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
    const next = await relay.post('/v1/payments', debit());
    expect(next.statusCode).toBe(200);
  });

  it('answers oversized bodies and too many parameters with 413, quickly (B4)', async () => {
    const huge = await relay.post('/v1/payments', `entityId=${relay.merchant.entityId}&descriptor=${'x'.repeat(300 * 1024)}`);
    expect(huge.statusCode).toBe(413);
    const many = Array.from({ length: 20_000 }, (_, i) => `customParameters[p${i}]=1`).join('&');
    const res = await relay.post('/v1/payments', many.slice(0, 250_000));
    expect([400, 413]).toContain(res.statusCode);
    expect(res.json().result.code).toBe('200.300.404');
  });

  it('refuses cart indexes above 1000 and malformed indexes (B4)', async () => {
    for (const index of ['1001', '-1', '99999999999999999999', '01']) {
      const res = await relay.post('/v1/payments', debit({ [`cart.items[${index}].name`]: 'x' }));
      expect(res.statusCode, index).toBe(400);
    }
    const ok = await relay.post('/v1/payments', debit({ 'cart.items[1000].name': 'last' }));
    expect(ok.statusCode).toBe(200);
  });
});
