// Checkouts through HTTP: prepare, the widget's configuration and submit, status reads, expiry
// (F9), declines and the lock (L8), one success per checkout under a burst (L1), 3-D Secure.
import { withStore } from '../../../e2e/support/relay-store.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, testCard, type TestMerchant, type TestRelay } from '../helper.js';

let relay: TestRelay;
let other: TestMerchant;
beforeAll(async () => {
  relay = await startTestRelay({ throttle: { windowMs: 1000, payments: 10_000, followUps: 10_000, registrations: 10_000, checkouts: 10_000, reads: 10_000 } });
  other = await relay.addMerchant();
});
afterAll(async () => relay.close());

const RESULT = 'https://shop.example/result?order=7';

async function prepare(extra: Record<string, string> = {}): Promise<string> {
  const res = await relay.post('/v1/checkouts', { entityId: relay.merchant.entityId, amount: '49.90', currency: 'EUR', paymentType: 'DB', ...extra });
  expect(res.statusCode).toBe(200);
  return res.json().id;
}

/** The card-number frame's submit, from the relay's own origin. */
function submit(id: string, form: Record<string, string>, origin = 'http://localhost:80') {
  return relay.app.inject({
    method: 'POST',
    url: `/v1/checkouts/${encodeURIComponent(id)}/payment`,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', origin, host: 'localhost:80', 'sec-fetch-site': origin === 'http://localhost:80' ? 'same-origin' : 'cross-site' },
    payload: new URLSearchParams(form).toString(),
  });
}
/** The statuses of a checkout's payment rows, sorted, read from the database file itself. */
function paymentStatuses(checkoutId: string): string[] {
  const rows = withStore(relay.dataDir, (db) => db.prepare('select status from payments where checkout_id = ? order by status').all(checkoutId)) as { status: string }[];
  return rows.map((r) => r.status);
}
const card = (extra: Record<string, string> = {}) => ({ paymentBrand: 'VISA', shopperResultUrl: RESULT, ...testCard(), ...extra });
const status = (id: string, entityId = relay.merchant.entityId, token?: string) => relay.get(`/v1/checkouts/${encodeURIComponent(id)}/payment?entityId=${entityId}`, token ? { token } : {});

