// Payments through HTTP: the lifecycle of the spec's "States and transitions", the simulator's
// test cards and declines, 3-D Secure through its redirect page, and the response shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserData, startTestRelay, testCard, type TestRelay } from '../helper.js';

let relay: TestRelay;
beforeAll(async () => {
  relay = await startTestRelay();
});
afterAll(async () => relay.close());

const base = (extra: Record<string, string> = {}) => ({ entityId: relay.merchant.entityId, amount: '100.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard(), ...extra });
const followUp = (id: string, form: Record<string, string>) => relay.post(`/v1/payments/${id}`, { entityId: relay.merchant.entityId, ...form });

describe('initial payments', () => {
  it('debits VISA 4200000000000000 and answers with masked card data only', async () => {
    const res = await relay.post('/v1/payments', base({ 'customer.givenName': 'Jane', 'customer.surname': 'Jones', 'customer.email': 'jane@example.com', 'billing.city': 'Berlin', 'customParameters[order]': 'A-1', merchantTransactionId: 'order-0001' }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.id).toMatch(/^[0-9a-zA-Z]{32}$/);
    expect(body).toMatchObject({ paymentType: 'DB', paymentBrand: 'VISA', amount: '100.00', currency: 'EUR', merchantTransactionId: 'order-0001' });
    expect(body.result.code).toBe('000.100.110');
    expect(body.card).toEqual({ bin: '420000', last4Digits: '0000', holder: 'Jane Jones', expiryMonth: '05', expiryYear: '2034' });
    expect(body.customer).toEqual({ givenName: 'Jane', surname: 'Jones', email: 'jane@example.com' });
    expect(body.billing).toEqual({ city: 'Berlin' });
    expect(body.customParameters).toEqual({ order: 'A-1' });
    expect(body.risk.score).toMatch(/^-?\d+$/);
    expect(body.result.cvvResponse).toBe('M');
    expect(JSON.stringify(body)).not.toContain('4200000000000000');
    expect(JSON.stringify(body)).not.toContain('"123"');
  });

  it('gives payments of one moment ids that share their time and differ in their random part', async () => {
    // The test relay's clock stands still: both payments are made in the same millisecond.
    const [a, b] = await Promise.all([relay.post('/v1/payments', base()), relay.post('/v1/payments', base())]).then((r) => r.map((x) => x.json()));
    expect(a.id.slice(0, 12)).toBe(b.id.slice(0, 12));
    expect(a.id).not.toBe(b.id);
    // The connector's id is the random tail, so it differs too.
    expect(a.resultDetails.ConnectorTxID1).toBe(a.id.slice(-16));
    expect(a.resultDetails.ConnectorTxID1).not.toBe(b.resultDetails.ConnectorTxID1);
  });

  it('answers the address check in result.avsResponse from the billing fields sent', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ 'billing.street1': 'Main Street 1', 'billing.postcode': '10115' }, 'F'],
      [{ 'billing.street1': 'Main Street 1' }, 'A'],
      [{ 'billing.postcode': '10115' }, 'Z'],
      [{}, 'U'],
    ];
    for (const [billing, avs] of cases) {
      const res = await relay.post('/v1/payments', base(billing));
      expect(res.json().result.avsResponse, JSON.stringify(billing)).toBe(avs);
    }
    const noCvv = base();
    delete (noCvv as Record<string, string>)['card.cvv'];
    const maestro = await relay.post('/v1/payments', { ...noCvv, paymentBrand: 'MAESTRO', 'card.number': '6799851000000032' });
    expect(maestro.json().result.cvvResponse).toBe('P');
  });

  it('answers 000.100.112 in testMode=EXTERNAL', async () => {
    const res = await relay.post('/v1/payments', base({ testMode: 'EXTERNAL' }));
    expect(res.json().result.code).toBe('000.100.112');
  });

  it('pays every test card of the surface', async () => {
    const cards: [string, string, string][] = [
      ['VISA', '4200000000000000', '123'], ['MASTER', '5454545454545454', '123'], ['AMEX', '377777777777770', '1234'],
      ['MADA', '4464040000000007', '123'], ['DINERS', '36961903000009', '123'], ['DISCOVER', '6011587918359498', '123'],
      ['JCB', '3541599999092431', '123'], ['MAESTRO', '6799851000000032', '123'], ['VISAELECTRON', '4917300800000000', '123'],
      ['DANKORT', '5019717010103742', '123'],
    ];
    for (const [brand, number, cvv] of cards) {
      const res = await relay.post('/v1/payments', base({ paymentBrand: brand, 'card.number': number, 'card.cvv': cvv }));
      expect(res.json().result.code, brand).toBe('000.100.110');
    }
  });

  it('detects the brand when paymentBrand is absent', async () => {
    const form = base({ 'card.number': '5454545454545454' });
    delete (form as Record<string, string>).paymentBrand;
    const res = await relay.post('/v1/payments', form);
    expect(res.statusCode).toBe(200);
    expect(res.json().paymentBrand).toBe('MASTER');
  });

  it('declines with HTTP 400 and the code typed as the card holder', async () => {
    const res = await relay.post('/v1/payments', base({ 'card.holder': '800.100.152' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().result.code).toBe('800.100.152');
    const stored = await relay.get(`/v1/payments/${res.json().id}?entityId=${relay.merchant.entityId}`);
    expect(stored.json().result.code).toBe('800.100.152');
  });

  it('cannot force a success or pending code through the holder', async () => {
    const res = await relay.post('/v1/payments', base({ 'card.holder': '000.000.000' }));
    expect(res.json().result.code).toBe('000.100.110');
  });

  it('declines Luhn failures, expired cards, wrong CVV length and brand mismatches', async () => {
    const luhn = await relay.post('/v1/payments', base({ 'card.number': '4200000000000001' }));
    expect(luhn.statusCode).toBe(400);
    expect(luhn.json().result.code).toMatch(/^100\.100\./);
    const expired = await relay.post('/v1/payments', base({ 'card.expiryYear': '2025' }));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().result.code).toMatch(/^100\.100\.30/);
    const cvv = await relay.post('/v1/payments', base({ 'card.cvv': '1234' }));
    expect(cvv.statusCode).toBe(400);
    const mismatch = await relay.post('/v1/payments', base({ paymentBrand: 'MASTER' }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().result.code).toMatch(/^100\.100\.7/);
  });
});

describe('parameter errors', () => {
  it('answers 400, 200.300.404 and every failing parameter, never echoing card values (B1, B9)', async () => {
    const res = await relay.post('/v1/payments', base({ amount: '10.001', currency: 'eur', 'card.number': '42000000000000001234567', 'card.cvv': '12a' }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.result.code).toBe('200.300.404');
    const names = body.result.parameterErrors.map((e: { name: string }) => e.name);
    expect(names).toEqual(expect.arrayContaining(['amount', 'currency', 'card.number', 'card.cvv']));
    for (const e of body.result.parameterErrors) {
      if (e.name.startsWith('card.')) expect(e.value).toBe('');
    }
    expect(JSON.stringify(body)).not.toContain('42000000000000001234567');
  });

  it('refuses a fraction of a zero-decimal currency, on payments, follow-ups and checkouts', async () => {
    expect((await relay.post('/v1/payments', base({ amount: '100.00', currency: 'JPY' }))).statusCode).toBe(200);
    const fraction = await relay.post('/v1/payments', base({ amount: '100.50', currency: 'JPY' }));
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().result.code).toBe('200.300.404');
    expect(fraction.json().result.parameterErrors).toEqual([{ name: 'amount', value: '100.50', message: 'the currency has no decimals: the amount must end in .00' }]);
    const pa = await relay.post('/v1/payments', base({ amount: '100.00', currency: 'KRW', paymentType: 'PA' }));
    const cp = await relay.post(`/v1/payments/${pa.json().id}`, { entityId: relay.merchant.entityId, paymentType: 'CP', amount: '10.01', currency: 'KRW' });
    expect(cp.statusCode).toBe(400);
    expect(cp.json().result.parameterErrors[0].name).toBe('amount');
    const checkout = await relay.post('/v1/checkouts', { entityId: relay.merchant.entityId, amount: '5.10', currency: 'JPY', paymentType: 'DB' });
    expect(checkout.statusCode).toBe(400);
    expect((await relay.post('/v1/payments', base({ amount: '100.50', currency: 'BHD' }))).statusCode).toBe(200);
  });

  it('accepts the amount grammar and refuses everything else (B1)', async () => {
    for (const amount of ['10.00', '10']) expect((await relay.post('/v1/payments', base({ amount }))).statusCode, amount).toBe(200);
    for (const amount of ['10.0', '10.001', '-1.00', '1e3', '0x10', ' 10.00', '10,00', '１０.００', 'NaN', '', '12345678901.00']) {
      const res = await relay.post('/v1/payments', base({ amount }));
      expect(res.statusCode, JSON.stringify(amount)).toBe(400);
      expect(res.json().result.parameterErrors[0].name).toBe('amount');
    }
  });

  it('requires givenName and surname once any customer field is sent (on a strict channel), and truncates them after 48 characters', async () => {
    // A default channel takes customer fields without a name (customer-without-name.test.ts).
    const strict = await relay.addMerchant({ strictParameters: true });
    const missing = await relay.post('/v1/payments', { ...base({ 'customer.email': 'jane@example.com' }), entityId: strict.entityId }, { token: strict.token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().result.parameterErrors.map((e: { name: string }) => e.name)).toEqual(['customer.givenName', 'customer.surname']);
    const long = 'A'.repeat(60);
    const ok = await relay.post('/v1/payments', base({ 'customer.givenName': long, 'customer.surname': 'Jones' }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().customer.givenName).toBe('A'.repeat(48));
  });

  it('requires an account', async () => {
    const form = base();
    for (const key of Object.keys(form)) if (key.startsWith('card.')) delete (form as Record<string, string>)[key];
    const res = await relay.post('/v1/payments', form);
    expect(res.statusCode).toBe(400);
  });

  it('pays by SEPA bank account and masks the IBAN in the answer', async () => {
    const form = { entityId: relay.merchant.entityId, amount: '20.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'DIRECTDEBIT_SEPA', 'bankAccount.holder': 'Jane Jones', 'bankAccount.iban': 'DE23100000001234567890', 'bankAccount.bic': 'MARKDEF1100', 'bankAccount.country': 'DE' };
    const res = await relay.post('/v1/payments', form);
    expect(res.statusCode).toBe(200);
    expect(res.json().bankAccount.iban).not.toBe('DE23100000001234567890');
    expect(res.json().bankAccount.holder).toBe('Jane Jones');
  });
});

describe('other accounts', () => {
  const plain = (extra: Record<string, string>) => ({ entityId: relay.merchant.entityId, amount: '12.00', currency: 'EUR', paymentType: 'DB', ...extra });

  it('pays with a virtual account and echoes it', async () => {
    const res = await relay.post('/v1/payments', plain({ paymentBrand: 'PAYPAL', 'virtualAccount.accountId': 'jane@example.com' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().virtualAccount).toEqual({ accountId: 'jane@example.com' });
    expect(res.json().card).toBeUndefined();
  });

  it('pays with a wallet token and never echoes the token', async () => {
    const token = 'eyJ2ZXJzaW9uIjoiRUNfdjEiLCJkYXRhIjoic2VjcmV0In0=';
    const res = await relay.post('/v1/payments', plain({ paymentBrand: 'APPLEPAY', 'walletPay.paymentToken': token, 'walletPay.source': 'web' }));
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).not.toContain(token);
  });
});

describe('lifecycle', () => {
  it('captures a PA twice in part, refunds, and refuses to go beyond', async () => {
    const pa = (await relay.post('/v1/payments', base({ paymentType: 'PA' }))).json();
    expect(pa.result.code).toBe('000.100.110');
    const cp1 = await followUp(pa.id, { paymentType: 'CP', amount: '40.00', currency: 'EUR' });
    const cp2 = await followUp(pa.id, { paymentType: 'CP', amount: '50.00', currency: 'EUR' });
    expect([cp1.statusCode, cp2.statusCode]).toEqual([200, 200]);
    expect(cp1.json()).toMatchObject({ paymentType: 'CP', amount: '40.00', currency: 'EUR', referencedId: pa.id });
    const over = await followUp(pa.id, { paymentType: 'CP', amount: '10.01', currency: 'EUR' });
    expect(over.statusCode).toBe(400);
    expect(over.json().result.code).toBe('700.400.100');
    const rf = await followUp(pa.id, { paymentType: 'RF', amount: '90.00', currency: 'EUR' });
    expect(rf.statusCode).toBe(200);
    const rfOver = await followUp(pa.id, { paymentType: 'RF', amount: '0.01', currency: 'EUR' });
    expect(rfOver.json().result.code).toBe('700.400.200');
  });

  it('refuses a follow-up in another currency (B2)', async () => {
    const pa = (await relay.post('/v1/payments', base({ paymentType: 'PA' }))).json();
    const res = await followUp(pa.id, { paymentType: 'CP', amount: '10.00', currency: 'USD' });
    expect(res.statusCode).toBe(400);
    expect(res.json().result.code).toBe('700.100.500');
  });

  it('reverses a PA; nothing is captured after', async () => {
    const pa = (await relay.post('/v1/payments', base({ paymentType: 'PA' }))).json();
    const rv = await followUp(pa.id, { paymentType: 'RV' });
    expect(rv.statusCode).toBe(200);
    expect(rv.json()).toMatchObject({ paymentType: 'RV', amount: '100.00', referencedId: pa.id });
    expect((await followUp(pa.id, { paymentType: 'CP', amount: '1.00', currency: 'EUR' })).json().result.code).toBe('700.400.100');
    expect((await followUp(pa.id, { paymentType: 'RV' })).json().result.code).toBe('700.400.300');
  });

  it('partially refunds a DB, then refuses a reversal', async () => {
    const db = (await relay.post('/v1/payments', base())).json();
    expect((await followUp(db.id, { paymentType: 'RF', amount: '30.00', currency: 'EUR' })).statusCode).toBe(200);
    const rv = await followUp(db.id, { paymentType: 'RV' });
    expect(rv.statusCode).toBe(400);
    expect(rv.json().result.code).toBe('700.400.300');
  });

  it('reverses only before the cut-off; after it, 700.400.530 (reversal not possible anymore)', async () => {
    const db = (await relay.post('/v1/payments', base())).json();
    relay.clock.advance(relay.ctx.config.reversalCutoffMs + 1);
    const rv = await followUp(db.id, { paymentType: 'RV' });
    expect(rv.json().result.code).toBe('700.400.530');
  });

  it('refuses to capture a DB or to refund a declined payment', async () => {
    const db = (await relay.post('/v1/payments', base())).json();
    expect((await followUp(db.id, { paymentType: 'CP', amount: '1.00', currency: 'EUR' })).json().result.code).toMatch(/^700\./);
    const declined = (await relay.post('/v1/payments', base({ 'card.holder': '800.100.151' }))).json();
    expect((await followUp(declined.id, { paymentType: 'RF', amount: '1.00', currency: 'EUR' })).statusCode).toBe(400);
  });

  it('credits with CD and refunds it', async () => {
    const cd = await relay.post('/v1/payments', base({ paymentType: 'CD', amount: '15.00' }));
    expect(cd.statusCode).toBe(200);
    expect((await followUp(cd.json().id, { paymentType: 'RF', amount: '15.00', currency: 'EUR' })).statusCode).toBe(200);
  });
});

describe('3-D Secure', () => {
  async function challenge(number: string, returnCode: string, extra: Record<string, string> = {}) {
    const res = await relay.post('/v1/payments', base({ 'card.number': number, paymentBrand: number.startsWith('4') ? 'VISA' : 'MASTER', shopperResultUrl: 'https://shop.example/result?x=1', ...browserData(), ...extra }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.result.code).toBe('000.200.000');
    const url = new URL(body.redirect.url);
    expect(url.origin).toBe('http://relay.test');
    const page = await relay.app.inject({ method: 'GET', url: url.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("object-src 'none'");
    expect(page.body).toContain('name="returnCode"');
    const done = await relay.app.inject({ method: 'POST', url: url.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `returnCode=${returnCode}` });
    return { body, done };
  }

  it('completes the payment when authentication passes, then redirects to the shopper result URL', async () => {
    const { body, done } = await challenge('4711100000000000', '000.400.110');
    expect(done.statusCode).toBe(303);
    const location = new URL(done.headers.location as string);
    expect(location.origin + location.pathname).toBe('https://shop.example/result');
    expect(location.searchParams.get('x')).toBe('1');
    expect(location.searchParams.get('id')).toBe(body.id);
    expect(location.searchParams.get('resourcePath')).toBe(`/v1/payments/${body.id}`);
    const status = await relay.get(`/v1/payments/${body.id}?entityId=${relay.merchant.entityId}`);
    expect(status.json().result.code).toMatch(/^000\.(000|100)\./);
    expect(status.json().redirect).toBeUndefined();
  });

  it('declines when authentication fails, and settles only once', async () => {
    const { body } = await challenge('5212345678901234', '100.380.401');
    const status = await relay.get(`/v1/payments/${body.id}?entityId=${relay.merchant.entityId}`);
    expect(status.json().result.code).toBe('100.380.401');
    const again = await relay.app.inject({ method: 'POST', url: new URL(body.redirect.url).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'returnCode=000.400.110' });
    expect(again.statusCode).toBeLessThan(500);
    expect((await relay.get(`/v1/payments/${body.id}?entityId=${relay.merchant.entityId}`)).json().result.code).toBe('100.380.401');
  });

  it('refuses to capture a pending payment', async () => {
    const res = await relay.post('/v1/payments', base({ paymentType: 'PA', 'card.number': '4711100000000000', ...browserData() }));
    const cp = await followUp(res.json().id, { paymentType: 'CP', amount: '1.00', currency: 'EUR' });
    expect(cp.json().result.code).toBe('700.400.570');
  });

  it('asks a server-to-server payment that goes to a challenge for the browser data 3-D Secure v2 needs, naming each missing field', async () => {
    const without = { ...browserData() };
    delete without['customer.browser.userAgent'];
    delete without['customer.browser.javaEnabled'];
    const res = await relay.post('/v1/payments', base({ 'card.number': '4711100000000000', merchantTransactionId: 'no-browser-1', ...without, 'customer.browser.timezone': '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().result.code).toBe('200.300.404');
    expect(res.json().result.parameterErrors.map((e: { name: string }) => e.name).sort()).toEqual(['customer.browser.javaEnabled', 'customer.browser.timezone', 'customer.browser.userAgent']);
    // Nothing was written.
    expect(await relay.ctx.store.reports.paymentsByReference(relay.merchant.entityId, 'no-browser-1')).toEqual([]);
    const complete = await relay.post('/v1/payments', base({ 'card.number': '4711100000000000', merchantTransactionId: 'no-browser-2', ...browserData() }));
    expect(complete.statusCode).toBe(200);
    expect(complete.json().result.code).toBe('000.200.000');
  });

  it('refuses malformed browser data by name, and needs none for a card that is not challenged', async () => {
    const bad = await relay.post('/v1/payments', base({ 'card.number': '4711100000000000', ...browserData({ 'customer.browser.screenHeight': 'tall', 'customer.browser.javaEnabled': 'maybe' }) }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result.parameterErrors.map((e: { name: string }) => e.name).sort()).toEqual(['customer.browser.javaEnabled', 'customer.browser.screenHeight']);
    const plain = await relay.post('/v1/payments', base());
    expect(plain.statusCode).toBe(200);
    expect(plain.json().result.code).toMatch(/^000\.100\.1/);
  });

  it('passes external MPI data through without a challenge', async () => {
    const res = await relay.post('/v1/payments', base({ 'card.number': '4711100000000000', 'threeDSecure.eci': '05', 'threeDSecure.verificationId': 'AAACAgSRBklmQCFgMpEGAAAAAAA=', 'threeDSecure.enrollmentStatus': 'Y', 'threeDSecure.authenticationStatus': 'Y' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().result.code).toBe('000.100.110');
    expect(res.json().threeDSecure.eci).toBe('05');
  });

  it('never echoes or stores a 3-D Secure password or authentication value', async () => {
    const res = await relay.post('/v1/payments', base({ 'card.number': '4711100000000000', 'threeDSecure.eci': '05', 'threeDSecure.verificationId': 'AAACAgSRBklmQCFgMpEGAAAAAAA=', 'threeDSecure.v1.VISA.requestorId': 'req-1', 'threeDSecure.v1.VISA.password': 'S3cretRequestorPw' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().threeDSecure).toEqual({ eci: '05', v1: { VISA: { requestorId: 'req-1' } } });
    const stored = await relay.ctx.store.payments.find(relay.merchant.entityId, res.json().id);
    expect(stored?.responseJson).not.toContain('S3cretRequestorPw');
    expect(stored?.responseJson).not.toContain('AAACAgSRBklmQCFgMpEGAAAAAAA=');
  });
});
