// The demo shop end to end, as a shopper: product page -> Checkout -> the widget from the relay
// (a second origin) -> pay with a test card -> the shop's result page, read server-side.

import { expect, futureExpiry, test, testCards } from './fixtures.js';

test('a shopper buys the thermos with a test VISA card and sees the success page', async ({ page, demoShop, cardForm }) => {
  await page.goto(demoShop.url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Summit Thermos, 0.75 l');
  await expect(page.getByTestId('price')).toHaveText('€49.90');

  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/pay\?checkoutId=/);
  await expect(page.getByTestId('total')).toHaveText('€49.90');

  await cardForm.waitUntilReady();
  await cardForm.fill({ number: testCards.visa, expiry: futureExpiry(), cvv: '123', holder: 'Jane Jones' });
  await cardForm.pay();

  await expect(page).toHaveURL(/\/result\?id=[^&]+&resourcePath=/);
  await expect(page.locator('main')).toHaveAttribute('data-outcome', 'success');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you! Your payment went through.');
  await expect(page.getByTestId('amount')).toHaveText('€49.90');
  await expect(page.getByTestId('brand')).toHaveText('VISA');
  await expect(page.getByTestId('card')).toHaveText('•••• 0000');
  await expect(page.getByTestId('result-code')).toHaveText(/^000\.(000\.|100\.1)/);

  // The shop learns the order's fate from the relay's webhook, not from a status read: within a
  // few of the jobs runner's rounds the order shows as paid.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText(/^paid\b/, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
});

test('the demo pages allow the relay origin in their CSP and nothing else from outside', async ({ page, demoShop, relay }) => {
  const response = await page.goto(demoShop.url);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain(`script-src 'self' ${relay.url}`);
  expect(csp).toContain(`frame-src ${relay.url}`);
  expect(csp).toContain("default-src 'none'");
});
