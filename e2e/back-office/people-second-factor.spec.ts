// The merchant's requirement of a second factor and the reset of a lost one, in the browser: an
// owner may not require one before having one; with it on, a person without one is led to set it
// up and then works; an owner resets that person's second factor on People. A merchant made for
// this test, so the shared test merchant's people keep signing in with a password alone.

import type { Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { relayCli } from '../support/relay-store.js';
import { BackOffice, expect, test } from './back-office.js';
import { signInInvitedPerson } from './invited-person.js';

/** Sets up the signed-in person's second factor on their Account page, as they would. */
async function setUpSecondFactor(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/account`);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = (await page.getByRole('region', { name: 'Two-factor sign-in' }).locator('.secret code').first().innerText()).trim();
  await page.getByLabel('Code from the app').fill(new TOTP({ secret }).generate());
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText(/^On: signing in asks for a code/)).toBeVisible();
}

test('an owner requires a second factor of everyone, and resets a lost one', async ({ page, browser, backOffice }) => {
  const made = (await relayCli(backOffice.relay.dataDir, 'merchant', 'create', '--name', `Two factors ${Date.now()}`)) as { merchantId: string };
  await signInInvitedPerson(page, backOffice, 'owner', made.merchantId);

  // Not before the owner has one: they would be locked out of every action.
  await page.goto(`${backOffice.url}/settings`);
  await page.getByLabel('Everyone must use two-factor sign-in').check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('alert')).toContainText('set up your own second factor before you require one of everyone');
  await setUpSecondFactor(page, backOffice.url);
  await page.goto(`${backOffice.url}/settings`);
  await page.getByLabel('Everyone must use two-factor sign-in').check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

  // A viewer without a second factor, in a browser of their own, is led to set one up.
  const context = await browser.newContext();
  const viewer = await context.newPage();
  try {
    const person = await signInInvitedPerson(viewer, backOffice, 'viewer', made.merchantId);
    await viewer.goto(`${backOffice.url}/payments`);
    await expect(viewer.getByText('Your business requires two-factor sign-in.')).toBeVisible();
    expect(await new BackOffice(viewer, backOffice.signIn, backOffice.relay).axeViolations()).toEqual([]);
    expect((await viewer.request.get(`${backOffice.url}/api/payments`)).status()).toBe(403);
    await viewer.getByRole('link', { name: 'Set it up on your Account page' }).click();
    await setUpSecondFactor(viewer, backOffice.url);
    await expect(viewer.getByText('Your business requires it, so it cannot be turned off.')).toBeVisible();
    expect((await viewer.request.get(`${backOffice.url}/api/payments`)).status()).toBe(200);

    // The viewer lost their phone: the owner resets the second factor, confirmed, by keyboard.
    await page.goto(`${backOffice.url}/people`);
    const row = page.getByRole('row').filter({ hasText: person.email });
    await expect(row.getByRole('cell', { name: 'On', exact: true })).toBeVisible();
    await row.getByRole('button', { name: /^Reset two-factor/ }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Reset two-factor' });
    await expect(dialog).toBeVisible();
    expect(await backOffice.axeViolations()).toEqual([]);
    await dialog.getByRole('button', { name: 'Reset two-factor' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${person.email}'s second factor is reset.` })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Off', exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Reset two-factor/ })).toHaveCount(0);
    // The requirement holds: without a second factor again, they must set one up anew before working.
    const refused = await viewer.request.get(`${backOffice.url}/api/payments`);
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe('twoFactorRequired');
    await viewer.goto(`${backOffice.url}/account`);
    await expect(viewer.getByText('Your business requires a second factor: set it up now.')).toBeVisible();
  } finally {
    await context.close();
  }
});
