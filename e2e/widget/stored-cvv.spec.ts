// registrations.requireCvv (widget-surface §3, §6): a CVV iframe per stored card, in its
// `.wpwl-group-registration`; the CVV of the chosen card is required and goes with its one-click
// payment, from that card's own frame (never through the merchant page).

import AxeBuilder from '@axe-core/playwright';
import { expect, test, testCards } from '../fixtures.js';

// axe walks the page and the card frames: slow on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });
import { collectPaymentPosts } from '../support/payment-posts.js';

test('registrations.requireCvv: each stored card has its CVV frame; the chosen card pays with its CVV', async ({ merchantPage, page, relay }) => {
  const register = async (number: string, brand: string) =>
    (await relay.request('POST', '/v1/registrations', { entityId: relay.credentials.entityId, paymentBrand: brand, 'card.number': number, 'card.expiryMonth': '05', 'card.expiryYear': '2034' })).json.id as string;
  const visa = await register(testCards.visa, 'VISA');
  const amex = await register(testCards.amex, 'AMEX');
  const posts = collectPaymentPosts(page);
  const shop = await merchantPage.open('basic', {
    checkout: { 'registrations[0].id': visa, 'registrations[1].id': amex },
    options: () => Object.assign(window, { wpwlOptions: { registrations: { requireCvv: 'true' } } }),
  });
  const stored = page.locator('#wpwl-registrations form.wpwl-form-registrations');
  const groups = stored.locator('.wpwl-group-registration');
  await expect(groups).toHaveCount(2);
  const cvvFrames = stored.locator('iframe.wpwl-control-cvv[name="card.cvv"]');
  await expect(cvvFrames).toHaveCount(2);
  const amexGroup = groups.nth(1);
  const amexCvv = amexGroup.locator('iframe.wpwl-control-cvv').contentFrame().getByRole('textbox', { name: /cvv/i });
  await expect(amexCvv).toBeEditable();
  await expect(groups.nth(0).locator('iframe.wpwl-control-cvv').contentFrame().getByRole('textbox', { name: /cvv/i })).toBeEditable();
  await shop.cardForm().waitUntilReady();

  // Chosen card, no CVV yet: the field says so and nothing is submitted.
  await amexGroup.locator('input[name="registrationId"]').check();
  await stored.locator('button.wpwl-button-pay[type=submit]').click();
  await expect(amexGroup.locator('.wpwl-hint-cvvError')).toHaveText('Invalid CVV');
  await expect(amexGroup.locator('iframe.wpwl-control-cvv')).toHaveClass(/wpwl-has-error/);
  expect(posts).toHaveLength(0);
  const violations = (await new AxeBuilder({ page })
    // Rules about a whole page's structure: include() makes axe apply them to the card frames' documents.
    .disableRules(['landmark-one-main', 'page-has-heading-one', 'region'])
    .include('#wpwl-registrations')
    .analyze()).violations;
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // AMEX wants four digits: three are not enough for this card.
  await amexCvv.fill('123');
  await stored.locator('button.wpwl-button-pay[type=submit]').click();
  await expect(amexGroup.locator('.wpwl-hint-cvvError')).toBeVisible();
  expect(posts).toHaveLength(0);

  await amexCvv.fill('1234');
  await expect(amexGroup.locator('.wpwl-hint-cvvError')).toHaveCount(0);
  await stored.locator('button.wpwl-button-pay[type=submit]').click();
  const { id } = await shop.waitForResult();
  expect(posts).toHaveLength(1);
  const body = new URLSearchParams(posts[0]!.postData() ?? '');
  expect(body.get('registrationId')).toBe(amex);
  expect(body.get('card.cvv')).toBe('1234');
  expect(body.has('card.number')).toBe(false);
  const status = await relay.paymentStatus(id);
  expect(status).toMatchObject({ paymentBrand: 'AMEX', registrationId: amex, result: { code: expect.stringMatching(/^000\.100\.1/) } });
  expect(shop.errors).toEqual([]);
});

test('without registrations.requireCvv stored cards have no CVV frame and pay in one click', async ({ merchantPage, page, relay }) => {
  const id = (await relay.request('POST', '/v1/registrations', { entityId: relay.credentials.entityId, paymentBrand: 'VISA', 'card.number': testCards.visa, 'card.expiryMonth': '05', 'card.expiryYear': '2034' })).json.id as string;
  const shop = await merchantPage.open('basic', { checkout: { 'registrations[0].id': id } });
  const stored = page.locator('#wpwl-registrations form.wpwl-form-registrations');
  await expect(stored.locator('.wpwl-group-registration')).toHaveCount(1);
  await expect(stored.locator('iframe')).toHaveCount(0);
  await shop.cardForm().waitUntilReady();
  await stored.locator('button.wpwl-button-pay[type=submit]').click();
  const result = await shop.waitForResult();
  expect((await relay.paymentStatus(result.id)).registrationId).toBe(id);
});
