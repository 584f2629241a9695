// Wallet buttons (APPLEPAY, GOOGLEPAY): each listed wallet gets a button in its own container; on a
// test checkout it opens the simulated sheet (a modal dialog: the amount, the simulator's answer to
// ask for, Pay and Cancel), whose test token is paid through the relay's account route with
// walletPay.source=web. Cancel pays nothing and leaves the button usable; a declined test token
// shows the decline; onBeforeSubmitVirtualAccount vetoes; a wallet the widget cannot offer is
// reported through onError. On a live checkout the button uses the browser's Payment Request API.

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { RELAY_START_TIMEOUT_MS, startRelay } from '../support/relay-process.js';
import { expect, relayFixture, test, type Relay } from '../fixtures.js';
import { expectErrors, recordErrors, recordErrorsAnd } from '../support/widget-errors.js';

// axe walks the page and the card frames: slow on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

/** The bodies the widget posted to the checkout's account route. */
function accountPosts(page: Page): URLSearchParams[] {
  const posts: URLSearchParams[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/account') && posts.push(new URLSearchParams(r.postData() ?? '')));
  return posts;
}

test('VISA APPLEPAY GOOGLEPAY: both wallet buttons; the sheet is an accessible dialog, Cancel pays nothing, Pay pays once and lands with resourcePath', async ({ merchantPage, page, relay }) => {
  const posts = accountPosts(page);
  const shop = await merchantPage.open('basic', { brands: 'VISA APPLEPAY GOOGLEPAY', checkout: { amount: '12.50' } });
  await shop.cardForm().waitUntilReady();
  const apple = page.locator('div.wpwl-container.wpwl-container-virtualAccount-APPLEPAY.wpwl-container-wallet form.wpwl-form-virtualAccount-APPLEPAY');
  const google = page.locator('div.wpwl-container.wpwl-container-virtualAccount-GOOGLEPAY.wpwl-container-wallet form.wpwl-form-virtualAccount-GOOGLEPAY');
  const appleButton = apple.getByRole('button', { name: 'Apple Pay' });
  await expect(appleButton).toHaveClass(/wpwl-button-pay/);
  await expect(appleButton).toHaveClass(/wpwl-button-wallet-APPLEPAY/);
  await expect(google.getByRole('button', { name: 'Google Pay' })).toBeVisible();
  await expect(apple.locator('.wpwl-brand-APPLEPAY')).toHaveCount(1);

  await appleButton.click();
  const sheet = page.getByRole('dialog', { name: 'Apple Pay (test)' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('EUR 12.50');
  await expect(sheet.getByRole('button', { name: 'Pay now' })).toBeFocused();
  // The page with the sheet open passes axe.
  const violations = (await new AxeBuilder({ page }).disableRules(['landmark-one-main', 'region']).analyze()).violations;
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await sheet.getByRole('button', { name: 'Cancel' }).click();
  await expect(sheet).toHaveCount(0);
  await expect(appleButton).toBeFocused();
  await expect(appleButton).toBeEnabled();
  expect(posts).toEqual([]);

  await appleButton.click();
  await sheet.getByRole('button', { name: 'Pay now' }).click();
  const { id, resourcePath } = await shop.waitForResult();
  expect(resourcePath).toBe(`/v1/checkouts/${id}/payment`);
  expect(posts).toHaveLength(1);
  expect(posts[0]!.get('paymentBrand')).toBe('APPLEPAY');
  expect(posts[0]!.get('walletPay.source')).toBe('web');
  expect(JSON.parse(posts[0]!.get('walletPay.paymentToken') ?? '')).toMatchObject({ simulated: true, brand: 'APPLEPAY' });
  expect(await relay.paymentStatus(id)).toMatchObject({ paymentBrand: 'APPLEPAY', amount: '12.50', result: { code: '000.100.110' } });
  expect(shop.errors).toEqual([]);
});

test('a declined test token shows the decline and the button pays afterwards; Escape closes the sheet; the veto blocks; wallets the widget cannot offer go to onError', async ({ merchantPage, page, relay }) => {
  const posts = accountPosts(page);
  const shop = await merchantPage.open('two-forms', {
    brands: 'VISA',
    values: { secondBrands: 'GOOGLEPAY CLICK_TO_PAY NOSUCHBRAND' },
    options: recordErrorsAnd(() => ({
      onBeforeSubmitVirtualAccount: function (this: HTMLFormElement, e: { target: HTMLFormElement }) {
        const w = window as unknown as { vetoes?: string[] };
        w.vetoes = [...(w.vetoes ?? []), `${this === e.target}:${this.className.includes('wpwl-form-virtualAccount-GOOGLEPAY')}`];
        // The first click is vetoed, as a merchant's own terms checkbox would.
        return w.vetoes.length > 1;
      },
    })),
  });
  await expectErrors(page, [
    { name: 'WidgetError', brand: 'CLICK_TO_PAY' },
    { name: 'WidgetError', brand: 'NOSUCHBRAND' },
  ]);
  const google = page.locator('div.wpwl-container-virtualAccount-GOOGLEPAY');
  const button = google.getByRole('button', { name: 'Google Pay' });
  const sheet = page.getByRole('dialog', { name: 'Google Pay (test)' });

  await button.click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { vetoes?: string[] }).vetoes)).toEqual(['true:true']);
  await expect(sheet).toHaveCount(0);

  await button.click();
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(button).toBeFocused();

  await button.click();
  await sheet.getByRole('combobox', { name: 'Test result' }).selectOption('800.100.152');
  await sheet.getByRole('button', { name: 'Pay now' }).click();
  await expect(google.locator('.wpwl-message.wpwl-has-error[role=alert]')).toContainText(/declined/i);
  await expect(button).toBeEnabled();
  expect(new URL(page.url()).pathname).not.toBe('/result');

  await button.click();
  await sheet.getByRole('button', { name: 'Pay now' }).click();
  const { id } = await shop.waitForResult();
  expect(posts.map((p) => p.get('paymentBrand'))).toEqual(['GOOGLEPAY', 'GOOGLEPAY']);
  expect(JSON.parse(posts[0]!.get('walletPay.paymentToken') ?? '')).toMatchObject({ testResultCode: '800.100.152' });
  expect(await relay.paymentStatus(id)).toMatchObject({ paymentBrand: 'GOOGLEPAY', result: { code: '000.100.110' } });
});

