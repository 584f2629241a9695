// The issue "Hosted checkout and the card widget", the parts that need the relay's store changed
// under it (e2e/support/relay-store.ts on relay.dataDir): a checkout whose 30 minutes ran out,
// before and after the form was drawn, and an entity that restricts which origins may frame its
// card fields (docs/security-cases.md W5).

import type { Response } from '@playwright/test';
import { expect, futureExpiry, test, testCards } from '../fixtures.js';
import { isPaymentPost } from '../support/payment-posts.js';
import { expectErrors, expectMessageInsteadOfForm, recordErrors } from '../support/widget-errors.js';
import { expireCheckout, merchantOf, relayCli, type EntityView } from '../support/relay-store.js';

const isPaymentAnswer = (r: Response) => isPaymentPost(r.request());

test('an expired checkout: onError InvalidCheckoutIdError 200.300.404 and a message in place of the form', async ({ merchantPage, page, relay }) => {
  const checkoutId = await relay.prepareCheckout();
  expireCheckout(relay.dataDir, checkoutId);
  const shop = await merchantPage.open('basic', { checkoutId, options: recordErrors });
  await expectErrors(page, [{ name: 'InvalidCheckoutIdError', code: '200.300.404' }]);
  await expectMessageInsteadOfForm(page);
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.locator('form.paymentWidgets')).toBeHidden();
  expect(page.url()).toBe(shop.url);
});

test('a checkout that expires after the form was drawn refuses the payment with a visible error', async ({ merchantPage, page, relay }) => {
  const shop = await merchantPage.open('basic', { options: recordErrors });
  const form = shop.cardForm();
  await form.waitUntilReady();
  await form.fill({ number: testCards.visa, expiry: futureExpiry(), cvv: '123', holder: 'Jane Doe' });
  expireCheckout(relay.dataDir, shop.checkoutId);

  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  const answered = page.waitForResponse(isPaymentAnswer);
  await form.pay();
  expect((await answered).status()).toBe(404);
  await expect(form.message).toHaveClass(/wpwl-has-error/);
  await expect(form.message).toBeVisible();
  await expect(form.message).not.toBeEmpty();
  await expectErrors(page, [{ name: 'InvalidCheckoutIdError', code: '200.300.404' }]);
  await expect(form.payButton).toBeDisabled();
  expect(navigations).toEqual([]);
  expect(page.url()).toBe(shop.url);
  expect((await relay.paymentStatus(shop.checkoutId)).result.code).toBe('200.300.404');
});

test('W5: an entity that allows only other origins gets its card fields refused in the merchant page; its own origin renders them', async ({
  merchantPage,
  merchantServer,
  page,
  relay,
}) => {
  // A channel of its own, so the other tests of this worker keep an unrestricted one.
  const merchantId = merchantOf(relay.dataDir, relay.credentials.entityId);
  const created = (await relayCli(
    relay.dataDir,
    ...['entity', 'create', '--merchant', merchantId, '--name', 'Framed elsewhere', '--allowed-origin', 'https://other.example'],
  )) as EntityView;
  expect(created.settings.allowedOrigins).toEqual(['https://other.example']);
  const entityId = created.entityId;

  const refused: string[] = [];
  page.on('console', (m) => {
    if (/frame-ancestors/.test(m.text())) refused.push(m.text());
  });
  const framePolicies = new Map<string, string>();
  page.on('response', (r) => {
    const field = /\/v1\/checkouts\/[^/]+\/frame\?field=(cardNumber|cvv)/.exec(r.url())?.[1];
    if (field) framePolicies.set(field, r.headers()['content-security-policy'] ?? '');
  });
  const blocked = await merchantPage.open('basic', { checkout: { entityId } });
  // The relay served both fields with their entity's policy, and Chromium refused to show them here.
  await expect.poll(() => framePolicies.size).toBe(2);
  for (const policy of framePolicies.values()) expect(policy).toContain('frame-ancestors https://other.example');
  await expect.poll(() => refused.length).toBeGreaterThanOrEqual(2);
  const form = blocked.cardForm();
  await expect(form.control('cardNumber')).toBeAttached();
  await expect(form.cardNumberInput).toHaveCount(0);
  await expect(form.cvvInput).toHaveCount(0);
  // Chromium replaces a refused frame's document with its own error page: nothing of the relay's.
  for (const frame of page.frames()) expect(frame.url().startsWith(`${relay.url}/v1/checkouts/`)).toBe(false);

  // Control: the same channel allowing the merchant page's origin (among others) renders the fields.
  const updated = (await relayCli(
    relay.dataDir,
    ...['entity', 'set', entityId, '--allowed-origin', 'https://other.example', '--allowed-origin', merchantServer.url],
  )) as EntityView;
  expect(updated.settings.allowedOrigins).toEqual(['https://other.example', merchantServer.url]);
  const allowed = await merchantPage.open('basic', { checkout: { entityId } });
  await allowed.cardForm().waitUntilReady();
});
