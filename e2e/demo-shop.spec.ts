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
  // few of the jobs runner's rounds the order shows as paid, on this page without a reload.
  await expect(page.getByTestId('order-status')).toHaveText(/^paid\b/, { timeout: 20_000 });
});

test('the demo pages allow the relay origin in their CSP and nothing else from outside', async ({ page, demoShop, relay }) => {
  const response = await page.goto(demoShop.url);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain(`script-src 'self' ${relay.url}`);
  expect(csp).toContain(`frame-src ${relay.url}`);
  expect(csp).toContain("default-src 'none'");
});

test('a shopper subscribes monthly: the card is stored, the relay schedule charges it as the test clock moves, and cancelling stops it', async ({ page, demoShop, cardForm }) => {
  test.slow();
  await page.goto(demoShop.url);
  await page.getByRole('button', { name: /^Subscribe/ }).click();
  await expect(page).toHaveURL(/\/pay\?checkoutId=/);
  await cardForm.waitUntilReady();
  await cardForm.fill({ number: testCards.visa, expiry: futureExpiry(), cvv: '123', holder: 'Jane Jones' });
  await cardForm.pay();

  // The first payment stored the card; the shop made the schedule and shows it, no charge yet.
  await expect(page).toHaveURL(/\/subscription\?id=/);
  await expect(page.getByTestId('schedule-status')).toHaveText('active');
  await expect(page.getByTestId('charge-count')).toHaveText('0');
  const firstRun = await page.getByTestId('next-run').textContent();

  // A month passes for the merchant's entity: the charge due runs before the relay answers.
  await page.getByRole('button', { name: 'Move the test clock one month ahead' }).click();
  await expect(page.getByTestId('charge-count')).toHaveText('1');
  const charge = page.getByTestId('charge').first();
  await expect(charge).toContainText(firstRun ?? 'no first run');
  await expect(charge).toContainText(/000\.(000\.000|100\.1\d\d)/);
  await expect(page.getByTestId('next-run')).not.toHaveText(firstRun ?? '');

  await page.getByRole('button', { name: 'Move the test clock one month ahead' }).click();
  await expect(page.getByTestId('charge-count')).toHaveText('2');

  // Cancelled: a further month charges nothing.
  await page.getByRole('button', { name: 'Cancel the subscription' }).click();
  await expect(page.getByTestId('schedule-status')).toHaveText('cancelled');
  await page.getByRole('button', { name: 'Move the test clock one month ahead' }).click();
  await expect(page.getByTestId('charge-count')).toHaveText('2');
});