describe('prepare', () => {
  it('answers 000.200.100 with an id of 32-48 letters, digits, dots and hyphens', async () => {
    const res = await relay.post('/v1/checkouts', { entityId: relay.merchant.entityId, amount: '49.90', currency: 'EUR', paymentType: 'DB' });
    expect(res.json().result.code).toBe('000.200.100');
    expect(res.json().id).toMatch(/^[A-Za-z0-9.-]{32,48}$/);
    expect(res.json().id).toMatch(/\.uat01-vm-tx04$/);
  });

  it('returns the sha384 of the exact loader bytes with integrity=true (W8)', async () => {
    const res = await relay.post('/v1/checkouts', { entityId: relay.merchant.entityId, amount: '49.90', currency: 'EUR', paymentType: 'DB', integrity: 'true' });
    expect(res.statusCode).toBe(200);
    const loader = await relay.app.inject({ method: 'GET', url: `/v1/paymentWidgets.js?checkoutId=${encodeURIComponent(res.json().id)}` });
    expect(loader.statusCode).toBe(200);
    expect(loader.headers['access-control-allow-origin']).toBe('*');
    const { createHash } = await import('node:crypto');
    expect(res.json().integrity).toBe(`sha384-${createHash('sha384').update(loader.rawPayload).digest('base64')}`);
    const plain = await relay.post('/v1/checkouts', { entityId: relay.merchant.entityId, amount: '49.90', currency: 'EUR', paymentType: 'DB' });
    expect(plain.json().integrity).toBeUndefined();
  });

  it('refuses invalid parameters', async () => {
    const res = await relay.post('/v1/checkouts', { entityId: relay.merchant.entityId, amount: '49.9', currency: 'EUR', paymentType: 'DB' });
    expect(res.statusCode).toBe(400);
    expect(res.json().result.parameterErrors[0].name).toBe('amount');
  });

  it('serves the widget configuration to any origin', async () => {
    const id = await prepare();
    const res = await relay.app.inject({ method: 'GET', url: `/v1/checkouts/${id}/widget` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json()).toMatchObject({ id, amount: '49.90', currency: 'EUR', paymentType: 'DB' });
    const unknown = await relay.app.inject({ method: 'GET', url: `/v1/checkouts/${'0'.repeat(32)}.uat01-vm-tx04/widget` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().result.code).toBe('200.300.404');
  });
});

describe('paying and reading the status', () => {
  it('pays, sends the shopper to the bound result URL, and spends the id on the first successful read', async () => {
    const id = await prepare();
    expect((await status(id)).json().result.code).toBe('000.200.000');
    const res = await submit(id, card());
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().resultUrl);
    expect(url.origin + url.pathname).toBe('https://shop.example/result');
    expect(url.searchParams.get('order')).toBe('7');
    expect(url.searchParams.get('id')).toBe(id);
    expect(url.searchParams.get('resourcePath')).toBe(`/v1/checkouts/${id}/payment`);
    relay.clock.advance(60_000);
    const read = await status(id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ amount: '49.90', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA' });
    expect(read.json().result.code).toBe('000.100.110');
    expect(read.json().card.last4Digits).toBe('0000');
    const spent = await status(id);
    expect(spent.json().result.code).toBe('200.300.404');
    // The payment stays readable by its own id.
    expect((await relay.get(`/v1/query/${read.json().id}?entityId=${relay.merchant.entityId}`)).statusCode).toBe(200);
  });

  it('keeps amount, currency and type from the prepare call whatever the browser sends', async () => {
    const id = await prepare();
    const res = await submit(id, card({ amount: '0.01', currency: 'USD', paymentType: 'CD' }));
    expect(res.statusCode).toBe(200);
    const read = (await status(id)).json();
    expect(read).toMatchObject({ amount: '49.90', currency: 'EUR', paymentType: 'DB' });
  });

  it('uses the merchant-added controls and drops unknown ones', async () => {
    const id = await prepare();
    const res = await submit(id, card({ createRegistration: 'true', 'customParameters[SHOPPER_note]': 'gift', _token: 'csrf-abc' }));
    expect(res.statusCode).toBe(200);
    const read = (await status(id)).json();
    expect(read.registrationId).toMatch(/^[0-9a-zA-Z]{32}$/);
    expect(read.customParameters).toEqual({ SHOPPER_note: 'gift' });
    expect(JSON.stringify(read)).not.toContain('csrf-abc');
  });

  it('refuses a stored card the checkout does not offer before claiming the checkout, which stays payable', async () => {
    const id = await prepare();
    const res = await submit(id, { registrationId: '8ac7a4a1845f7e8b01846034a5bb3cc5', shopperResultUrl: RESULT });
    expect(res.statusCode).toBe(400);
    expect(res.json().result.parameterErrors).toEqual([
      { name: 'registrationId', value: '8ac7a4a1845f7e8b01846034a5bb3cc5', message: 'this checkout does not offer that stored card' },
    ]);
    expect((await submit(id, card())).statusCode).toBe(200);
  });

  it('applies overridePaymentType for the chosen brand', async () => {
    const id = await prepare({ 'overridePaymentType[MASTER]': 'PA' });
    await submit(id, card({ paymentBrand: 'MASTER', 'card.number': '5454545454545454' }));
    expect((await status(id)).json().paymentType).toBe('PA');
  });

  it('allows two status reads per minute per checkout', async () => {
    const id = await prepare();
    expect((await status(id)).statusCode).toBe(200);
    expect((await status(id)).statusCode).toBe(200);
    expect((await status(id)).json().result.code).toBe('800.120.100');
    relay.clock.advance(60_000);
    expect((await status(id)).statusCode).toBe(200);
  });

  it("reads another entity's checkout as not found (A1)", async () => {
    const id = await prepare();
    const res = await status(id, other.entityId, other.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().result.code).toBe('200.300.404');
  });

  it('binds no result URL from a submit that fails, so the next submit redirects where it says (A7)', async () => {
    const id = await prepare();
    // Refused after the checkout was claimed: no brand can be detected from this number.
    const invalid = await submit(id, { ...testCard('1234567890123'), shopperResultUrl: 'https://evil.example/x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().result.parameterErrors[0].name).toBe('paymentBrand');
    const declined = await submit(id, card({ 'card.holder': '800.100.152', shopperResultUrl: 'https://evil.example/y' }));
    expect(declined.statusCode).toBe(400);
    expect(declined.json().resultUrl).toBeUndefined();
    const ok = await submit(id, card());
    expect(ok.statusCode).toBe(200);
    const url = new URL(ok.json().resultUrl);
    expect(url.origin + url.pathname).toBe('https://shop.example/result');
    expect(url.searchParams.get('id')).toBe(id);
  });

  it('refuses a submit from another origin (W2)', async () => {
    const id = await prepare();
    const res = await submit(id, card(), 'https://merchant.example');
    expect(res.statusCode).toBe(403);
  });
});

describe('expiry (F9)', () => {
  it('completes a submit at 29:59 and refuses one after 30:00', async () => {
    const early = await prepare();
    relay.clock.advance(30 * 60_000 - 1000);
    expect((await submit(early, card())).statusCode).toBe(200);
    const late = await prepare();
    relay.clock.advance(30 * 60_000);
    const res = await submit(late, card());
    expect(res.statusCode).toBe(404);
    expect(res.json().result.code).toBe('200.300.404');
    expect(res.json().resultDetails.ExtendedDescription).toContain('No payment session found');
    const owner = await status(late);
    expect(owner.json().result.code).toBe('200.300.404');
    expect(owner.json().resultDetails.ExtendedDescription).toContain('expired');
    const stranger = await status(late, other.entityId, other.token);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().resultDetails.ExtendedDescription).not.toContain('expired');
    expect((await relay.app.inject({ method: 'GET', url: `/v1/checkouts/${late}/widget` })).statusCode).toBe(404);
  });
});

describe('declines', () => {
  it('lets the shopper try again after a decline, and reports the success', async () => {
    const id = await prepare();
    const declined = await submit(id, card({ 'card.holder': '800.100.152' }));
    expect(declined.statusCode).toBe(400);
    expect(declined.json().result.code).toBe('800.100.152');
    expect((await status(id)).json().result.code).toBe('800.100.152');
    const ok = await submit(id, card());
    expect(ok.statusCode).toBe(200);
    relay.clock.advance(60_000);
    expect((await status(id)).json().result.code).toBe('000.100.110');
  });

  it('locks the checkout after 5 declines (L8)', async () => {
    const id = await prepare();
    for (let i = 0; i < 5; i++) expect((await submit(id, card({ 'card.holder': '800.100.153' }))).statusCode).toBe(400);
    const locked = await submit(id, card());
    expect(locked.statusCode).toBe(400);
    expect(locked.json().result.code).toBe('800.120.100');
  });

  it('refuses a second payment after a success', async () => {
    const id = await prepare();
    expect((await submit(id, card())).statusCode).toBe(200);
    const again = await submit(id, card());
    expect(again.json().result.code).toBe('200.300.404');
  });
});

describe('double submit (L1)', () => {
  it('50 parallel submits on one checkout make exactly one authorization and one success', async () => {
    const id = await prepare();
    const results = await Promise.all(Array.from({ length: 50 }, () => submit(id, card())));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    expect(paymentStatuses(id)).toEqual(['success']);
  });
});

describe('3-D Secure through a checkout', () => {
  it('shows the challenge, then sends the whole tab to the result URL with the checkout path', async () => {
    const id = await prepare();
    const res = await submit(id, card({ 'card.number': '4711100000000000' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().result.code).toBe('000.200.000');
    const path = new URL(res.json().redirect.url).pathname;
    const page = await relay.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('target="_top"');
    expect(page.headers['content-security-policy']).toContain('form-action');
    expect(page.headers['content-security-policy']).toContain('https://shop.example');
    const done = await relay.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'returnCode=000.400.110' });
    expect(done.statusCode).toBe(303);
    const location = new URL(done.headers.location as string);
    expect(location.searchParams.get('id')).toBe(id);
    expect(location.searchParams.get('resourcePath')).toBe(`/v1/checkouts/${id}/payment`);
    expect((await status(id)).json().result.code).toMatch(/^000\.(000|100)\./);
  });

  it('lets a shopper who left a challenge pay again: the abandoned attempt is cancelled', async () => {
    const id = await prepare();
    const first = await submit(id, card({ 'card.number': '4711100000000000' }));
    expect(first.json().result.code).toBe('000.200.000');
    const again = await submit(id, card());
    expect(again.statusCode).toBe(200);
    expect(again.json().result.code).toBe('000.100.110');
    const abandoned = await relay.get(`/v1/payments/${first.json().id}?entityId=${relay.merchant.entityId}`);
    expect(abandoned.json().result.code).toBe('100.396.103');
    // The old challenge page can no longer settle anything.
    const path = new URL(first.json().redirect.url).pathname;
    await relay.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'returnCode=000.400.110' });
    expect((await relay.get(`/v1/payments/${first.json().id}?entityId=${relay.merchant.entityId}`)).json().result.code).toBe('100.396.103');
    relay.clock.advance(60_000);
    expect((await status(id)).json().result.code).toBe('000.100.110');
  });

  it('never lets a challenge finished after its lease lapsed succeed beside a later attempt (L1)', async () => {
    const id = await prepare();
    const first = await submit(id, card({ 'card.number': '4711100000000000' }));
    expect(first.json().result.code).toBe('000.200.000');
    relay.clock.advance(15 * 60_000 + 1);
    const again = await submit(id, card({ 'card.number': '4200000000000000' }));
    expect(again.statusCode).toBe(200);
    expect(again.json().result.code).toBe('000.100.110');
    // The shopper still completes the first challenge, in the tab left open.
    const path = new URL(first.json().redirect.url).pathname;
    const done = await relay.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'returnCode=000.400.110' });
    expect(done.statusCode).toBe(303);
    const abandoned = await relay.get(`/v1/payments/${first.json().id}?entityId=${relay.merchant.entityId}`);
    expect(abandoned.json().result.code).toBe('100.396.103');
    const read = await status(id);
    expect(read.json()).toMatchObject({ id: again.json().id, result: { code: '000.100.110' } });
    expect(paymentStatuses(id)).toEqual(['declined', 'success']);
  });

  it('counts a failed authentication as a decline and lets the shopper try again', async () => {
    const id = await prepare();
    const res = await submit(id, card({ 'card.number': '4711100000000000' }));
    const path = new URL(res.json().redirect.url).pathname;
    await relay.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'returnCode=100.380.401' });
    expect((await status(id)).json().result.code).toBe('100.380.401');
    expect((await submit(id, card())).statusCode).toBe(200);
  });
});

describe('card testing (L8)', () => {
  it('logs the lock as a security event', async () => {
    const { Writable } = await import('node:stream');
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { startTestRelay: start } = await import('../helper.js');
    const logged = await start({ logLevel: 'warn' }, {}, stream);
    try {
      const prepared = await logged.post('/v1/checkouts', { entityId: logged.merchant.entityId, amount: '5.00', currency: 'EUR', paymentType: 'DB' });
      const id = prepared.json().id as string;
      const attempt = (holder: string) =>
        logged.app.inject({
          method: 'POST',
          url: `/v1/checkouts/${id}/payment`,
          headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:80', origin: 'http://localhost:80' },
          payload: new URLSearchParams(card({ 'card.holder': holder })).toString(),
        });
      for (let i = 0; i < 5; i++) await attempt('800.100.153');
      expect((await attempt('Jane Jones')).json().result.code).toBe('800.120.100');
      const events = lines.map((l) => JSON.parse(l) as { securityEvent?: string; checkoutId?: string }).filter((e) => e.securityEvent === 'checkout-locked');
      expect(events.length).toBeGreaterThanOrEqual(2);
      expect(events.every((e) => e.checkoutId === id)).toBe(true);
    } finally {
      await logged.close();
    }
  });
});
