// Rotating an access token through the Credentials page: a new token is shown once, works at once
// beside the old one, and once revoked (after a confirmation) is refused by the merchant API.

import { expect, test } from './back-office.js';

test('creates a token shown once, which works beside the old one, then revokes it', async ({ page, backOffice, relay }) => {
  await backOffice.signInAsOwner('/credentials');
  const name = `Rotation ${Date.now()}`;
  await page.getByLabel("New token's name").fill(name);
  await page.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByRole('region', { name: 'New access token' });
  await expect(shown).toContainText('shown only this once');
  const token = (await shown.locator('code').innerText()).trim();
  expect(token.length).toBeGreaterThan(20);
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();

  const status = async (bearer: string) =>
    (await fetch(`${relay.url}/v1/checkouts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ entityId: relay.credentials.entityId, amount: '1.00', currency: 'EUR', paymentType: 'DB' }),
    })).status;
  expect(await status(token)).toBe(200);
  expect(await status(relay.credentials.accessToken)).toBe(200);

  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toHaveCount(0);
  await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: /^Revoke/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke access token' });
  await dialog.getByRole('button', { name: `Revoke “${name}”` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is revoked' })).toBeVisible();
  await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(0);
  // Relays keep a token they looked up for a few seconds; then it is refused (403: revoked).
  await expect.poll(() => status(token), { timeout: 15_000 }).toBe(403);
  expect(await status(relay.credentials.accessToken)).toBe(200);
});
