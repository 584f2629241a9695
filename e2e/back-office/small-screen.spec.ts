// At 375 px (a small phone) the payments list is a list of cards, nothing scrolls sideways, and
// the navigation and a payment's actions are still on the page and work.

import { expect, test } from './back-office.js';

test.use({ viewport: { width: 375, height: 740 } });

test('the list and a payment fit 375 px, and a refund can be started from there', async ({ page, backOffice }) => {
  const order = `ORD-SMALL-${Date.now()}`;
  await backOffice.payWithCard('9.99', order);
  await backOffice.signInAsOwner('/payments');
  const row = page.getByRole('row').filter({ hasText: order });
  await expect(row).toBeVisible();
  expect(await backOffice.scrollsSideways()).toBe(false);
  // Each row is a card: no wider than the screen.
  const box = await row.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  for (const name of ['Payments', 'Credentials', 'People', 'Account']) {
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name })).toBeInViewport();
  }

  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Timeline' })).toBeVisible();
  expect(await backOffice.scrollsSideways()).toBe(false);
  await page.getByRole('button', { name: /^Refund/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  await expect(dialog.getByRole('button', { name: /^Refund .*9\.99/ })).toBeInViewport();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport();
});
