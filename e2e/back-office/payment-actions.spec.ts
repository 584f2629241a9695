// A payment's actions through the back office's pages: each confirmed in a dialog that states the
// amount, done once however often it is confirmed, refused with the API's reason, and shown in the
// payment's timeline.

import type { Page } from '@playwright/test';
import { expect, test, type BackOffice } from './back-office.js';

/** A payment of the test card; `PA` leaves it to capture or reverse. */
function payment(backOffice: BackOffice, amount: string, paymentType: 'DB' | 'PA'): Promise<string> {
  return backOffice.payWithCard(amount, `ORD-ACT-${Date.now()}`, paymentType);
}

function timeline(page: Page) {
  return page.getByRole('region', { name: 'Timeline' });
}

test('captures part of an authorization, the amount stated before it is sent', async ({ page, backOffice }) => {
  const id = await payment(backOffice, '20.00', 'PA');
  await backOffice.signInAsOwner(`/payments/${id}`);
  await page.getByRole('button', { name: /^Capture/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Capture payment' });
  await expect(dialog.getByLabel(/Amount/)).toHaveValue('20.00');
  await dialog.getByLabel(/Amount/).fill('12.00');
  await expect(dialog.getByText(/€12\.00 will be taken/)).toBeVisible();
  await dialog.getByRole('button', { name: /^Capture €12\.00/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Captured €12.00.' })).toBeVisible();
  await expect(timeline(page).getByText('Capture', { exact: true })).toBeVisible();
});

test('a refund confirmed twice in a row is made once', async ({ page, backOffice }) => {
  const id = await payment(backOffice, '30.00', 'DB');
  await backOffice.signInAsOwner(`/payments/${id}`);
  await page.getByRole('button', { name: /^Refund/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  await dialog.getByLabel(/Amount/).fill('10.00');
  const confirm = dialog.getByRole('button', { name: /^Refund €10\.00/ });
  // Two presses as fast as a double click: the second finds the button waiting, or the same key.
  await confirm.dblclick();
  await expect(page.getByRole('status').filter({ hasText: 'Refunded €10.00.' })).toBeVisible();
  await expect(timeline(page).getByText('Refund', { exact: true })).toHaveCount(1);
  // What is left to refund is what the next dialog offers.
  await page.getByRole('button', { name: /^Refund/ }).click();
  await expect(page.getByRole('dialog', { name: 'Refund payment' }).getByLabel(/Amount/)).toHaveValue('20.00');
});

test("more than is left to refund is refused in the dialog with the API's reason", async ({ page, backOffice }) => {
  const id = await payment(backOffice, '15.00', 'DB');
  await backOffice.signInAsOwner(`/payments/${id}`);
  await page.getByRole('button', { name: /^Refund/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  await dialog.getByLabel(/Amount/).fill('99.00');
  await dialog.getByRole('button', { name: /^Refund €99\.00/ }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(dialog.getByRole('alert')).not.toBeEmpty();
  // Nothing was refunded, and the dialog stays for another amount or Cancel.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(timeline(page).getByText('Refund', { exact: true })).toHaveCount(0);
});

test('reverses an authorization', async ({ page, backOffice }) => {
  const id = await payment(backOffice, '40.00', 'PA');
  await backOffice.signInAsOwner(`/payments/${id}`);
  await page.getByRole('button', { name: 'Reverse' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reverse payment' });
  await expect(dialog.getByText(/authorization of €40\.00 will be released/)).toBeVisible();
  await dialog.getByRole('button', { name: /^Reverse €40\.00/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reversed €40.00.' })).toBeVisible();
  await expect(timeline(page).getByText('Reversal', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Capture/ })).toHaveCount(0);
});
