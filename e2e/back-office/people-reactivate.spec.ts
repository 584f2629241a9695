// Reactivating a deactivated person from the People page, after a confirmation: the person is
// active again and signs in with their password. A merchant with one channel is offered no
// choice of channels when inviting.

import { expect, test } from './back-office.js';
import { signInInvitedPerson } from './invited-person.js';

test('reactivates a deactivated person, who then signs in again', async ({ page, browser, backOffice }) => {
  // The person accepts their invitation in a browser of their own.
  const context = await browser.newContext();
  const theirs = await context.newPage();
  const person = await signInInvitedPerson(theirs, backOffice, 'viewer');

  await backOffice.signInAsOwner('/people');
  await expect(page.getByRole('region', { name: 'Invite a person' }).getByRole('group', { name: 'Channels' })).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: person.email });
  await row.getByRole('button', { name: /^Deactivate/ }).click();
  await page.getByRole('dialog', { name: 'Deactivate person' }).getByRole('button', { name: `Deactivate ${person.email}` }).click();
  await expect(row).toContainText('Deactivated');

  await row.getByRole('button', { name: `Reactivate ${person.email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Reactivate person' });
  await expect(dialog).toContainText('can sign in again with their password, as Viewer');
  expect(await backOffice.axeViolations()).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });
  await backOffice.screenshot('people-reactivate');
  await page.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByRole('button', { name: `Reactivate ${person.email}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${person.email} is active again.` })).toBeVisible();
  await expect(row).toContainText('Active');
  await expect(row.getByRole('button', { name: /^Deactivate/ })).toBeVisible();

  const signIn = await theirs.request.post(`${backOffice.url}/api/session`, { data: { email: person.email, password: person.password }, headers: { origin: new URL(backOffice.url).origin } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await theirs.goto(backOffice.url);
  await expect(theirs.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await context.close();
});
