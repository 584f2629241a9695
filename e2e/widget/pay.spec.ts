// The card widget end to end: a merchant page on its own origin, the relay on another, Chromium.
// Paying, declining, locking, 3-D Secure and an unknown checkout.

import { answerThreeDSecure, expect, futureExpiry, test, testCards } from '../fixtures.js';
import { expectErrors, expectMessageInsteadOfForm, recordErrors } from '../support/widget-errors.js';

const SUCCESS = /^000\.(000|100\.1)/;

test('draws the wpwl-* form and pays with VISA', async ({ merchantPage, relay }) => {
  const shop = await merchantPage.open('basic');
  const form = shop.cardForm();
  await form.waitUntilReady();
  for (const field of ['brand', 'cardNumber', 'expiry', 'cardHolder', 'cvv'] as const) {
    await expect(form.control(field)).toHaveCount(1);
  }
  await expect(form.payButton).toHaveText('Pay now');
  await expect(form.brandSelect).toHaveAttribute('name', 'paymentBrand');
  await expect(form.form.locator('input[type=hidden][name="shopperResultUrl"]')).toHaveValue(`${shop.merchantOrigin}/result`);

  await form.fill({ number: testCards.visa, expiry: futureExpiry(), cvv: '123', holder: 'Jane Doe' });
  await expect(form.cardNumberInput).toHaveValue('4200 0000 0000 0000');
  await form.pay();
  const { id, resourcePath } = await shop.waitForResult();
  expect(id).toBe(shop.checkoutId);
  expect(resourcePath).toBe(`/v1/checkouts/${id}/payment`);
  expect((await relay.paymentStatus(id)).result.code).toMatch(SUCCESS);
  expect(shop.errors).toEqual([]);
});

test('a decline shows the message and the same checkout can be paid afterwards', async ({ merchantPage, relay }) => {
  const shop = await merchantPage.open('basic');
  const form = shop.cardForm();
  await form.waitUntilReady();
  await form.fill({ number: testCards.master, expiry: futureExpiry(), cvv: '123', holder: '800.100.152' });
  await form.pay();
  await expect(form.message).toHaveClass(/wpwl-has-error/);
  await expect(form.message).not.toBeEmpty();
  await expect(form.payButton).toBeEnabled();

  await form.fillHolder('Jane Doe');
  await form.pay();
  const { id } = await shop.waitForResult();
  expect((await relay.paymentStatus(id)).result.code).toMatch(SUCCESS);
});

test('after five declines the checkout locks and paying is disabled', async ({ merchantPage }) => {
  const shop = await merchantPage.open('basic');
  const form = shop.cardForm();
  await form.waitUntilReady();
  await form.fill({ number: testCards.visa, expiry: futureExpiry(), cvv: '123', holder: '800.100.152' });
  for (let attempt = 1; attempt <= 5; attempt++) {
    await expect(form.payButton).toBeEnabled();
    const answered = shop.page.waitForResponse((r) => r.url().endsWith('/payment') && r.request().method() === 'POST');
    await form.pay();
    await answered;
  }
  await form.fillHolder('Jane Doe');
  await form.pay();
  await expect(form.payButton).toBeDisabled();
  // The widget's own text for a locked checkout, not the result code's description for integrators.
  await expect(form.message).toHaveText('Too many failed attempts. Please start the checkout again.');
});

test('3-D Secure opens in iframe.wpwl-target and ends on the result URL', async ({ merchantPage, relay }) => {
  const shop = await merchantPage.open('basic', {
    options: () => Object.assign(window, { wpwlOptions: { onLoadThreeDIframe: function (this: HTMLIFrameElement) { this.classList.add('seen-by-merchant'); } } }),
  });
  const form = shop.cardForm();
  await form.waitUntilReady();
  await form.fill({ number: testCards.visa3ds, expiry: futureExpiry(), cvv: '123' });
  await form.pay();
  const target = form.container.locator('iframe.wpwl-target');
  await expect(target).toBeVisible();
  await expect(target).toHaveClass(/seen-by-merchant/);
  await expect(form.form).toBeHidden();
  await answerThreeDSecure(target.contentFrame());
  const { id } = await shop.waitForResult();
  expect((await relay.paymentStatus(id)).result.code).toMatch(/^000\./);
});

test('paymentTarget _top shows 3-D Secure in the whole tab', async ({ merchantPage, relay }) => {
  const shop = await merchantPage.open('basic', { options: () => Object.assign(window, { wpwlOptions: { paymentTarget: '_top' } }) });
  const form = shop.cardForm();
  await form.waitUntilReady();
  await form.fill({ number: testCards.master3ds, expiry: futureExpiry(), cvv: '123' });
  await form.pay();
  await shop.page.waitForURL((url) => url.origin === relay.url && url.pathname.startsWith('/v1/threeDSecure/'));
  await answerThreeDSecure(shop.page);
  await shop.waitForResult();
});

test('an unknown checkout calls onError and shows a message instead of the form', async ({ merchantPage }) => {
  const shop = await merchantPage.open('basic', { checkoutId: '0123456789abcdef0123456789abcdef.uat01-vm-tx04', options: recordErrors });
  await expectErrors(shop.page, [{ name: 'InvalidCheckoutIdError', code: '200.300.404' }]);
  await expectMessageInsteadOfForm(shop.page);
});
