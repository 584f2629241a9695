// The People page: an invitation link for a new person with a role, a role changed, and a person
// deactivated, each confirmed and shown in the list.

import { expect, test } from './back-office.js';

test('invites a person, changes their role and deactivates them', async ({ page, backOffice }) => {
  await backOffice.signInAsOwner('/people');
  const email = `finance.${Date.now()}@northwind.example`;
  const invite = page.getByRole('region', { name: 'Invite a person' });
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByLabel('Role').selectOption('finance');
  await invite.getByRole('button', { name: 'Create invitation link' }).click();
  const link = page.getByRole('region', { name: 'Invitation link' });
  await expect(link.locator('code')).toHaveText(new RegExp(`^${backOffice.url}/invitations/\\S+$`));
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Finance');
  await expect(row).toContainText('Invited');

  await row.getByRole('button', { name: /^Change role/ }).click();
  const roleDialog = page.getByRole('dialog', { name: 'Change role' });
  await roleDialog.getByLabel('New role').selectOption('viewer');
  await roleDialog.getByRole('button', { name: 'Save role' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${email} is now Viewer.` })).toBeVisible();
  await expect(row).toContainText('Viewer');

  await row.getByRole('button', { name: /^Deactivate/ }).click();
  await page.getByRole('dialog', { name: 'Deactivate person' }).getByRole('button', { name: `Deactivate ${email}` }).click();
  await expect(row).toContainText('Deactivated');
  await expect(row.getByRole('button')).toHaveCount(0);
});
