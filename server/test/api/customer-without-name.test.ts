// Customer fields without the shopper's name. The spec requires customer.givenName and surname
// "if any other customer field is sent", but integrations written against the original service
// send customer.email alone (a one-click demo prepares its checkouts so): a channel takes them by
// default, and only a channel set with strict parameters holds the integrator to the spec. The
// validator keeps its verdicts per body shape, so the same shape is sent to both kinds of channel
// in one process, in both orders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, testCard, type TestMerchant, type TestRelay } from '../helper.js';

let relay: TestRelay;
let strict: TestMerchant;
beforeAll(async () => {
  relay = await startTestRelay();
  strict = await relay.addMerchant({ strictParameters: true });
});
afterAll(async () => relay.close());

const lenient = (): TestMerchant => relay.merchant;
const EMAIL = { 'customer.email': 'jane@shop.example' };
const NAMES_MISSING = ['customer.givenName', 'customer.surname'];

function errorNames(res: { json: () => { result: { parameterErrors?: { name: string; message: string }[] } } }): string[] {
  return (res.json().result.parameterErrors ?? []).map((e) => e.name).sort();
}

const checkout = (m: TestMerchant, extra: Record<string, string> = {}) =>
  relay.post('/v1/checkouts', { entityId: m.entityId, amount: '12.00', currency: 'EUR', paymentType: 'DB', ...EMAIL, ...extra }, { token: m.token });
const payment = (m: TestMerchant, extra: Record<string, string> = {}) =>
  relay.post('/v1/payments', { entityId: m.entityId, amount: '12.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard(), ...EMAIL, ...extra }, { token: m.token });

describe('customer fields without a name', () => {
  it('prepares a checkout with customer.email alone on a default channel, and refuses it on a strict one (same body shape, both orders)', async () => {
    const first = await checkout(lenient(), { merchantTransactionId: 'order-0001' });
    expect(first.statusCode).toBe(200);
    expect(first.json().id).toMatch(/^[0-9A-Za-z.-]{32,48}$/);
    const refused = await checkout(strict, { merchantTransactionId: 'order-0002' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().result.code).toBe('200.300.404');
    expect(errorNames(refused)).toEqual(NAMES_MISSING);
    expect(refused.json().result.parameterErrors[0].message).toBe('required when another customer field is sent');
    const again = await checkout(lenient(), { merchantTransactionId: 'order-0003' });
    expect(again.statusCode).toBe(200);
  });

  it('pays with customer.email alone on a default channel and echoes it, and refuses it on a strict one (strict first)', async () => {
    const refused = await payment(strict, { 'customer.phone': '+4915112345678' });
    expect(refused.statusCode).toBe(400);
    expect(errorNames(refused)).toEqual(NAMES_MISSING);
    const paid = await payment(lenient(), { 'customer.phone': '+4915112345678' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().result.code).toBe('000.100.110');
    expect(paid.json().customer).toEqual({ email: 'jane@shop.example', phone: '+4915112345678' });
    const refusedAgain = await payment(strict, { 'customer.phone': '+4915112345678' });
    expect(refusedAgain.statusCode).toBe(400);
    expect(errorNames(refusedAgain)).toEqual(NAMES_MISSING);
  });

  it('a strict channel still takes customer fields with both names, and one name alone names the other', async () => {
    const named = await payment(strict, { 'customer.givenName': 'Jane', 'customer.surname': 'Jones' });
    expect(named.statusCode).toBe(200);
    const half = await payment(strict, { 'customer.givenName': 'Jane' });
    expect(half.statusCode).toBe(400);
    expect(errorNames(half)).toEqual(['customer.surname']);
    // A default channel takes one name alone too.
    expect((await payment(lenient(), { 'customer.givenName': 'Jane' })).statusCode).toBe(200);
  });

  it('the other operations where the rule applies: a checkout update and a stand-alone registration', async () => {
    const prepared = await relay.post('/v1/checkouts', { entityId: lenient().entityId, amount: '12.00', currency: 'EUR', paymentType: 'DB' });
    expect(prepared.statusCode).toBe(200);
    const updated = await relay.post(`/v1/checkouts/${prepared.json().id}`, { entityId: lenient().entityId, ...EMAIL });
    expect(updated.statusCode).toBe(200);

    const strictPrepared = await relay.post('/v1/checkouts', { entityId: strict.entityId, amount: '12.00', currency: 'EUR', paymentType: 'DB' }, { token: strict.token });
    const strictUpdated = await relay.post(`/v1/checkouts/${strictPrepared.json().id}`, { entityId: strict.entityId, ...EMAIL }, { token: strict.token });
    expect(strictUpdated.statusCode).toBe(400);
    expect(errorNames(strictUpdated)).toEqual(NAMES_MISSING);

    const registration = (m: TestMerchant) => relay.post('/v1/registrations', { entityId: m.entityId, paymentBrand: 'VISA', ...testCard(), ...EMAIL }, { token: m.token });
    expect((await registration(lenient())).statusCode).toBe(200);
    const strictRegistration = await registration(strict);
    expect(strictRegistration.statusCode).toBe(400);
    expect(errorNames(strictRegistration)).toEqual(NAMES_MISSING);
  });

  it('the widget pays a checkout prepared with customer.email alone', async () => {
    const prepared = await checkout(lenient());
    const id = prepared.json().id as string;
    const paid = await relay.app.inject({
      method: 'POST',
      url: `/v1/checkouts/${id}/payment`,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams({ paymentBrand: 'VISA', shopperResultUrl: 'https://shop.example/result', ...testCard() }).toString(),
    });
    expect(paid.statusCode).toBe(200);
    const status = await relay.get(`/v1/checkouts/${id}/payment?entityId=${lenient().entityId}`);
    expect(status.json().result.code).toBe('000.100.110');
    expect(status.json().customer).toEqual({ email: 'jane@shop.example' });
  });
});
