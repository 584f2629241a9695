// The whole widget flow behind a TLS-terminating proxy, as every production relay runs: the
// relay's public origin is https://localhost:<proxy port> (PUBLIC_URL), the relay itself speaks
// http to the proxy and believes its X-Forwarded-* headers (TRUST_PROXY). The shopper pays with
// the loader, the card frames and their submit all on the https origin, and lands on the result
// page. The merchant's own server talks to the relay directly.

import { CHROMIUM_ARGS, findChromium } from '../support/chromium.mjs';
import { RELAY_START_TIMEOUT_MS, startRelay } from '../support/relay-process.js';
import { startTlsProxy } from '../support/tls-proxy.js';
import { expect, futureExpiry, relayFixture, test as base, testCards, type Relay } from '../fixtures.js';

const test = base.extend<object, { relay: Relay }>({
  relay: [
    async ({}, use, workerInfo) => {
      const proxy = await startTlsProxy();
      const child = await startRelay({
        logDir: workerInfo.project.outputDir,
        name: `relay-behind-proxy-${workerInfo.workerIndex}`,
        env: { PUBLIC_URL: proxy.url, TRUST_PROXY: '127.0.0.1' },
      });
      proxy.forwardTo(child.url.replace('localhost', '127.0.0.1'));
      try {
        // What the browser sees: the proxy's https origin.
        await use(relayFixture(child, proxy.url));
      } finally {
        await child.stop();
        await proxy.close();
      }
    },
    { scope: 'worker', timeout: RELAY_START_TIMEOUT_MS + 30_000 },
  ],
});

// The proxy's certificate is self-signed, made for this test.
const executablePath = findChromium()?.path;
test.use({
  ignoreHTTPSErrors: true,
  launchOptions: { ...(executablePath ? { executablePath } : {}), args: [...CHROMIUM_ARGS, '--ignore-certificate-errors'] },
});

test('a widget payment through a TLS proxy lands on the result page', async ({ merchantPage, relay }) => {
  const shop = await merchantPage.open('basic');
  const form = shop.cardForm();
  await form.waitUntilReady();
  // The card frames are on the public https origin, through the proxy.
  expect(shop.page.frames().filter((f) => f.url().startsWith(`${relay.url}/v1/checkouts/`))).toHaveLength(2);
  await form.fill({ number: testCards.visa, expiry: futureExpiry(), cvv: '123' });
  await form.pay();
  const { id, resourcePath } = await shop.waitForResult();
  expect(id).toBe(shop.checkoutId);
  expect(resourcePath).toBe(`/v1/checkouts/${id}/payment`);
  const status = await relay.paymentStatus(id);
  expect(status.result.code).toBe('000.100.110');
  expect(shop.errors).toEqual([]);
});
