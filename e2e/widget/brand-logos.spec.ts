// Every brand of the brand table has a logo the relay serves (its own small file, loaded only where
// shown) and a display name for assistive technology; the forms that are not cards show theirs,
// and on a page with several methods each pay button names its method, in the page's locale.

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { ALL_BRAND_CODES, brandDisplayName } from '../../spec/brand-logos.js';
import { CARD_BRANDS } from '../../spec/brands.js';

test.describe.configure({ timeout: 90_000 });

/** Card, an online transfer, PayPal and a boleto: the forms of the demo shop's two offers. */
const SEVERAL = 'GIROPAY SOFORTUEBERWEISUNG PAYPAL BOLETO';

/** Loads `url` as an image in the page: its natural width (0 when it did not load). */
function naturalWidth(page: Page, url: string): Promise<number> {
  return page.evaluate(
    (src) =>
      new Promise<number>((resolve) => {
        const img = new Image();
        img.onload = () => resolve(img.naturalWidth);
        img.onerror = () => resolve(0);
        img.src = src;
      }),
    url,
  );
}

test('every brand of the brand table has a logo that loads, named by the brand', async ({ merchantPage, page, relay }) => {
  const shop = await merchantPage.open('basic');
  await shop.cardForm().waitUntilReady();
  const cacheVersion = await page.evaluate(() => (window as unknown as { wpwl: { cacheVersion: string } }).wpwl.cacheVersion);
  for (const code of ALL_BRAND_CODES) {
    const url = `${relay.url}/v1/static/${cacheVersion}/logos/${code}.svg`;
    expect(await naturalWidth(page, url), code).toBeGreaterThan(0);
    const res = await page.request.get(url);
    expect(res.headers()['content-type']).toContain('image/svg+xml');
    expect(res.headers()['cache-control']).toContain('immutable');
    expect(await res.text()).toContain(`<title>${brandDisplayName(code)!}</title>`);
  }
  expect((await page.request.get(`${relay.url}/v1/static/${cacheVersion}/logos/NOSUCHBRAND.svg`)).status()).toBe(404);
  // Card brands are named in the brand select by the same names.
  for (const { code } of CARD_BRANDS.slice(0, 3)) {
    await expect(shop.cardForm().brandSelect.locator(`option[value="${code}"]`)).toHaveText(brandDisplayName(code)!);
  }
});

test('the forms that are not cards show their brand\'s logo, named, and each pay button names its method; the card form says "Pay by card"', async ({ merchantPage, page }) => {
  const shop = await merchantPage.open('two-forms', { brands: 'VISA MASTER', values: { secondBrands: `${SEVERAL} DIRECTDEBIT_SEPA ALIPAY APPLEPAY` } });
  await shop.cardForm().waitUntilReady();
  const others: Array<[string, string]> = [
    ['GIROPAY', 'giropay'],
    ['SOFORTUEBERWEISUNG', 'Sofort'],
    ['PAYPAL', 'PayPal'],
    ['BOLETO', 'Boleto Bancário'],
    ['DIRECTDEBIT_SEPA', 'SEPA Direct Debit'],
    ['ALIPAY', 'Alipay'],
  ];
  for (const [code, name] of others) {
    const container = page.locator(`div.wpwl-container:is(.wpwl-container-virtualAccount-${code}, .wpwl-container-directDebit-${code})`);
    const logo = container.locator(`.wpwl-brand-${code}`).getByRole('img', { name });
    await expect(logo).toBeVisible();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(container.getByRole('form', { name })).toBeVisible();
    await expect(container.getByRole('button', { name: `Pay with ${name}` })).toBeVisible();
  }
  // The wallet's button is named after the wallet, as before; its logo is there too.
  const apple = page.locator('div.wpwl-container-virtualAccount-APPLEPAY');
  await expect(apple.getByRole('img', { name: 'Apple Pay' })).toBeVisible();
  await expect(apple.getByRole('button', { name: 'Apple Pay' })).toBeVisible();
  await expect(shop.cardForm().payButton).toHaveText('Pay by card');
  // One name per pay button.
  const names = await page.locator('button.wpwl-button-pay').evaluateAll((buttons) => buttons.map((b) => b.textContent));
  expect(new Set(names).size).toBe(names.length);
  expect(shop.errors).toEqual([]);
});

test('a single card form keeps "Pay now"; a merchant\'s own button label is kept; the labels follow the locale', async ({ merchantPage, page }) => {
  const single = await merchantPage.open('basic');
  await single.cardForm().waitUntilReady();
  await expect(single.cardForm().payButton).toHaveText('Pay now');

  const own = await merchantPage.open('two-forms', { brands: 'VISA', values: { secondBrands: 'PAYPAL' }, options: () => Object.assign(window, { wpwlOptions: { labels: { submit: 'Order' } } }) });
  await own.cardForm().waitUntilReady();
  await expect(own.cardForm().payButton).toHaveText('Order');
  await expect(page.getByRole('button', { name: 'Pay with PayPal' })).toBeVisible();

  const german = await merchantPage.open('two-forms', { brands: 'VISA', values: { secondBrands: 'PAYPAL' }, options: () => Object.assign(window, { wpwlOptions: { locale: 'de' } }) });
  await expect(german.cardForm().payButton).toHaveText('Mit Karte bezahlen', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Mit PayPal bezahlen' })).toBeVisible();
});

test('card, online transfer, PayPal and boleto forms on one page: no axe violations', async ({ merchantPage, page }) => {
  // One form listing them all, as the demo shop's checkout does, on a page with a main landmark.
  const shop = await merchantPage.open('accessible', { brands: `VISA MASTER AMEX ${SEVERAL}` });
  await shop.cardForm().waitUntilReady();
  await expect(shop.cardForm().payButton).toHaveText('Pay by card');
  await expect(page.locator('form.wpwl-form-virtualAccount-BOLETO')).toBeVisible();
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

/** What a brand badge shows: its ::after text (styles.css), without the quotes CSS gives it. */
function badgeText(page: Page, selector: string): Promise<string> {
  return page.locator(selector).evaluate((el) => getComputedStyle(el, '::after').content.replace(/^"|"$/g, '').replace(/^none$/, ''));
}

test('every card brand badge shows the brand, in the logos row and in the card form once chosen', async ({ merchantPage, page }) => {
  const codes = CARD_BRANDS.map((b) => b.code);
  for (const group of [codes.slice(0, 10), codes.slice(10)]) {
    const shop = await merchantPage.open('basic', { options: "window.wpwlOptions = { style: 'logos' };", brands: group.join(' ') });
    const form = shop.cardForm();
    await expect(form.form.locator('.wpwl-group-logos .wpwl-brand')).toHaveCount(group.length);
    for (const code of group) {
      const shown = await badgeText(page, `.wpwl-group-logos .wpwl-brand-${code}`);
      expect(shown, code).not.toBe('');
      expect(shown.length, code).toBeLessThanOrEqual(brandDisplayName(code)!.length);
    }
    // Chosen from the row, the brand shows in the form's own brand box too.
    const last = group[group.length - 1]!;
    await form.form.locator(`.wpwl-group-logos .wpwl-brand-${last}`).click();
    await expect(form.form.locator('.wpwl-group-brand .wpwl-brand')).toHaveAttribute('title', brandDisplayName(last)!);
    expect(await badgeText(page, '.wpwl-group-brand .wpwl-brand')).not.toBe('');
  }
});
