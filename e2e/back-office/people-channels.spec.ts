// Inviting a person to some channels only: the choice shows when the merchant has more than one
// channel (a merchant made for this test, with two), all channels by default.

import { relayCli } from '../support/relay-store.js';
import { expect, test } from './back-office.js';
import { signInInvitedPerson } from './invited-person.js';

test('invites a person to one channel of two; all channels is the default', async ({ page, backOffice }) => {
  const { dataDir } = backOffice.relay;
  const made = (await relayCli(dataDir, 'merchant', 'create', '--name', `Two shops ${Date.now()}`, '--entity-name', 'First shop')) as { merchantId: string; entityId: string };
  const second = (await relayCli(dataDir, 'entity', 'create', '--merchant', made.merchantId, '--name', 'Second shop')) as { entityId: string };
  await signInInvitedPerson(page, backOffice, 'owner', made.merchantId);
  await page.goto(`${backOffice.url}/people`);

  const invite = page.getByRole('region', { name: 'Invite a person' });
  const channels = invite.getByRole('group', { name: 'Channels' });
  const all = channels.getByRole('checkbox', { name: 'All channels, also ones added later' });
  await expect(all).toBeChecked();
  await expect(channels.getByRole('checkbox')).toHaveCount(1);
  // By keyboard: the channels follow the all-channels box in the tab order once it is unticked.
  await all.focus();
  await page.keyboard.press('Space');
  await expect(all).not.toBeChecked();
  await page.keyboard.press('Tab');
  await expect(channels.getByRole('checkbox', { name: 'First shop' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(channels.getByRole('checkbox', { name: 'First shop' })).not.toBeChecked();
  await expect(channels.getByRole('checkbox', { name: 'Second shop' })).toBeChecked();
  expect(await backOffice.axeViolations()).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await backOffice.scrollsSideways()).toBe(false);
  await backOffice.screenshot('people-invite-channels');
  await page.setViewportSize({ width: 1280, height: 720 });

  const email = `second.shop.${Date.now()}@northwind.example`;
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByLabel('Role').selectOption('support');
  await invite.getByRole('button', { name: 'Create invitation link' }).click();
  await expect(page.getByRole('region', { name: 'Invitation link' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Channels: Second shop');
  // The choice is back to all channels for the next invitation.
  await expect(all).toBeChecked();

  const users = (await (await page.request.get(`${backOffice.url}/api/users`)).json()) as { users: { email: string; channelIds: string[] | null }[] };
  expect(users.users.find((u) => u.email === email)?.channelIds).toEqual([second.entityId]);
});
