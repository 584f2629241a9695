// A person invited by the operator (`relay user invite`) opens the link, is told what is wrong
// with a weak password, chooses a good one and lands in the back office with their role.

import { merchantOf, relayCli } from '../support/relay-store.js';
import { expect, test } from './back-office.js';

test('accepts an invitation: the password policy speaks, then the person is signed in', async ({ page, backOffice, relay }) => {
  const email = `new.${Date.now()}@northwind.example`;
  const invited = (await relayCli(relay.dataDir, 'user', 'invite', '--merchant', merchantOf(relay.dataDir, relay.credentials.entityId), '--email', email, '--role', 'support')) as { inviteUrl: string };
  // The CLI's link points at its own BACKOFFICE_PUBLIC_URL; the token is what matters.
  const token = new URL(invited.inviteUrl).pathname.split('/').pop()!;

  await page.goto(`${backOffice.url}/invitations/${token}`);
  await expect(page.getByText(email)).toBeVisible();
  expect(await backOffice.axeViolations()).toEqual([]);
  await backOffice.screenshot('invitation');

  await page.getByLabel('Password', { exact: true }).fill('password1234');
  await page.getByLabel('Password again').fill('password1234');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  // The policy's own words, at the field.
  await expect(page.locator('.field-error')).toBeVisible();

  const strong = 'quiet harbour lantern 42 maple';
  await page.getByLabel('Password', { exact: true }).fill(strong);
  await page.getByLabel('Password again').fill(strong);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  // Support reads payments; it has no credentials, people or audit pages.
  await expect(nav.getByRole('link', { name: 'Payments' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Credentials' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'People' })).toHaveCount(0);
});
