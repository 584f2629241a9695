// The support refund limit set on the Settings page: saved and still there after a reload, then
// what a support person is offered on a payment, and a refund above it refused with the limit.

import { BackOffice, expect, test } from './back-office.js';
import { signInInvitedPerson } from './invited-person.js';

test('an owner sets the support refund limit, and support may refund up to it only', async ({ page, browser, backOffice }) => {
  await backOffice.signInAsOwner('/settings');
  await page.getByLabel('Most per refund').fill('25.00');
  await page.getByLabel('Currency').fill('EUR');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Most per refund')).toHaveValue('25.00');
  await expect(page.getByLabel('Currency')).toHaveValue('EUR');
  const saved = await page.request.get(`${backOffice.url}/api/settings`);
  expect((await saved.json()).supportRefundLimit).toEqual({ amount: '25.00', currency: 'EUR' });

  const id = await backOffice.payWithCard('40.00', `ORD-LIMIT-${Date.now()}`);
  // The support person in a browser of their own, beside the owner's.
  const context = await browser.newContext();
  const support = await context.newPage();
  try {
    await signInInvitedPerson(support, backOffice, 'support');
    await support.goto(`${backOffice.url}/payments/${id}`);
    await support.getByRole('button', { name: 'Refund up to €25.00' }).click();
    const dialog = support.getByRole('dialog', { name: 'Refund payment' });
    await expect(dialog.getByLabel(/Amount/)).toHaveValue('25.00');
    await expect(dialog.getByText('Up to €25.00.')).toBeVisible();
    await dialog.getByLabel(/Amount/).fill('30.00');
    await dialog.getByRole('button', { name: /^Refund €30\.00/ }).click();
    await expect(dialog.getByRole('alert')).toContainText('the support refund limit is 25.00 EUR');
    expect(await new BackOffice(support, backOffice.signIn, backOffice.relay).axeViolations()).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(support.getByRole('region', { name: 'Timeline' }).getByText('Refund', { exact: true })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
