// A support agent refunds a payment with the keyboard alone (Tab, Enter, Space): from the list to
// the payment, to the confirmation, and the refund shows in the payment's timeline.

import type { Locator, Page } from '@playwright/test';
import { expect, test } from './back-office.js';

/** Presses Tab until `target` has focus (at most `limit` times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${target} never got focus after ${limit} Tabs`);
}

test('refunds with the keyboard only, the amount stated before it is sent', async ({ page, backOffice }) => {
  const order = `ORD-KEYS-${Date.now()}`;
  const id = await backOffice.payWithCard('42.50', order);
  await backOffice.signInAsOwner('/payments');

  const row = page.getByRole('row').filter({ hasText: order });
  await tabTo(page, row.getByRole('link'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/payments/${id}$`));

  const refund = page.getByRole('button', { name: /^Refund/ });
  await tabTo(page, refund);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  await expect(dialog).toBeVisible();
  // The whole amount is proposed, and stated in words on the button that sends it.
  await expect(dialog.getByLabel(/Amount/)).toHaveValue('42.50');
  const confirm = dialog.getByRole('button', { name: /^Refund .*42\.50/ });
  await tabTo(page, confirm);
  await page.keyboard.press('Space');

  await expect(page.getByRole('status').filter({ hasText: /Refunded .*42\.50/ })).toBeVisible();
  await expect(dialog).toBeHidden();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('Refund', { exact: true })).toBeVisible();
  // Nothing is left to refund, so the action is no longer offered.
  await expect(page.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
});
