// The demo shop with an online transfer, as a shopper: product page -> Checkout -> the transfer's
// form in the widget -> the bank's page (the simulator's, on the relay) -> approve or cancel ->
// back at the shop's result page with resourcePath, read server-side.

import { expect, test } from './fixtures.js';

async function payByTransfer(page: import('@playwright/test').Page, demoUrl: string, answer: 'Approve payment' | 'Cancel payment'): Promise<void> {
  await page.goto(demoUrl);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/pay\?checkoutId=/);
  const transfer = page.locator('div.wpwl-container-virtualAccount-SOFORTUEBERWEISUNG form.wpwl-form-virtualAccount-SOFORTUEBERWEISUNG');
  await expect(transfer.locator('.wpwl-brand-SOFORTUEBERWEISUNG')).toHaveCount(1);
  await transfer.locator('button.wpwl-button-pay').click();
  // The bank's page: the relay's simulator shows the amount and the two answers.
  await expect(page).toHaveURL(/\/v1\/redirect\/[A-Za-z0-9]{32}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sofort test payment');
  await expect(page.locator('dd').first()).toHaveText('49.90 EUR');
  await page.getByRole('button', { name: answer }).click();
  await expect(page).toHaveURL(/\/result\?id=[^&]+&resourcePath=/);
}

test('a shopper pays by online transfer: approved at the bank, the shop shows success', async ({ page, demoShop }) => {
  await payByTransfer(page, demoShop.url, 'Approve payment');
  await expect(page.locator('main')).toHaveAttribute('data-outcome', 'success');
  await expect(page.getByTestId('brand')).toHaveText('SOFORTUEBERWEISUNG');
  await expect(page.getByTestId('amount')).toHaveText('€49.90');
  await expect(page.getByTestId('result-code')).toHaveText(/^000\.(000\.|100\.1)/);
  // The order is paid by the webhook of the settled payment.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText(/^paid\b/, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
});

test('a shopper cancels the transfer at the bank: the shop shows it declined, nothing paid', async ({ page, demoShop }) => {
  await payByTransfer(page, demoShop.url, 'Cancel payment');
  await expect(page.locator('main')).toHaveAttribute('data-outcome', 'declined');
  await expect(page.getByTestId('result-code')).toHaveText('100.396.101');
});
