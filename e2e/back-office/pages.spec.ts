// Every page of the back office renders for the owner with what the relay holds, axe finds no
// violation on it at desktop width or at 375 px, and nothing scrolls sideways at 375 px.
// With BACKOFFICE_SHOTS_DIR set, each page is also saved as a screenshot at both widths.

import { expect, test, type BackOffice } from './back-office.js';

// axe walks each page twice; slow on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

/** axe at desktop width and at 375 px, a screenshot of each, and no sideways scroll at 375 px. */
async function checkPage(backOffice: BackOffice, name: string, ready: () => Promise<void>): Promise<void> {
  const { page } = backOffice;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await ready();
    expect(await backOffice.axeViolations(), `${name} at ${width} px`).toEqual([]);
    expect(await backOffice.scrollsSideways(), `${name} scrolls sideways at ${width} px`).toBe(false);
    await backOffice.screenshot(name);
  }
}

test('sign-in page', async ({ page, backOffice }) => {
  await page.goto(backOffice.url);
  await checkPage(backOffice, 'sign-in', () => expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible());
});

test('payments list, with its filters open', async ({ page, backOffice }) => {
  await backOffice.payWithCard('24.90', 'ORD-LIST-1');
  await backOffice.signInAsOwner('/payments');
  await page.getByText('Filters', { exact: true }).click();
  await checkPage(backOffice, 'payments', async () => {
    await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'ORD-LIST-1' })).toBeVisible();
  });
});

test('payment detail', async ({ page, backOffice }) => {
  const id = await backOffice.payWithCard('31.00', 'ORD-DETAIL-1');
  await backOffice.signInAsOwner(`/payments/${id}`);
  await checkPage(backOffice, 'payment', async () => {
    await expect(page.getByRole('heading', { name: 'Timeline' })).toBeVisible();
    await expect(page.getByText('ORD-DETAIL-1')).toBeVisible();
  });
});

test('refund confirmation dialog', async ({ page, backOffice }) => {
  const id = await backOffice.payWithCard('18.00');
  await backOffice.signInAsOwner(`/payments/${id}`);
  await page.getByRole('button', { name: /^Refund/ }).click();
  await checkPage(backOffice, 'refund-dialog', () => expect(page.getByRole('dialog', { name: 'Refund payment' })).toBeVisible());
});

test('audit log', async ({ page, backOffice }) => {
  await backOffice.signInAsOwner('/audit');
  await checkPage(backOffice, 'audit', async () => {
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    // Signing in is itself written to the log.
    await expect(page.getByRole('table')).toBeVisible();
  });
});

test('credentials', async ({ page, backOffice }) => {
  await backOffice.signInAsOwner('/credentials');
  await checkPage(backOffice, 'credentials', async () => {
    await expect(page.getByText(backOffice.relay.credentials.entityId)).toBeVisible();
  });
});

test('people', async ({ page, backOffice }) => {
  await backOffice.signInAsOwner('/people');
  await checkPage(backOffice, 'people', async () => {
    await expect(page.getByRole('cell', { name: new RegExp(backOffice.signIn.email) })).toBeVisible();
  });
});

test('account', async ({ page, backOffice }) => {
  await backOffice.signInAsOwner('/account');
  await checkPage(backOffice, 'account', () => expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible());
});

test('settings', async ({ page, backOffice }) => {
  await backOffice.signInAsOwner('/settings');
  await checkPage(backOffice, 'settings', () => expect(page.getByRole('checkbox', { name: /two-factor/ })).toBeVisible());
});
