// The widget's slip form (extras) on a merchant page: fields the checkout already carries are not
// asked again, a CNPJ passes the check as typed, executePayment submits by the container's class;
// OXXO asks nothing and only issues its slip. Each lands on the relay's slip page. Portuguese
// words, and no axe violations with the hints shown.

import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures.js';

test('BOLETO: the checkout carries the name and address, so only the CPF/CNPJ is asked; executePayment issues the slip', async ({ merchantPage, page, relay }) => {
  const checkoutReads: string[] = [];
  page.on('request', (r) => {
    if (/\/v1\/checkouts\/[^/]+\/widget/.test(r.url())) checkoutReads.push(r.url());
  });
  const shop = await merchantPage.open('basic', {
    brands: 'BOLETO',
    checkout: {
      amount: '92.00',
      currency: 'BRL',
      paymentType: 'PA',
      'customer.givenName': 'Maria',
      'customer.surname': 'Souza',
      'billing.street1': 'Avenida Paulista 1000',
      'billing.city': 'Sao Paulo',
      'billing.state': 'SP',
      'billing.postcode': '01310100',
      'billing.country': 'BR',
    },
  });
  const form = page.locator('.wpwl-container-virtualAccount-BOLETO form.wpwl-form-virtualAccount-BOLETO');
  await expect(form).toBeVisible();
  await expect(form.locator('input[name="customer.identificationDocId"]')).toBeVisible();
  // Never drawn: the widget's one read of the checkout says it carries them.
  await expect(form.locator('input.wpwl-control')).toHaveCount(1);
  expect(checkoutReads).toHaveLength(1);
  await expect(form.locator('input[name="billing.country"]')).toHaveCount(0);
  await expect(form.locator('input[name="customer.identificationDocType"]')).toHaveValue('TAXSTATEMENT');

  const taxNumber = form.locator('input[name="customer.identificationDocId"]');
  // Eleven digits that are no CPF show the hint; going on to a valid CNPJ clears it.
  await taxNumber.pressSequentially('11.222.333/000');
  await expect(form.locator('.wpwl-hint-taxNumberError')).toBeVisible();
  await taxNumber.pressSequentially('1-81');
  await expect(form.locator('.wpwl-hint-taxNumberError')).toHaveCount(0);
  await page.evaluate(() => (window as unknown as { wpwl: { executePayment(c: string): void } }).wpwl.executePayment('wpwl-container-virtualAccount-BOLETO'));

  await expect(page).toHaveURL(new RegExp(`^${relay.url}/v1/vouchers/`));
  await expect(page.locator('dd').filter({ hasText: 'Maria Souza' })).toBeVisible();
  const status = await relay.paymentStatus(shop.checkoutId);
  expect(status).toMatchObject({ paymentBrand: 'BOLETO', result: { code: '000.100.112' } });
});

test('OXXO asks nothing: its button issues the slip and the slip page shows the payment reference', async ({ merchantPage, page, relay }) => {
  await merchantPage.open('basic', { brands: 'OXXO', checkout: { amount: '150.00', currency: 'MXN', paymentType: 'PA' } });
  const form = page.locator('.wpwl-container-virtualAccount-OXXO form.wpwl-form-virtualAccount-OXXO');
  await expect(form).toBeVisible();
  await expect(form.locator('input.wpwl-control')).toHaveCount(0);
  await form.locator('button.wpwl-button-pay').click();
  await expect(page).toHaveURL(new RegExp(`^${relay.url}/v1/vouchers/`));
  await expect(page.getByRole('heading', { name: 'OXXO' })).toBeVisible();
  await expect(page.getByText('Payment reference')).toBeVisible();
});

test('in Portuguese the boleto form speaks it; a merchant label wins', async ({ merchantPage, page }) => {
  await merchantPage.open('basic', {
    brands: 'BOLETO',
    checkout: { amount: '92.00', currency: 'BRL', paymentType: 'PA' },
    options: () => Object.assign(window, { wpwlOptions: { locale: 'pt', labels: { postcode: 'Código postal' } } }),
  });
  const form = page.locator('form.wpwl-form-virtualAccount-BOLETO');
  await expect(form.locator('.wpwl-label-givenName')).toHaveText('Nome');
  await expect(form.locator('.wpwl-label-postcode')).toHaveText('Código postal');
  await expect(form.getByRole('textbox', { name: 'Sobrenome' })).toBeVisible();
  await form.locator('input[name="customer.identificationDocId"]').pressSequentially('12345678900');
  await expect(form.locator('.wpwl-hint-taxNumberError')).toHaveText('CPF ou CNPJ inválido');
});

test('the demo shop boleto page has no axe violations, before and with errors shown; hints describe their fields', async ({ page, demoShop }) => {
  const violations = async () => (await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  await page.goto(demoShop.url);
  await page.getByRole('button', { name: 'Pay with boleto (Brazil)' }).click();
  const form = page.locator('form.wpwl-form-virtualAccount-BOLETO');
  await expect(form).toBeVisible();
  expect(await violations()).toEqual([]);
  await form.locator('button.wpwl-button-pay').click();
  await expect(form.locator('.wpwl-hint')).toHaveCount(7);
  await expect(form.getByRole('textbox', { name: 'CPF / CNPJ' })).toHaveAccessibleDescription('Invalid CPF or CNPJ');
  expect(await violations()).toEqual([]);
});
