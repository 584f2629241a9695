// A person sets up two-factor sign-in on their Account page (the key as text, a first code from
// the app, the recovery codes shown once), then signs in again through the code step. The person
// is invited for the test, so the owner the other tests sign in as keeps signing in with a password.

import { TOTP } from 'otpauth';
import { merchantOf, relayCli } from '../support/relay-store.js';
import { expect, test } from './back-office.js';

test('sets up a second factor, then signs in with the code step (a recovery code)', async ({ page, backOffice, relay }) => {
  const email = `two.factor.${Date.now()}@northwind.example`;
  const password = 'quiet harbour lantern 42 maple';
  const invited = (await relayCli(relay.dataDir, 'user', 'invite', '--merchant', merchantOf(relay.dataDir, relay.credentials.entityId), '--email', email, '--role', 'viewer')) as { inviteUrl: string };
  await page.goto(`${backOffice.url}/invitations/${new URL(invited.inviteUrl).pathname.split('/').pop()}`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password again').fill(password);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();

  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const key = page.getByRole('region', { name: 'Two-factor sign-in' }).locator('.secret code').first();
  const secret = (await key.innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await expect(page.getByText(/^otpauth:\/\/totp\//)).toBeVisible();
  expect(await backOffice.axeViolations()).toEqual([]);
  await backOffice.screenshot('two-factor-setup');

  await page.getByLabel('Code from the app').fill(new TOTP({ secret }).generate());
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('region', { name: 'Recovery codes' });
  await expect(codes).toBeVisible();
  const recoveryCodes = (await codes.locator('code').innerText()).split('\n').map((c) => c.trim()).filter(Boolean);
  expect(recoveryCodes.length).toBeGreaterThan(0);
  await backOffice.screenshot('two-factor-recovery-codes');
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText(/^On: signing in asks for a code/)).toBeVisible();

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The password was right: the page asks for the code, with the code field focused.
  const code = page.getByLabel('Code');
  await expect(code).toBeFocused();
  expect(await backOffice.axeViolations()).toEqual([]);
  await backOffice.screenshot('sign-in-code');
  // The app's code of this 30 s step was used to confirm and is not taken twice: a recovery code is.
  await code.fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
