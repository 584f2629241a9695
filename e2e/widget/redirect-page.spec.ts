// wpwl.checkout.config.customRedirectPageConfig, as shop pages fill it in onReady: the 3-D Secure
// page the shopper is sent to wears its colours; a value that is not a plain colour is dropped.

import { answerThreeDSecure, expect, futureExpiry, test, testCards } from '../fixtures.js';

test('the 3-D Secure page wears the colours a page sets in onReady; what is not a colour is dropped', async ({ merchantPage, relay }) => {
  const shop = await merchantPage.open('basic', {
    options: () =>
      Object.assign(window, {
        wpwlOptions: {
          onReady: () => {
            const config = (window as unknown as { wpwl: { checkout: { config: { customRedirectPageConfig: Record<string, string> } } } }).wpwl.checkout.config;
            config.customRedirectPageConfig.backgroundColor = 'rgb(10, 20, 30)';
            config.customRedirectPageConfig.messageFontColor = '#fafafa';
            config.customRedirectPageConfig.hyperlinkFontColor = 'red;}body{display:none';
          },
        },
      }),
  });
  const form = shop.cardForm();
  await form.waitUntilReady();
  await form.fill({ number: testCards.visa3ds, expiry: futureExpiry(), cvv: '123' });
  await form.pay();
  const target = form.container.locator('iframe.wpwl-target');
  await expect(target).toBeVisible();
  const page = target.contentFrame();
  await expect(page.locator('h1')).toHaveCSS('color', 'rgb(250, 250, 250)');
  await expect(page.locator('main')).toHaveCSS('background-color', 'rgb(10, 20, 30)');
  // The hostile value went nowhere: the page is drawn.
  await expect(page.locator('body')).toBeVisible();
  const colors = page.locator('link[href*="colors.css"]');
  await expect(colors).toHaveAttribute('href', /backgroundColor=.*messageFontColor=/);
  await expect(colors).not.toHaveAttribute('href', /hyperlinkFontColor/);
  await answerThreeDSecure(page);
  const { id } = await shop.waitForResult();
  expect((await relay.paymentStatus(id)).result.code).toMatch(/^000\./);
  expect(shop.errors).toEqual([]);
});

test('customRedirectPageConfig is there for onReady to fill, and a page that sets nothing gets the plain page', async ({ merchantPage }) => {
  const shop = await merchantPage.open('basic', {
    options: () =>
      Object.assign(window, {
        wpwlOptions: {
          onReady: () => {
            (window as unknown as { seen: unknown }).seen = (window as unknown as { wpwl: { checkout: { config: Record<string, unknown> } } }).wpwl.checkout.config.customRedirectPageConfig;
          },
        },
      }),
  });
  const form = shop.cardForm();
  await form.waitUntilReady();
  expect(await form.container.page().evaluate(() => (window as unknown as { seen: unknown }).seen)).toEqual({});
  await form.fill({ number: testCards.visa3ds, expiry: futureExpiry(), cvv: '123' });
  await form.pay();
  const target = form.container.locator('iframe.wpwl-target');
  await expect(target.contentFrame().locator('h1')).toBeVisible();
  expect(await target.getAttribute('src')).not.toContain('redirectPage');
});
