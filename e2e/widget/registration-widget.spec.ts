// The stand-alone registration widget: checkoutId=ID/registration on a checkout prepared with
// createRegistration=true and no amount draws the card form, stores the card without paying, and
// lands on the form's action with resourcePath /v1/checkouts/ID/registration.

import { expect, futureExpiry, test, testCards } from '../fixtures.js';

test('checkoutId=ID/registration stores the card and lands with its own resourcePath; the card then pays server-to-server', async ({ merchantPage, relay }) => {
  const prepared = await relay.request('POST', '/v1/checkouts', { entityId: relay.credentials.entityId, createRegistration: 'true' });
  const checkoutId = prepared.json.id as string;
  const shop = await merchantPage.open('basic', { checkoutId: `${checkoutId}/registration` });
  const form = shop.cardForm();
  await form.waitUntilReady();
  await expect(form.payButton).toHaveText('Register');
  await form.fill({ number: testCards.master, expiry: futureExpiry(), cvv: '123', holder: 'Jane Jones' });
  await form.pay();
  const result = await shop.waitForResult();
  expect(result.id).toBe(checkoutId);
  expect(result.resourcePath).toBe(`/v1/checkouts/${checkoutId}/registration`);
  const stored = await relay.request('GET', result.resourcePath, { entityId: relay.credentials.entityId });
  expect(stored.json).toMatchObject({ paymentBrand: 'MASTER', card: { last4Digits: '5454', holder: 'Jane Jones' } });
  const paid = await relay.request('POST', `/v1/registrations/${stored.json.id as string}/payments`, { entityId: relay.credentials.entityId, amount: '3.00', currency: 'EUR', paymentType: 'DB' });
  expect((paid.json.result as { code: string }).code).toMatch(/^000\.100\.1/);
  expect(shop.errors).toEqual([]);
});

test('useSummaryPage on checkoutId=ID/registration saves the card, calls onSaveTransactionData and leaves the shopper on the page; the merchant stores it', async ({ merchantPage, page, relay }) => {
  const prepared = await relay.request('POST', '/v1/checkouts', { entityId: relay.credentials.entityId, createRegistration: 'true' });
  const checkoutId = prepared.json.id as string;
  const shop = await merchantPage.open('basic', {
    checkoutId: `${checkoutId}/registration`,
    options: () => Object.assign(window, { wpwlOptions: { useSummaryPage: true, onSaveTransactionData: (data: unknown) => document.body.setAttribute('data-saved', JSON.stringify(data)) } }),
  });
  const form = shop.cardForm();
  await form.waitUntilReady();
  await form.fill({ number: testCards.master, expiry: futureExpiry(), cvv: '123', holder: 'Jane Jones' });
  await form.pay();
  await expect(page.locator('body')).toHaveAttribute('data-saved', /ndc/);
  const saved = JSON.parse((await page.locator('body').getAttribute('data-saved'))!) as Record<string, string>;
  expect(saved.ndc).toBe(checkoutId);
  expect(saved.timestamp).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
  // Still on the merchant's page, the form usable again; no card stored yet.
  expect(page.url()).toBe(shop.url);
  await expect(form.payButton).toBeEnabled();
  await expect(page.locator('.wpwl-spinner')).toHaveCount(0);
  const status = `/v1/checkouts/${checkoutId}/registration`;
  expect(((await relay.request('GET', status, { entityId: relay.credentials.entityId })).json.result as { code: string }).code).toBe('000.200.000');
  // The merchant's server stores the saved card.
  const stored = await relay.request('POST', `/v1/checkouts/${checkoutId}/payment`, { entityId: relay.credentials.entityId });
  expect(stored.json).toMatchObject({ paymentBrand: 'MASTER', card: { last4Digits: '5454', holder: 'Jane Jones' } });
  expect((await relay.request('GET', status, { entityId: relay.credentials.entityId })).json.id).toBe(stored.json.id);
  expect(shop.errors).toEqual([]);
});
