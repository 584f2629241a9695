// The fixtures themselves: what e2e/widget/** relies on. These need the relay only to start (the
// checkout id is made up), so a failure here is the harness's, not the widget's.

import { expect, strictCsp, test } from './fixtures.js';

const checkoutId = 'F00DF00DF00DF00DF00DF00DF00DF00D.uat01-vm-tx04';

/** The two fields the tests set (the widget may add its own defaults to the object). */
const readOptions = () => {
  const options = (window as unknown as { wpwlOptions?: { style?: string; at?: string } }).wpwlOptions;
  return { style: options?.style, at: options?.at };
};

test('merchant pages are served from a different site than the relay', async ({ merchantPage, relay, page }) => {
  const shop = await merchantPage.open('basic', { checkoutId });
  expect(new URL(shop.url).hostname).toBe('127.0.0.1');
  expect(new URL(relay.url).hostname).toBe('localhost');
  await expect(page.locator('script[src*="paymentWidgets.js"]')).toHaveAttribute(
    'src',
    `${relay.url}/v1/paymentWidgets.js?checkoutId=${checkoutId}`,
  );
  await expect(page.locator('form.paymentWidgets')).toHaveAttribute('data-brands', 'VISA MASTER AMEX');
});

for (const optionsAt of ['before-script', 'after-script', 'dom-ready'] as const) {
  test(`options can be set ${optionsAt}`, async ({ merchantPage, page }) => {
    await merchantPage.open('basic', {
      checkoutId,
      optionsAt,
      options: () => Object.assign(window, { wpwlOptions: { style: 'plain', at: document.readyState } }),
    });
    expect(await page.evaluate(readOptions)).toEqual({ style: 'plain', at: optionsAt === 'dom-ready' ? 'interactive' : 'loading' });
  });
}

test('form and script attributes are added, escaped', async ({ merchantPage, page }) => {
  await merchantPage.open('basic', {
    checkoutId,
    brands: 'AMEX',
    formAttributes: { 'data-note': '"><b>x</b>' },
    scriptAttributes: { crossorigin: 'anonymous' },
  });
  await expect(page.locator('form.paymentWidgets')).toHaveAttribute('data-note', '"><b>x</b>');
  await expect(page.locator('form.paymentWidgets')).toHaveAttribute('data-brands', 'AMEX');
  await expect(page.locator('script[src*="paymentWidgets.js"]')).toHaveAttribute('crossorigin', 'anonymous');
  await expect(page.locator('b')).toHaveCount(0);
});

test('a strict CSP runs the page own nonce scripts and blocks other inline scripts', async ({ merchantPage, page }) => {
  await merchantPage.open('basic', {
    checkoutId,
    csp: strictCsp,
    options: "window.wpwlOptions = { style: 'card' };",
    body: '<script>window.wpwlOptions = { style: "hijacked" };</script>' +
      '<script nonce="{{nonce}}">window.wpwlOptions.at = "nonce";</script>',
  });
  expect(await page.evaluate(readOptions)).toEqual({ style: 'card', at: 'nonce' });
});

test('the result page receives what the widget appends', async ({ merchantServer, page }) => {
  await page.goto(`${merchantServer.url}/result?id=abc&resourcePath=${encodeURIComponent('/v1/checkouts/abc/payment')}`);
  await expect(page.locator('[data-param="resourcePath"]')).toHaveText('/v1/checkouts/abc/payment');
});
