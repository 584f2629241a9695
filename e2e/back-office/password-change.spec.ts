// Changing one's password on the Account page: the page goes on working with the session's new
// CSRF token (signing out is its next request), and afterwards only the new password signs in.

import { expect, test } from './back-office.js';
import { signInInvitedPerson } from './invited-person.js';

test('changes the password; the old one is refused and the new one signs in', async ({ page, backOffice }) => {
  const person = await signInInvitedPerson(page, backOffice, 'finance');
  await page.goto(`${backOffice.url}/account`);
  const newPassword = `amber meadow violin ${Date.now()}`;
  const form = page.getByRole('region', { name: 'Password' });
  await form.getByLabel('Current password').fill(person.password);
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('New password again').fill(newPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('status')).toHaveText('Your password is changed. Your other sessions were signed out.');
  await expect(form.getByLabel('Current password')).toHaveValue('');
  expect(await backOffice.axeViolations()).toEqual([]);

  // A state-changing request right after: it carries the new token, so it is not refused.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
