// Changing the channels a person may see, on People: for a merchant with two channels, one
// channel instead of all, then all again (by keyboard), each confirmed and shown in the list.

import { relayCli } from '../support/relay-store.js';
import { expect, test } from './back-office.js';
import { signInInvitedPerson } from './invited-person.js';

test("changes a person's channels, and back to all channels", async ({ page, backOffice }) => {
  const { dataDir } = backOffice.relay;
  const made = (await relayCli(dataDir, 'merchant', 'create', '--name', `Channel people ${Date.now()}`, '--entity-name', 'First shop')) as { merchantId: string; entityId: string };
  const second = (await relayCli(dataDir, 'entity', 'create', '--merchant', made.merchantId, '--name', 'Second shop')) as { entityId: string };
  const email = `support.${Date.now()}@northwind.example`;
  await relayCli(dataDir, 'user', 'invite', '--merchant', made.merchantId, '--email', email, '--role', 'support');
  await signInInvitedPerson(page, backOffice, 'owner', made.merchantId);
  await page.goto(`${backOffice.url}/people`);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).not.toContainText('Channels:');

  await row.getByRole('button', { name: /^Change channels/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Change channels' });
  const all = dialog.getByRole('checkbox', { name: 'All channels, also ones added later' });
  await expect(all).toBeChecked();
  await all.uncheck();
  // No channel at all is no access: the dialog says so and sends nothing.
  await dialog.getByRole('button', { name: 'Save channels' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Tick at least one channel, or all channels.');
  await dialog.getByRole('checkbox', { name: 'Second shop' }).check();
  expect(await backOffice.axeViolations()).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await backOffice.scrollsSideways()).toBe(false);
  await backOffice.screenshot('people-change-channels');
  await page.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByRole('button', { name: 'Save channels' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${email} may see Second shop.` })).toBeVisible();
  await expect(row).toContainText('Channels: Second shop');
  const users = async () => ((await (await page.request.get(`${backOffice.url}/api/users`)).json()) as { users: { email: string; channelIds: string[] | null }[] }).users;
  expect((await users()).find((u) => u.email === email)?.channelIds).toEqual([second.entityId]);

  // Back to all channels, by keyboard alone.
  await row.getByRole('button', { name: /^Change channels/ }).focus();
  await page.keyboard.press('Enter');
  await expect(all).not.toBeChecked();
  await all.focus();
  await page.keyboard.press('Space');
  await expect(all).toBeChecked();
  await dialog.getByRole('button', { name: 'Save channels' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `${email} may see all channels.` })).toBeVisible();
  await expect(row).not.toContainText('Channels:');
  expect((await users()).find((u) => u.email === email)?.channelIds).toBeNull();
});
