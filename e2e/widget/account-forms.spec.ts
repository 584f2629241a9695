// The forms of brands that are not cards: SEPA direct debit (holder, IBAN with its checksum, BIC)
// and virtual accounts (whose provider page the shopper approves on), each in its own container, with the onBeforeSubmitDirectDebit /
// onBeforeSubmitVirtualAccount veto, executePayment by container class, and brands the widget
// cannot offer reported through onError. They load with extras.min.js, only when listed.

import { expect, futureExpiry, test, testCards } from '../fixtures.js';
import { expectErrors, recordErrorsAnd } from '../support/widget-errors.js';

test('SEPA direct debit: the IBAN checksum is checked before submit, the veto blocks, then it pays and lands with resourcePath', async ({ merchantPage, page, relay }) => {
  const extras: string[] = [];
  page.on('request', (r) => r.url().includes('extras.min.js') && extras.push(r.url()));
  const shop = await merchantPage.open('two-forms', {
    brands: 'VISA',
    values: { secondBrands: 'DIRECTDEBIT_SEPA' },
    options: () =>
      Object.assign(window, {
        wpwlOptions: {
          onBeforeSubmitDirectDebit: function (this: HTMLFormElement) {
            const w = window as unknown as { vetoes?: number };
            w.vetoes = (w.vetoes ?? 0) + 1;
            // The first submit is vetoed, as a merchant's own terms checkbox would.
            return w.vetoes > 1;
          },
        },
      }),
  });
  await shop.cardForm().waitUntilReady();
  const sepa = page.locator('div.wpwl-container.wpwl-container-directDebit.wpwl-container-directDebit-DIRECTDEBIT_SEPA form.wpwl-form-directDebit');
  await expect(sepa).toBeVisible();
  await expect(page.locator('form.paymentWidgets').nth(1)).toBeHidden();
  await sepa.locator('input[name="bankAccount.holder"]').fill('Jane Jones');
  await sepa.locator('input[name="bankAccount.iban"]').fill('DE23 1000 0000 1234 5678 91');
  await sepa.locator('input[name="bankAccount.bic"]').fill('MARKDEF1100');
  await sepa.locator('button.wpwl-button-pay').click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { vetoes?: number }).vetoes)).toBe(1);
  await sepa.locator('button.wpwl-button-pay').click();
  await expect(sepa.locator('.wpwl-hint-accountNumberError')).toBeVisible();
  await expect(sepa.locator('input[name="bankAccount.iban"]')).toHaveClass(/wpwl-has-error/);
  await sepa.locator('input[name="bankAccount.iban"]').fill('DE23 1000 0000 1234 5678 90');
  await page.evaluate(() => (window as unknown as { wpwl: { executePayment(c: string): void } }).wpwl.executePayment('wpwl-container-directDebit-DIRECTDEBIT_SEPA'));
  const { id, resourcePath } = await shop.waitForResult();
  expect(resourcePath).toBe(`/v1/checkouts/${id}/payment`);
  expect(await relay.paymentStatus(id)).toMatchObject({ paymentBrand: 'DIRECTDEBIT_SEPA', bankAccount: { holder: 'Jane Jones' }, result: { code: expect.stringMatching(/^000\.100\.1/) } });
  expect(extras).toHaveLength(1);
});

test('a virtual account pays from its own container through its provider page; a wallet the widget cannot draw is reported through onError with its brand', async ({ merchantPage, page, relay }) => {
  const shop = await merchantPage.open('two-forms', {
    brands: 'VISA',
    values: { secondBrands: 'ALIPAY CLICK_TO_PAY NOSUCHBRAND' },
    options: recordErrorsAnd(() => ({
      onBeforeSubmitVirtualAccount: function (this: HTMLFormElement, e: { target: HTMLFormElement }) {
        sessionStorage.setItem('virtual', `${this === e.target}:${this.className.includes('wpwl-form-virtualAccount-ALIPAY')}`);
      },
    })),
  });
  await expectErrors(page, [
    { name: 'WidgetError', brand: 'CLICK_TO_PAY' },
    { name: 'WidgetError', brand: 'NOSUCHBRAND' },
  ]);
  const alipay = page.locator('div.wpwl-container-virtualAccount-ALIPAY form.wpwl-form-virtualAccount-ALIPAY');
  await expect(alipay.locator('.wpwl-brand-ALIPAY')).toHaveCount(1);
  await alipay.locator('input[name="virtualAccount.accountId"]').fill('jane@example.com');
  await alipay.locator('button.wpwl-button-pay').click();
  // The provider's page (the relay's simulator): the shopper approves there and comes back.
  await expect(page).toHaveURL(/\/v1\/redirect\/[A-Za-z0-9]{32}$/);
  await page.getByRole('button', { name: 'Approve payment' }).click();
  const { id } = await shop.waitForResult();
  expect(await page.evaluate(() => sessionStorage.getItem('virtual'))).toBe('true:true');
  expect((await relay.paymentStatus(id)).paymentBrand).toBe('ALIPAY');
});

test('a card-only page downloads no extras', async ({ merchantPage, page }) => {
  const extras: string[] = [];
  page.on('request', (r) => r.url().includes('extras.min.js') && extras.push(r.url()));
  const shop = await merchantPage.open('basic');
  await shop.cardForm().waitUntilReady();
  expect(extras).toEqual([]);
});

test('billingAddress draws the billing group prefilled; mandatoryBillingFields are enforced before submit; billing.* goes with the card', async ({ merchantPage, page, relay }) => {
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/payment') && posts.push(r.url()));
  const shop = await merchantPage.open('basic', {
    options: () =>
      Object.assign(window, {
        wpwlOptions: { billingAddress: { country: 'DE', city: 'Berlin' }, mandatoryBillingFields: { street1: true, postcode: 'true' } },
      }),
  });
  const form = shop.cardForm();
  await form.waitUntilReady();
  const billing = form.form.locator('.wpwl-group-billing');
  await expect(billing.locator('input[name="billing.country"]')).toHaveValue('DE');
  await expect(billing.locator('input[name="billing.city"]')).toHaveValue('Berlin');
  await form.fill({ number: testCards.visa, expiry: futureExpiry(), cvv: '123' });
  await form.pay();
  await expect(billing.locator('.wpwl-hint-billingError')).toHaveCount(2);
  await expect(billing.locator('input[name="billing.street1"]')).toHaveClass(/wpwl-has-error/);
  expect(posts).toEqual([]);
  await billing.locator('input[name="billing.street1"]').fill('Hauptstrasse 1');
  await billing.locator('input[name="billing.postcode"]').fill('10115');
  await form.pay();
  const { id } = await shop.waitForResult();
  expect((await relay.paymentStatus(id)).billing).toMatchObject({ country: 'DE', city: 'Berlin', street1: 'Hauptstrasse 1', postcode: '10115' });
});
