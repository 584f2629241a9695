// paymentTarget names the window of the whole payment, not only of 3-D Secure: the result page (with
// id and resourcePath) loads in the window of that name, for a payment without 3-D Secure, after a
// challenge, and for the forms that are not cards. A named iframe of the merchant page, and `_top`
// from a payment page inside a frame of the shop's page.

import type { FrameLocator, Page } from '@playwright/test';
import { answerThreeDSecure, expect, futureExpiry, test, testCards, type MerchantPage } from '../fixtures.js';

/** A window name pages use for this (a shop plugin's frame; `_top` in it is no keyword). */
const FRAME = 'no16_top';
const namedFrame = `<iframe name="${FRAME}" title="Payment result" style="width:600px;height:400px"></iframe>`;

/** Waits until the frame named FRAME shows the merchant's result page, and returns its URL. */
async function resultInFrame(page: Page, shop: MerchantPage): Promise<URL> {
  let url: URL | undefined;
  await expect
    .poll(() => {
      const frame = page.frame({ name: FRAME });
      url = frame ? new URL(frame.url(), 'about:blank') : undefined;
      return url && url.origin === shop.merchantOrigin ? url.pathname : '';
    })
    .toBe('/result');
  await expect(page.frameLocator(`iframe[name="${FRAME}"]`).getByRole('heading', { name: 'Merchant result page' })).toBeVisible();
  return url!;
}

function expectPaymentResult(url: URL, checkoutId: string): void {
  expect(url.searchParams.get('id')).toBe(checkoutId);
  expect(url.searchParams.get('resourcePath')).toBe(`/v1/checkouts/${checkoutId}/payment`);
}

async function payByCard(shop: MerchantPage, number: string): Promise<void> {
  const form = shop.cardForm();
  await form.waitUntilReady();
  await form.fill({ number, expiry: futureExpiry(), cvv: '123' });
  await form.pay();
}

test('paymentTarget names an iframe of the page: the result of a payment without 3-D Secure loads there, and the page stays', async ({ merchantPage, page, relay }) => {
  const shop = await merchantPage.open('basic', { body: namedFrame, options: () => Object.assign(window, { wpwlOptions: { paymentTarget: 'no16_top' } }) });
  await payByCard(shop, testCards.visa);
  expectPaymentResult(await resultInFrame(page, shop), shop.checkoutId);
  expect(page.url()).toBe(shop.url);
  expect((await relay.paymentStatus(shop.checkoutId)).result.code).toMatch(/^000\.100\.1/);
});

test('paymentTarget names an iframe of the page: 3-D Secure and then the result load there', async ({ merchantPage, page, relay }) => {
  const shop = await merchantPage.open('basic', { body: namedFrame, options: () => Object.assign(window, { wpwlOptions: { paymentTarget: 'no16_top' } }) });
  await payByCard(shop, testCards.visa3ds);
  const frame = page.frameLocator(`iframe[name="${FRAME}"]`);
  await answerThreeDSecure(frame);
  expectPaymentResult(await resultInFrame(page, shop), shop.checkoutId);
  expect(page.url()).toBe(shop.url);
  await expect(shop.cardForm().container.locator('iframe.wpwl-target')).toHaveCount(0);
  expect((await relay.paymentStatus(shop.checkoutId)).result.code).toMatch(/^000\./);
});

test('paymentTarget names an iframe of the page: a direct debit form lands there too', async ({ merchantPage, page, relay }) => {
  const shop = await merchantPage.open('two-forms', {
    brands: 'VISA',
    values: { secondBrands: 'DIRECTDEBIT_SEPA' },
    body: namedFrame,
    options: () => Object.assign(window, { wpwlOptions: { paymentTarget: 'no16_top' } }),
  });
  await shop.cardForm().waitUntilReady();
  const sepa = page.locator('form.wpwl-form-directDebit');
  await sepa.locator('input[name="bankAccount.holder"]').fill('Jane Jones');
  await sepa.locator('input[name="bankAccount.iban"]').fill('DE23100000001234567890');
  await sepa.locator('input[name="bankAccount.bic"]').fill('MARKDEF1100');
  await sepa.locator('button.wpwl-button-pay').click();
  expectPaymentResult(await resultInFrame(page, shop), shop.checkoutId);
  expect(page.url()).toBe(shop.url);
  expect((await relay.paymentStatus(shop.checkoutId)).paymentBrand).toBe('DIRECTDEBIT_SEPA');
});

/** The shop's page with the payment page in an iframe of its own. */
async function openInShopFrame(page: Page, shop: MerchantPage): Promise<FrameLocator> {
  const shopUrl = `${shop.merchantOrigin}/shop/checkout`;
  await page.route(shopUrl, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Shop</title></head><body><h1>Shop checkout</h1>
<iframe name="plugin" title="Payment" src="${shop.url}" style="width:600px;height:700px"></iframe></body></html>`,
    }),
  );
  await page.goto(shopUrl);
  return page.frameLocator('iframe[name=plugin]');
}

async function payInFrame(plugin: FrameLocator, number: string): Promise<void> {
  const card = plugin.locator('div.wpwl-container-card');
  const numberBox = card.locator('iframe.wpwl-control-cardNumber').contentFrame().getByRole('textbox');
  const cvv = card.locator('iframe.wpwl-control-cvv').contentFrame().getByRole('textbox');
  await expect(numberBox).toBeEditable({ timeout: 15_000 });
  await expect(cvv).toBeEditable({ timeout: 15_000 });
  await numberBox.fill(number);
  await card.locator('.wpwl-control-expiry').fill(futureExpiry());
  await cvv.fill('123');
  await card.locator('button.wpwl-button-pay').click();
}

test('paymentTarget _top from a payment page inside a frame: the result of a payment without 3-D Secure takes the whole tab', async ({ merchantPage, page, relay }) => {
  // The payment page loads twice: once on its own, then in the shop's frame.
  test.slow();
  const shop = await merchantPage.open('basic', { options: () => Object.assign(window, { wpwlOptions: { paymentTarget: '_top' } }) });
  await payInFrame(await openInShopFrame(page, shop), testCards.master);
  const { id, resourcePath } = await shop.waitForResult();
  expect(id).toBe(shop.checkoutId);
  expect(resourcePath).toBe(`/v1/checkouts/${id}/payment`);
  expect((await relay.paymentStatus(id)).paymentBrand).toBe('MASTER');
});

test('paymentTarget _top from a payment page inside a frame: 3-D Secure and then the result take the whole tab', async ({ merchantPage, page, relay }) => {
  test.slow();
  const shop = await merchantPage.open('basic', { options: () => Object.assign(window, { wpwlOptions: { paymentTarget: '_top' } }) });
  await payInFrame(await openInShopFrame(page, shop), testCards.master3ds);
  await page.waitForURL((url) => url.origin === relay.url && url.pathname.startsWith('/v1/threeDSecure/'));
  await answerThreeDSecure(page);
  const { id, resourcePath } = await shop.waitForResult();
  expect(id).toBe(shop.checkoutId);
  expect(resourcePath).toBe(`/v1/checkouts/${id}/payment`);
  expect((await relay.paymentStatus(id)).result.code).toMatch(/^000\./);
});
