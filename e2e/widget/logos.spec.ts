// style: 'logos': the form opens on its card brands' logos alone; choosing one picks that brand
// and shows the form, the card number's frame focused; the payment is made with that brand. (axe
// over the logos and the opened form: accessibility.spec.ts, on the gallery's logos page.)

import { expect, futureExpiry, test, testCards } from '../fixtures.js';

test('logos first; choosing MASTER opens the form on that brand and pays with it', async ({ merchantPage, page, relay }) => {
  const shop = await merchantPage.open('basic', { options: "window.wpwlOptions = { style: 'logos' };", brands: 'VISA MASTER AMEX' });
  const form = shop.cardForm();
  const logos = page.locator('.wpwl-group-logos');
  await expect(logos).toBeVisible();
  await expect(logos).toHaveAttribute('role', 'group');
  await expect(logos.getByRole('button')).toHaveCount(3);
  // Before a choice only the logos show; the card frames load meanwhile.
  for (const field of ['brand', 'cardNumber', 'expiry', 'cardHolder', 'cvv', 'submit'] as const) {
    await expect(page.locator(`.wpwl-form-card .wpwl-group-${field}`)).toBeHidden();
  }

  const master = logos.getByRole('button', { name: 'Mastercard' });
  await expect(master).toHaveAttribute('aria-pressed', 'false');
  await master.click();
  await expect(master).toHaveAttribute('aria-pressed', 'true');
  await expect(logos.getByRole('button', { name: 'Visa' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('.wpwl-form-card .wpwl-group-cardNumber')).toBeVisible();
  await expect(form.brandSelect).toHaveValue('MASTER');
  // The card number's frame has the focus: the shopper types at once.
  await expect(page.locator('iframe.wpwl-control-cardNumber')).toBeFocused();

  await form.waitUntilReady();
  await form.fill({ number: testCards.master, expiry: futureExpiry(), cvv: '123', holder: 'Jane Doe' });
  await form.pay();
  const { id } = await shop.waitForResult();
  const status = await relay.paymentStatus(id);
  expect(status.result.code).toMatch(/^000\.(000|100\.1)/);
  expect(status.paymentBrand).toBe('MASTER');
  expect(shop.errors).toEqual([]);
});

test('the logos follow the brand detected from the digits once the form is open', async ({ merchantPage, page }) => {
  const shop = await merchantPage.open('basic', { options: "window.wpwlOptions = { style: 'logos' };", brands: 'VISA MASTER AMEX' });
  const form = shop.cardForm();
  const logos = page.locator('.wpwl-group-logos');
  await logos.getByRole('button', { name: 'Visa' }).click();
  await form.waitUntilReady();
  await form.fillCardNumber(testCards.amex);
  await expect(logos.getByRole('button', { name: 'American Express' })).toHaveAttribute('aria-pressed', 'true');
  await expect(logos.getByRole('button', { name: 'Visa' })).toHaveAttribute('aria-pressed', 'false');
});