// A live relay: its checkouts (`.prod01-…`) use the browser's Payment Request sheet.
const live = test.extend<object, { relay: Relay }>({
  relay: [
    async ({}, use, workerInfo) => {
      const child = await startRelay({ logDir: workerInfo.project.outputDir, name: `relay-live-${workerInfo.workerIndex}`, env: { RELAY_ENVIRONMENT: 'live' } });
      try {
        await use(relayFixture(child));
      } finally {
        await child.stop();
      }
    },
    { scope: 'worker', timeout: RELAY_START_TIMEOUT_MS + 30_000 },
  ],
});

live('live: a browser with no Apple Pay or Google Pay sheet (this Chromium) loses both buttons and reports both brands through onError; the card form stays', async ({ merchantPage, page }) => {
  const shop = await merchantPage.open('basic', {
    brands: 'VISA APPLEPAY GOOGLEPAY',
    options: recordErrors,
  });
  expect(shop.checkoutId).toMatch(/\.prod01-/);
  await shop.cardForm().waitUntilReady();
  await expectErrors(
    page,
    [
      { name: 'WidgetError', brand: 'APPLEPAY' },
      { name: 'WidgetError', brand: 'GOOGLEPAY' },
    ],
    { timeout: 20_000 },
  );
  await expect(page.locator('.wpwl-container-wallet')).toHaveCount(0);
  await expect(shop.cardForm().payButton).toBeVisible();
});

// No real wallet runs in this Chromium: a stand-in for the provider's sheet (window.PaymentRequest,
// installed before the page's scripts) records what the widget asks for and answers as Apple Pay
// does (details.token.paymentData). Everything else is real: the widget, the relay, the payment.
live("live: the Payment Request sheet gets the applePay option and the checkout's total; closing it pays nothing; its token pays once and the sheet is told so", async ({ merchantPage, page, relay }) => {
  await page.addInitScript(() => {
    // Kept in sessionStorage: the result page (same origin) still reads it after the redirect.
    const record = (call: unknown) => sessionStorage.setItem('walletCalls', JSON.stringify([...(JSON.parse(sessionStorage.getItem('walletCalls') ?? '[]') as unknown[]), call]));
    const shown = () => (JSON.parse(sessionStorage.getItem('walletCalls') ?? '[]') as Array<{ methods?: unknown }>).filter((c) => c.methods).length;
    class SheetStandIn {
      constructor(
        private readonly methods: unknown,
        private readonly details: unknown,
      ) {}
      async canMakePayment() {
        return true;
      }
      async show() {
        record({ methods: this.methods, details: this.details });
        // The shopper closes the first sheet, and pays in the second.
        if (shown() === 1) throw new DOMException('closed', 'AbortError');
        return {
          details: { token: { paymentData: { version: 'EC_v1', data: 'ZW5jcnlwdGVk', signature: 'c2ln', header: { transactionId: 'ab12' } }, paymentMethod: { network: 'Visa' } } },
          complete: async (result: string) => record({ complete: result }),
        };
      }
    }
    Object.assign(window, { PaymentRequest: SheetStandIn });
  });
  const posts = accountPosts(page);
  const shop = await merchantPage.open('basic', {
    brands: 'VISA APPLEPAY',
    checkout: { amount: '20.00', currency: 'USD' },
    options: () => Object.assign(window, { wpwlOptions: { applePay: { merchantIdentifier: 'merchant.example.shop', countryCode: 'US', total: { label: 'Example shop' } } } }),
  });
  const button = page.locator('.wpwl-container-virtualAccount-APPLEPAY').getByRole('button', { name: 'Apple Pay' });
  await button.click();
  const calls = () => page.evaluate(() => JSON.parse(sessionStorage.getItem('walletCalls') ?? '[]') as unknown[]);
  await expect.poll(async () => (await calls()).length).toBe(1);
  await expect(button).toBeEnabled();
  expect(posts).toEqual([]);

  await button.click();
  const { id } = await shop.waitForResult();
  expect(posts).toHaveLength(1);
  expect(JSON.parse(posts[0]!.get('walletPay.paymentToken') ?? '')).toEqual({ version: 'EC_v1', data: 'ZW5jcnlwdGVk', signature: 'c2ln', header: { transactionId: 'ab12' } });
  expect(posts[0]!.get('walletPay.source')).toBe('web');
  const request = {
    methods: [
      {
        supportedMethods: 'https://apple.com/apple-pay',
        data: { version: 3, merchantCapabilities: ['supports3DS'], supportedNetworks: ['visa', 'masterCard', 'amex'], merchantIdentifier: 'merchant.example.shop', countryCode: 'US' },
      },
    ],
    details: { total: { label: 'Example shop', amount: { currency: 'USD', value: '20.00' } } },
  };
  expect(await calls()).toEqual([request, request, { complete: 'success' }]);
  expect(await relay.paymentStatus(id)).toMatchObject({ paymentBrand: 'APPLEPAY', amount: '20.00', currency: 'USD', result: { code: '000.000.000' } });
});
