// The Channels pages: an owner changes each kind of channel setting, sees a field's error next to
// it, and the merchant API follows at once (strict parameters refuse an unused parameter; a payment
// answer shows the payout account). A merchant made for this test, so the relay's shared test
// merchant keeps its settings. Axe, 375 px and the keyboard on the way.

import { relayCli } from '../support/relay-store.js';
import { expect, test, type BackOffice } from './back-office.js';
import { signInInvitedPerson } from './invited-person.js';

interface Shop {
  merchantId: string;
  entityId: string;
  accessToken: string;
}

async function newShop(backOffice: BackOffice): Promise<Shop> {
  return (await relayCli(backOffice.relay.dataDir, 'merchant', 'create', '--name', `Channel shop ${Date.now()}`, '--entity-name', 'Web shop')) as Shop;
}

/** A card payment through the merchant API with the shop's token, with extra parameters. */
async function pay(backOffice: BackOffice, shop: Shop, extra: Record<string, string> = {}) {
  const res = await fetch(`${backOffice.relay.url}/v1/payments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${shop.accessToken}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      entityId: shop.entityId,
      amount: '12.00',
      currency: 'EUR',
      paymentType: 'DB',
      paymentBrand: 'VISA',
      'card.number': '4200000000000000',
      'card.holder': 'Jane Jones',
      'card.expiryMonth': '05',
      'card.expiryYear': String(new Date().getFullYear() + 3),
      'card.cvv': '737',
      ...extra,
    }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

test('changes each kind of channel setting, shows a field error, and the merchant API follows', async ({ page, backOffice }) => {
  // Seven sections, each with a mistake and a save, and the merchant API between them.
  test.slow();
  const shop = await newShop(backOffice);
  await signInInvitedPerson(page, backOffice, 'owner', shop.merchantId);
  await page.goto(`${backOffice.url}/payments`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Channels' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Channels' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: shop.entityId })).toBeVisible();
  expect(await backOffice.axeViolations()).toEqual([]);
  await page.getByRole('link', { name: 'Web shop' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Web shop' })).toBeVisible();

  // Allowed origins: a bad line is named next to the field, nothing is saved; then a good list.
  const origins = page.getByRole('region', { name: 'Allowed origins' });
  await origins.getByLabel('Origins').fill('https://shop.example\nshop.example/checkout');
  await origins.getByRole('button', { name: 'Save allowed origins' }).click();
  await expect(origins.getByLabel('Origins')).toHaveAttribute('aria-invalid', 'true');
  await expect(origins.locator('.field-error')).toHaveText('Line 2 (shop.example/checkout): must be an origin like https://shop.example, got "shop.example/checkout".');
  expect(await backOffice.axeViolations()).toEqual([]);
  await origins.getByLabel('Origins').fill('https://shop.example\nhttps://www.shop.example/');
  await origins.getByRole('button', { name: 'Save allowed origins' }).click();
  await expect(origins.getByRole('status')).toHaveText('Allowed origins: saved.');
  await expect(origins.getByLabel('Origins')).toHaveValue('https://shop.example\nhttps://www.shop.example');

  // Country and time zone: an unknown zone is refused next to its field.
  const region = page.getByRole('region', { name: 'Country and time zone' });
  await region.getByLabel('Time zone').fill('Mars/Olympus');
  await region.getByRole('button', { name: 'Save country and time zone' }).click();
  await expect(region.locator('.field-error')).toHaveText('Must be an IANA time zone such as Europe/Berlin, got "Mars/Olympus"');
  await region.getByLabel('Time zone').fill('Europe/Berlin');
  await region.getByRole('button', { name: 'Save country and time zone' }).click();
  await expect(region.getByRole('status')).toHaveText('Country and time zone: saved.');

  // Limits: a limit that is not a number, then good ones.
  const limits = page.getByRole('region', { name: 'Limits' });
  await limits.getByLabel('Payments').fill('lots');
  await limits.getByRole('button', { name: 'Save limits' }).click();
  await expect(limits.getByLabel('Payments')).toHaveAttribute('aria-invalid', 'true');
  await limits.getByLabel('Payments').fill('50');
  await limits.getByLabel('Reversal cut-off, hours').fill('48');
  await limits.getByRole('button', { name: 'Save limits' }).click();
  await expect(limits.getByRole('status')).toHaveText('Limits: saved.');

  // The payout account: a payment answer shows it at once.
  const payout = page.getByRole('region', { name: 'Payout account' });
  await payout.getByLabel('Account holder').fill('Northwind Traders');
  await payout.getByLabel('IBAN or account number').fill('DE89370400440532013001');
  await payout.getByRole('button', { name: 'Save payout account' }).click();
  await expect(payout.locator('.field-error')).toContainText('check digits are wrong');
  await payout.getByLabel('IBAN or account number').fill('DE89370400440532013000');
  await payout.getByLabel('BIC').fill('COBADEFFXXX');
  await payout.getByRole('button', { name: 'Save payout account' }).click();
  await expect(payout.getByRole('status')).toHaveText('Payout account: saved.');
  const paid = await pay(backOffice, shop);
  expect(paid.status).toBe(200);
  expect(paid.json.merchant?.bankAccount).toMatchObject({ holder: 'Northwind Traders', number: 'DE89370400440532013000' });

  // Fees: a row added by keyboard, a bad percentage, then a good table.
  const fees = page.getByRole('region', { name: 'Settlement fees' });
  await fees.getByRole('button', { name: 'Add a fee' }).focus();
  await page.keyboard.press('Enter');
  await fees.getByLabel('Percent').fill('250');
  await fees.getByRole('button', { name: 'Save settlement fees' }).click();
  await expect(fees.locator('.field-error')).toContainText('at most 100%');
  await fees.getByLabel('Percent').fill('2.5');
  await fees.getByLabel('Fixed amount').fill('0.30');
  await fees.getByRole('button', { name: 'Save settlement fees' }).click();
  await expect(fees.getByRole('status')).toHaveText('Settlement fees: saved.');
  await expect(fees.getByLabel('Percent')).toHaveValue('2.50');

  // Strict parameters: an unused parameter is ignored, then refused the moment the setting is saved.
  expect((await pay(backOffice, shop, { 'shop.orderRef': 'A-17' })).status).toBe(200);
  const strict = page.getByRole('region', { name: 'Strict parameters' });
  await strict.getByLabel('Refuse parameters a request does not use').check();
  await strict.getByRole('button', { name: 'Save strict parameters' }).click();
  await expect(strict.getByRole('status')).toHaveText('Strict parameters: saved.');
  const refused = await pay(backOffice, shop, { 'shop.orderRef': 'A-17' });
  expect(refused.status).toBe(400);
  expect(JSON.stringify(refused.json.result?.parameterErrors)).toContain('shop.orderRef');

  // 3-D Secure, by keyboard alone: the box, then its save button.
  const secure = page.getByRole('region', { name: '3-D Secure' });
  await secure.getByLabel('Require 3-D Secure 2').focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(secure.getByRole('button', { name: 'Save 3-D Secure' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(secure.getByRole('status')).toHaveText('3-D Secure: saved.');

  expect(await backOffice.axeViolations()).toEqual([]);
  await backOffice.screenshot('channels');

  // What was saved is what the page shows when opened again.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Allowed origins' }).getByLabel('Origins')).toHaveValue('https://shop.example\nhttps://www.shop.example');
  await expect(page.getByRole('region', { name: 'Country and time zone' }).getByLabel('Time zone')).toHaveValue('Europe/Berlin');
  await expect(page.getByRole('region', { name: 'Limits' }).getByLabel('Payments')).toHaveValue('50');
  await expect(page.getByRole('region', { name: 'Payout account' }).getByLabel('BIC')).toHaveValue('COBADEFFXXX');
  await expect(page.getByRole('region', { name: 'Settlement fees' }).getByLabel('Brand')).toHaveValue('*');
  await expect(page.getByLabel('Refuse parameters a request does not use')).toBeChecked();
  await expect(page.getByLabel('Require 3-D Secure 2')).toBeChecked();

  // The audit log tells of each change.
  const audit = (await (await page.request.get(`${backOffice.url}/api/audit?action=channel.changeSettings`)).json()) as { entries: unknown[] };
  expect(audit.entries).toHaveLength(7);

  await page.setViewportSize({ width: 375, height: 812 });
  expect(await backOffice.scrollsSideways()).toBe(false);
  expect(await backOffice.axeViolations()).toEqual([]);
  await backOffice.screenshot('channels');
});

test('a person without channels.manage is not offered the page, and the API refuses it', async ({ page, backOffice }) => {
  const shop = await newShop(backOffice);
  await signInInvitedPerson(page, backOffice, 'support', shop.merchantId);
  await page.goto(`${backOffice.url}/payments`);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payments' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Channels' })).toHaveCount(0);
  expect((await page.request.get(`${backOffice.url}/api/channels/${shop.entityId}/settings`)).status()).toBe(403);
});
