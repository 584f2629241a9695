// Accessibility (issue item 7): zero axe-core violations on the demo shop's payment pages and the
// test merchant page in every style and in Arabic, with errors shown as well; every control is
// named, iframes have short titles, errors set aria-invalid and aria-describedby (inside the card
// frames too) and are announced through a live region that is in the page from the start;
// the keyboard goes through the form in the order it is drawn.

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';

// axe walks the page and both card frames, twice per test: slow on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

/** axe over the page and its frames (the card frames included); the violations, summarised. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const style of ['card', 'plain', 'logos']) {
  test(`demo shop gallery page, style ${style}: no axe violations, before and with errors shown`, async ({ page, demoShop, cardForm }) => {
    await page.goto(`${demoShop.url}/gallery/widget?style=${style}`);
    // The logos style opens on the logos alone (checked as such): a choice shows the form.
    if (style === 'logos') {
      const logos = page.locator('.wpwl-group-logos').getByRole('button');
      await expect(logos).toHaveCount(3);
      expect(await violations(page)).toEqual([]);
      await logos.first().click();
    }
    await cardForm.waitUntilReady();
    expect(await violations(page)).toEqual([]);
    await cardForm.payButton.click();
    await expect(cardForm.hint('cardNumber')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
}

test('demo shop payment page: no axe violations', async ({ page, demoShop, cardForm }) => {
  await page.goto(demoShop.url);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await cardForm.waitUntilReady();
  expect(await violations(page)).toEqual([]);
});

for (const style of ['card', 'plain']) {
  test(`merchant page in Arabic, style ${style}: no axe violations, before and with errors shown`, async ({ merchantPage, page }) => {
    const shop = await merchantPage.open('accessible', {
      lang: 'ar',
      options: `window.wpwlOptions = { locale: 'ar', style: '${style}' };`,
    });
    const form = shop.cardForm({ labels: { cardNumber: 'رقم البطاقة', cvv: 'رمز التحقق' } });
    await form.waitUntilReady();
    expect(await violations(page)).toEqual([]);
    await form.payButton.click();
    await expect(form.hint('cvv')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
}

test('controls are named, iframes have short titles, errors are described and announced', async ({ merchantPage, page }) => {
  const shop = await merchantPage.open('accessible');
  const form = shop.cardForm();
  await form.waitUntilReady();
  await expect(form.control('cardNumber')).toHaveAttribute('title', 'Card Number');
  await expect(form.control('cvv')).toHaveAttribute('title', 'CVV');
  await expect(page.getByRole('combobox', { name: 'Brand' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Expiry Date' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Card holder' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
  // The live region is there, empty, before anything goes wrong.
  const live = form.container.getByRole('status');
  await expect(live).toHaveCount(1);
  await expect(live).toHaveText('');

  await form.payButton.click();
  const hint = form.hint('expiryMonth');
  await expect(hint).toHaveText('Invalid expiry date');
  await expect(form.expiryInput).toHaveAttribute('aria-invalid', 'true');
  await expect(form.expiryInput).toHaveAttribute('aria-describedby', (await hint.getAttribute('id'))!);
  await expect(form.cardNumberInput).toHaveAttribute('aria-invalid', 'true');
  await expect(form.cardNumberInput).toHaveAccessibleDescription('Invalid card number or brand');
  await expect(form.cvvInput).toHaveAccessibleDescription('Invalid CVV');
  await expect(live).toHaveText('Invalid card number or brand. Invalid expiry date. Invalid CVV');

  // Fixed: no longer invalid, no longer described, no longer announced.
  await form.fillExpiry('12 / 40');
  await expect(form.expiryInput).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.expiryInput).not.toHaveAttribute('aria-describedby', /./);
  await expect(live).toHaveText('Invalid card number or brand. Invalid CVV');
  expect(shop.errors).toEqual([]);
});

test('the keyboard goes through page inputs and card frames in the order they are drawn', async ({ merchantPage, page }) => {
  const shop = await merchantPage.open('accessible');
  const form = shop.cardForm();
  await form.waitUntilReady();
  await form.brandSelect.focus();
  await page.keyboard.press('Tab');
  await expect(form.cardNumberInput).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.expiryInput).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.holderInput).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.cvvInput).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.payButton).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(form.cvvInput).toBeFocused();
  // And the drawn order is the same: each control starts below the one before it.
  const tops = await Promise.all(['brand', 'cardNumber', 'expiry', 'cardHolder', 'cvv'].map(async (f) => (await form.control(f as 'brand').boundingBox())!.y));
  expect([...tops].sort((a, b) => a - b)).toEqual(tops);
});
