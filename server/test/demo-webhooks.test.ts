// The demo shop follows its orders by webhook, against the real relay over real HTTP: its checkout
// asks for notifications (notificationUrl), the relay's jobs runner delivers the payment's, and
// the result page shows the order as the notification left it; a forged notification is refused.

import { afterEach, beforeEach, expect, it } from 'vitest';
import { startDemoShop, type DemoShop } from '../src/demo/index.js';
import { defaultConfig } from '../src/config/config.js';
import { encryptNotification } from '../src/webhooks/cipher.js';
import { IV_HEADER, TAG_HEADER } from '../src/webhooks/headers.js';
import { startTestRelay, testCard, type TestRelay } from './helper.js';

const silent = { info: () => {}, warn: () => {}, error: () => {} };

let relay: TestRelay;
let shop: DemoShop;

beforeEach(async () => {
  relay = await startTestRelay({ webhooks: { ...defaultConfig.webhooks, jitter: false } });
  const relayUrl = await relay.app.listen({ port: 0, host: '127.0.0.1' });
  const { entityId, token, webhookSecret } = relay.merchant;
  shop = await startDemoShop({ port: 0, host: '127.0.0.1', relayUrl, credentials: { entityId, accessToken: token, webhookSecret }, logger: silent });
});

afterEach(async () => {
  await shop.close();
  await relay.close();
});

/** The card frame's submit of a checkout, from the relay's own origin. */
function pay(checkoutId: string) {
  return relay.app.inject({
    method: 'POST',
    url: `/v1/checkouts/${encodeURIComponent(checkoutId)}/payment`,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams({ paymentBrand: 'VISA', shopperResultUrl: 'http://127.0.0.1/result', ...testCard() }).toString(),
  });
}

async function orderStatus(checkoutId: string): Promise<string> {
  const page = await (await fetch(`${shop.url}/result?id=${encodeURIComponent(checkoutId)}&resourcePath=${encodeURIComponent(`/v1/checkouts/${checkoutId}/payment`)}`)).text();
  return /data-testid="order-status">([^<]*)</.exec(page)?.[1]?.trim() ?? '(none)';
}

it('shows the order as paid once the payment notification arrived, not before', async () => {
  const started = await fetch(`${shop.url}/checkout`, { method: 'POST', redirect: 'manual' });
  const checkoutId = new URL(started.headers.get('location') ?? '', shop.url).searchParams.get('checkoutId') ?? '';
  expect((await pay(checkoutId)).statusCode).toBe(200);
  expect(await orderStatus(checkoutId)).toBe('awaiting the payment notification');
  for (let round = 0; round < 10; round++) {
    if ((await relay.ctx.jobs.runDue()).claimed === 0) break;
    relay.clock.advance(1_000);
  }
  expect(await orderStatus(checkoutId)).toBe('paid');
});

it("answers the result page's order status once the notification arrives, holding the answer until then", async () => {
  const started = await fetch(`${shop.url}/checkout`, { method: 'POST', redirect: 'manual' });
  const checkoutId = new URL(started.headers.get('location') ?? '', shop.url).searchParams.get('checkoutId') ?? '';
  expect((await pay(checkoutId)).statusCode).toBe(200);
  const now = await (await fetch(`${shop.url}/order-status?id=${encodeURIComponent(checkoutId)}`)).json();
  expect(now).toEqual({ status: 'awaiting notification', text: 'awaiting the payment notification', mayChange: true });
  // Asked with the status it shows, the page waits: the answer comes with the notification (an
  // answer given at once would still say "awaiting").
  const waiting = fetch(`${shop.url}/order-status?${new URLSearchParams({ id: checkoutId, seen: 'awaiting notification' })}`).then(async (res) => ({
    status: res.status,
    cache: res.headers.get('cache-control'),
    body: await res.json(),
  }));
  for (let round = 0; round < 10; round++) {
    if ((await relay.ctx.jobs.runDue()).claimed === 0) break;
    relay.clock.advance(1_000);
  }
  expect(await waiting).toEqual({ status: 200, cache: 'no-store', body: { status: 'success', text: 'paid', mayChange: false } });
  // A final status is answered at once, whatever the page says it shows.
  const final = await (await fetch(`${shop.url}/order-status?${new URLSearchParams({ id: checkoutId, seen: 'success' })}`)).json();
  expect(final).toMatchObject({ status: 'success' });
  expect((await fetch(`${shop.url}/order-status?id=unknown`)).status).toBe(404);
});

it('refuses a notification that does not decrypt with the merchant secret, and changes no order', async () => {
  const started = await fetch(`${shop.url}/checkout`, { method: 'POST', redirect: 'manual' });
  const checkoutId = new URL(started.headers.get('location') ?? '', shop.url).searchParams.get('checkoutId') ?? '';
  const paid = await pay(checkoutId);
  expect(paid.statusCode).toBe(200);
  // The order's own id, as a forger who saw the payment would know it.
  const read = await relay.get(`/v1/checkouts/${encodeURIComponent(checkoutId)}/payment?entityId=${relay.merchant.entityId}`);
  const orderId = read.json().merchantTransactionId as string;
  expect(orderId).toMatch(/^[0-9a-f]{32}$/);
  const forged = encryptNotification('A'.repeat(64), JSON.stringify({ type: 'PAYMENT', payload: { merchantTransactionId: orderId, result: { code: '000.100.110' } } }));
  const res = await fetch(`${shop.url}/webhooks`, { method: 'POST', headers: { [IV_HEADER]: forged.iv, [TAG_HEADER]: forged.tag, 'content-type': 'text/plain' }, body: forged.body });
  expect(res.status).toBe(400);
  expect(await orderStatus(checkoutId)).toBe('awaiting the payment notification');
});
