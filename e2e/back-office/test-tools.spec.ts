// The test tools in a real browser against the real relay (test environment): a channel's clock
// moved by an hour with what it ran, a card payment charged back and the chargeback reversed from
// the payment page (the reversal by keyboard alone), a voucher slip found by its id and paid, a
// redirect payment approved as its shopper would, axe on each page, and both pages at 375 px.

import type { Locator, Page } from '@playwright/test';
import { expect, test, type BackOffice } from './back-office.js';

/** Presses Tab until `target` has focus (at most `limit` times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${target} never got focus after ${limit} Tabs`);
}

/** A payment the merchant API answers pending with a redirect (a slip, an online transfer); its id. */
async function pendingPayment(backOffice: BackOffice, form: Record<string, string>): Promise<string> {
  const made = await backOffice.relay.request('POST', '/v1/payments', { entityId: backOffice.relay.credentials.entityId, shopperResultUrl: 'https://shop.example/result', ...form });
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  expect(made.json.redirect).toBeTruthy();
  return String(made.json.id);
}

const slip = (backOffice: BackOffice) => pendingPayment(backOffice, { amount: '150.00', currency: 'MXN', paymentType: 'PA', paymentBrand: 'OXXO', 'billing.country': 'MX', merchantTransactionId: `ORD-SLIP-${Date.now()}`, testMode: 'EXTERNAL' });
const transfer = (backOffice: BackOffice) => pendingPayment(backOffice, { amount: '25.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'SOFORTUEBERWEISUNG', merchantTransactionId: `ORD-TRANSFER-${Date.now()}` });

const panel = (page: Page) => page.getByRole('region', { name: 'Test tools' });
const timeline = (page: Page) => page.getByRole('region', { name: 'Timeline' });

test('moves a channel’s clock by an hour and shows what ran', async ({ page, backOffice }) => {
  // A transfer its shopper never finishes: it expires on the way (REDIRECT_EXPIRY_MINUTES, 30 by default).
  const abandoned = await transfer(backOffice);
  await backOffice.signInAsOwner('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Test tools' }).click();
  await expect(page.getByRole('heading', { name: 'Test tools', level: 1 })).toBeVisible();
  await expect(page.getByText('Test environment.')).toBeVisible();
  const clock = page.getByRole('region').filter({ has: page.getByRole('heading', { level: 2 }) }).filter({ hasText: backOffice.relay.credentials.entityId });
  await expect(clock.getByText('Relay time')).toBeVisible();
  expect(await backOffice.axeViolations()).toEqual([]);

  await clock.getByRole('button', { name: /^\+1 hour/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Move the test clock' });
  await expect(dialog.getByText(/cannot be moved back/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Move clock' }).click();
  await expect(dialog).toBeHidden();
  // An hour from when the button was pressed, not from when the page was read.
  const movedTo = (await backOffice.relay.request('GET', '/v1/test/clock', { entityId: backOffice.relay.credentials.entityId })).json.time as string;
  expect(Date.parse(movedTo.replace(' ', 'T').replace('+0000', 'Z')) - Date.now()).toBeGreaterThan(59 * 60_000);
  const ran = clock.getByRole('region', { name: /^What ran on/ });
  await expect(ran.getByRole('listitem').filter({ hasText: /redirect payments? expired/ })).toBeVisible();
  await expect(clock.getByText('Moved ahead')).toBeVisible();
  expect(await backOffice.axeViolations()).toEqual([]);
  await backOffice.screenshot('test-tools');

  const expired = await backOffice.relay.request('GET', `/v1/payments/${abandoned}`, { entityId: backOffice.relay.credentials.entityId });
  expect((expired.json.result as { code: string }).code).toBe('100.396.103');
});

test('charges a card payment back and reverses the chargeback from the payment page', async ({ page, backOffice }) => {
  const id = await backOffice.payWithCard('24.90', `ORD-CB-${Date.now()}`);
  await backOffice.signInAsOwner(`/payments/${id}`);
  await expect(panel(page).getByText('Test environment')).toBeVisible();
  expect(await backOffice.axeViolations()).toEqual([]);

  await panel(page).getByRole('button', { name: /^Charge back/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Simulate a chargeback' });
  await expect(dialog.getByLabel(/Amount/)).toHaveValue('24.90');
  await dialog.getByLabel(/Amount/).fill('10.00');
  await expect(dialog.getByLabel('Reason')).toHaveValue('000.100.220');
  expect(await backOffice.axeViolations()).toEqual([]);
  await dialog.getByRole('button', { name: /^Charge back .*10\.00/ }).click();
  await expect(panel(page).getByRole('status')).toContainText(/Charged back .*10\.00 \(Fraudulent Transaction\)/);
  await expect(timeline(page).getByText('Chargeback', { exact: true })).toBeVisible();
  await backOffice.screenshot('test-tools-payment');

  // The reversal with the keyboard alone: Tab to the button, Enter, Tab to the confirmation, Space.
  const reverse = panel(page).getByRole('button', { name: /^Reverse chargeback/ });
  await tabTo(page, reverse);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Reverse the chargeback' });
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole('button', { name: /^Reverse chargeback of/ }));
  await page.keyboard.press('Space');
  await expect(panel(page).getByRole('status')).toContainText(/chargeback of .*10\.00 is reversed/);
  await expect(timeline(page).getByText('Chargeback reversal', { exact: true })).toBeVisible();
  await expect(panel(page).getByRole('button', { name: /^Reverse chargeback/ })).toHaveCount(0);
});

test('finds a voucher slip by its id and pays it', async ({ page, backOffice }) => {
  const id = await slip(backOffice);
  await backOffice.signInAsOwner('/test-tools');
  await page.getByLabel('Payment id').fill(id);
  await page.getByRole('button', { name: 'Find payment' }).click();
  await panel(page).getByRole('button', { name: 'Pay slip' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay the voucher slip' });
  await expect(dialog.getByText(/paid now, as if the customer paid it at the store/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Pay slip' }).click();
  await expect(panel(page).getByRole('status')).toHaveText('The slip is paid.');
  // Paid, the slip is a payment like any other: no more slip buttons, and it could be charged back.
  const found = page.getByRole('region', { name: 'A payment' });
  await expect(found.getByText('Success', { exact: true })).toBeVisible();
  await expect(panel(page).getByRole('button', { name: /slip$/ })).toHaveCount(0);
  await expect(panel(page).getByRole('button', { name: /^Charge back/ })).toBeVisible();
  await page.goto(`${backOffice.url}/payments/${id}`);
  await expect(timeline(page).getByText('Slip confirmed', { exact: true })).toBeVisible();
});

test('approves a redirect payment as its shopper would', async ({ page, backOffice }) => {
  const id = await transfer(backOffice);
  await backOffice.signInAsOwner(`/payments/${id}`);
  await expect(panel(page).getByRole('button', { name: 'Cancel payment' })).toBeVisible();
  await panel(page).getByRole('button', { name: 'Approve payment' }).click();
  await page.getByRole('dialog', { name: 'Approve as the shopper' }).getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByRole('region', { name: 'Summary' }).getByText('Success', { exact: true })).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Approve payment' })).toHaveCount(0);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the clocks and the payment page’s panel fit, and their actions are on the page', async ({ page, backOffice }) => {
    await backOffice.signInAsOwner('/test-tools');
    await expect(page.getByRole('button', { name: /^\+1 day/ }).first()).toBeVisible();
    expect(await backOffice.scrollsSideways()).toBe(false);
    expect(await backOffice.axeViolations()).toEqual([]);
    await backOffice.screenshot('test-tools');
    const id = await backOffice.payWithCard('5.00', `ORD-CB-SMALL-${Date.now()}`);
    await page.goto(`${backOffice.url}/payments/${id}`);
    await panel(page).getByRole('button', { name: /^Charge back/ }).scrollIntoViewIfNeeded();
    expect(await backOffice.scrollsSideways()).toBe(false);
    await panel(page).getByRole('button', { name: /^Charge back/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Simulate a chargeback' });
    await expect(dialog.getByRole('button', { name: /^Charge back/ })).toBeInViewport();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport();
  });
});
