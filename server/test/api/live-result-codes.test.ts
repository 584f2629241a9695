// RELAY_ENVIRONMENT=live answers every success with the processed-request code 000.000.000, as the
// live system does (testMode is removed there); a test relay keeps the test-mode codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserData, startTestRelay, testCard, type TestRelay } from '../helper.js';

const LIVE = '000.000.000';

describe('a live relay', () => {
  let relay: TestRelay;
  beforeAll(async () => {
    relay = await startTestRelay({ environment: 'live' });
  });
  afterAll(async () => relay.close());
  const entityId = () => relay.merchant.entityId;
  const pay = (extra: Record<string, string> = {}) =>
    relay.post('/v1/payments', { entityId: entityId(), amount: '20.00', currency: 'EUR', paymentBrand: 'VISA', ...testCard(), paymentType: 'PA', ...extra });

  it('answers payments, follow-ups and stored-card payments with 000.000.000, testMode or not', async () => {
    for (const testMode of [undefined, 'EXTERNAL', 'INTERNAL']) {
      const pa = await pay(testMode ? { testMode, createRegistration: 'true' } : { createRegistration: 'true' });
      expect(pa.statusCode).toBe(200);
      expect(pa.json().result.code).toBe(LIVE);
      const id = pa.json().id as string;
      const registrationId = pa.json().registrationId as string;
      for (const [paymentType, amount] of [['CP', '20.00'], ['RF', '5.00']] as const) {
        const follow = await relay.post(`/v1/payments/${id}`, { entityId: entityId(), paymentType, amount, currency: 'EUR', ...(testMode ? { testMode } : {}) });
        expect(follow.statusCode).toBe(200);
        expect(follow.json().result.code).toBe(LIVE);
      }
      const reversal = await pay({ paymentType: 'DB' });
      const rv = await relay.post(`/v1/payments/${reversal.json().id}`, { entityId: entityId(), paymentType: 'RV' });
      expect(rv.json().result.code).toBe(LIVE);
      const repeated = await relay.post(`/v1/registrations/${registrationId}/payments`, { entityId: entityId(), amount: '3.00', currency: 'EUR', paymentType: 'DB', recurringType: 'REPEATED' });
      expect(repeated.json().result.code).toBe(LIVE);
    }
  });

  it('answers a stand-alone registration with 000.000.000', async () => {
    const reg = await relay.post('/v1/registrations', { entityId: entityId(), paymentBrand: 'VISA', ...testCard() });
    expect(reg.statusCode).toBe(200);
    expect(reg.json().result.code).toBe(LIVE);
  });

  it('settles a 3-D Secure payment with 000.000.000', async () => {
    const res = await pay({ 'card.number': '4711100000000000', paymentType: 'DB', shopperResultUrl: 'https://shop.example/result', createRegistration: 'true', ...browserData() });
    expect(res.json().result.code).toBe('000.200.000');
    const url = new URL(res.json().redirect.url);
    const done = await relay.app.inject({ method: 'POST', url: url.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'returnCode=000.400.110' });
    expect(done.statusCode).toBe(303);
    const status = await relay.get(`/v1/payments/${res.json().id}?entityId=${entityId()}`);
    expect(status.json().result.code).toBe(LIVE);
    const registrationId = status.json().registrationId as string;
    const stored = await relay.get(`/v1/registrations/${registrationId}?entityId=${entityId()}`);
    expect(stored.json().result.code).toBe(LIVE);
  });
});

describe('a test relay', () => {
  let relay: TestRelay;
  beforeAll(async () => {
    relay = await startTestRelay();
  });
  afterAll(async () => relay.close());

  it('keeps the integrator-test and connector-test codes', async () => {
    const base = { entityId: relay.merchant.entityId, amount: '20.00', currency: 'EUR', paymentBrand: 'VISA', paymentType: 'PA', ...testCard() };
    const internal = await relay.post('/v1/payments', base);
    expect(internal.json().result.code).toBe('000.100.110');
    const external = await relay.post('/v1/payments', { ...base, testMode: 'EXTERNAL' });
    expect(external.json().result.code).toBe('000.100.112');
    const capture = await relay.post(`/v1/payments/${internal.json().id}`, { entityId: relay.merchant.entityId, paymentType: 'CP', amount: '20.00', currency: 'EUR' });
    expect(capture.json().result.code).toBe('000.100.110');
  });
});
