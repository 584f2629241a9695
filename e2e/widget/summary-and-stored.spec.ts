// The summary page (useSummaryPage: the submit saves, the merchant's server pays later) and stored
// cards (a checkout prepared with registrations[n].id: #wpwl-registrations, one click), in the
// browser against the real relay.

import { expect, futureExpiry, test, testCards } from '../fixtures.js';

test('useSummaryPage: the submit saves without paying, onSaveTransactionData gets {ndc, timestamp, buildNumber}, the merchant pays the changed amount', async ({ merchantPage, page, relay }) => {
  const shop = await merchantPage.open('basic', {
    options: () =>
      Object.assign(window, {
        wpwlOptions: {
          useSummaryPage: 'true',
          browser: { threeDChallengeWindow: 4 },
          onSaveTransactionData: (data: unknown) => document.body.setAttribute('data-saved', JSON.stringify(data)),
        },
      }),
  });
  const form = shop.cardForm();
  await form.waitUntilReady();
  await form.fill({ number: testCards.visa, expiry: futureExpiry(), cvv: '123', holder: 'Jane Jones' });
  await form.pay();
  await expect(page.locator('body')).toHaveAttribute('data-saved', /ndc/);
  const saved = JSON.parse((await page.locator('body').getAttribute('data-saved'))!) as Record<string, string>;
  expect(saved.ndc).toBe(shop.checkoutId);
  expect(saved.timestamp).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
  expect(saved.buildNumber).not.toBe('');
  // The shopper is still on the page, the form usable again; nothing was paid.
  expect(new URL(page.url()).pathname).not.toBe('/result');
  await expect(form.payButton).toBeEnabled();
  await expect(page.locator('.wpwl-spinner')).toHaveCount(0);

  const path = `/v1/checkouts/${shop.checkoutId}`;
  expect((await relay.request('POST', path, { entityId: relay.credentials.entityId, amount: '59.90' })).status).toBe(200);
  const paid = await relay.request('POST', `${path}/payment`, { entityId: relay.credentials.entityId });
  expect(paid.status).toBe(200);
  expect(paid.json).toMatchObject({ amount: '59.90', paymentBrand: 'VISA', result: { code: expect.stringMatching(/^000\.100\.1/) }, card: { last4Digits: '0000', holder: 'Jane Jones' } });
  // The 3-D Secure 2 browser data went with the card data.
  const browser = (paid.json.customer as { browser: Record<string, string> }).browser;
  expect(browser).toMatchObject({ javaEnabled: 'false', challengeWindow: '4', language: expect.stringMatching(/^[a-z]{2}/) });
  expect(Number(browser.screenWidth)).toBeGreaterThan(0);
  expect(browser.userAgent).toContain('Chrome');
  expect(shop.errors).toEqual([]);
});

test('stored cards: #wpwl-registrations lists them, hideInitialPaymentForms hides the card form behind a button, one click pays', async ({ merchantPage, page, relay }) => {
  const registered = await relay.request('POST', '/v1/registrations', {
    entityId: relay.credentials.entityId,
    paymentBrand: 'MASTER',
    'card.number': testCards.master,
    'card.holder': 'Jane Jones',
    'card.expiryMonth': '05',
    'card.expiryYear': '2034',
    'card.cvv': '123',
  });
  const registrationId = registered.json.id as string;
  const shop = await merchantPage.open('basic', {
    checkout: { 'registrations[0].id': registrationId, 'standingInstruction.type': 'UNSCHEDULED' },
    options: () => Object.assign(window, { wpwlOptions: { registrations: { hideInitialPaymentForms: true } } }),
  });
  const stored = page.locator('#wpwl-registrations .wpwl-container-registration form.wpwl-form-registrations');
  await expect(stored.locator('.wpwl-group-registration')).toHaveCount(1);
  await expect(stored.locator('.wpwl-group-registration.wpwl-selected')).toContainText('5454');
  await expect(stored.locator('.wpwl-brand-MASTER')).toHaveCount(1);
  await expect(stored.locator('.wpwl-group-registration')).toContainText('05/34');
  expect(await page.evaluate(() => (window as unknown as { wpwl: { checkout: { config: { registrations: unknown[] } } } }).wpwl.checkout.config.registrations.length)).toBe(1);
  const card = shop.cardForm();
  await expect(card.container).toBeHidden();
  await stored.locator('button[data-action="show-initial-forms"]').click();
  await expect(card.container).toBeVisible();
  await card.waitUntilReady();
  await stored.locator('button.wpwl-button-pay[type=submit]').click();
  const { id } = await shop.waitForResult();
  const status = await relay.paymentStatus(id);
  expect(status).toMatchObject({ paymentBrand: 'MASTER', registrationId, result: { code: expect.stringMatching(/^000\.100\.1/) } });
  expect(shop.errors).toEqual([]);
});

test('wpwl.executePayment("wpwl-container-registration") pays the selected stored card', async ({ merchantPage, page, relay }) => {
  const register = (number: string, brand: string) =>
    relay.request('POST', '/v1/registrations', { entityId: relay.credentials.entityId, paymentBrand: brand, 'card.number': number, 'card.expiryMonth': '05', 'card.expiryYear': '2034', 'card.cvv': '123' });
  const first = (await register(testCards.visa, 'VISA')).json.id as string;
  const second = (await register(testCards.master, 'MASTER')).json.id as string;
  const shop = await merchantPage.open('basic', { checkout: { 'registrations[0].id': first, 'registrations[1].id': second } });
  await shop.cardForm().waitUntilReady();
  const groups = page.locator('.wpwl-group-registration');
  await expect(groups).toHaveCount(2);
  await groups.nth(1).locator('input[name=registrationId]').check();
  await expect(groups.nth(1)).toHaveClass(/wpwl-selected/);
  await page.evaluate(() => (window as unknown as { wpwl: { executePayment(c: string): void } }).wpwl.executePayment('wpwl-container-registration'));
  const { id } = await shop.waitForResult();
  expect((await relay.paymentStatus(id)).registrationId).toBe(second);
});
