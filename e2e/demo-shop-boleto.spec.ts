// A boleto from the demo shop end to end, as a shopper in Brazil: product page -> "Pay with boleto
// (Brazil)" -> the widget's slip form (name, CPF checked as typed, address) -> the slip page -> back
// to the shop's result page, which reads pending -> the relay's test clock moved past the slip's
// confirmation -> the result page reads the success.

import { expect, test } from './fixtures.js';

/** A CPF with valid check digits, from nine random digits (mod 11 over the Receita's weights). */
function generatedCpf(): string {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (digits.every((d) => d === digits[0])) digits[0] = (digits[0]! + 1) % 10;
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((acc, d, i) => acc + d * (length + 1 - i), 0);
    const r = sum % 11;
    digits.push(r < 2 ? 0 : 11 - r);
  }
  return digits.join('');
}

/** The test clock's time format, `days` after now. */
function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
}

test('a shopper pays a boleto: the slip form refuses a bad CPF as typed, the slip page leads back to a pending result, and the moved clock confirms it', async ({ page, demoShop, relay }) => {
  await page.goto(demoShop.url);
  await page.getByRole('button', { name: 'Pay with boleto (Brazil)' }).click();
  await expect(page).toHaveURL(/\/pay\?checkoutId=[^&]+&offer=boleto/);
  await expect(page.getByTestId('total')).toHaveText('R$ 249,00');

  const form = page.locator('div.wpwl-container.wpwl-container-virtualAccount.wpwl-container-virtualAccount-BOLETO form.wpwl-form.wpwl-form-virtualAccount-BOLETO');
  await expect(form).toBeVisible();
  // No card form: the checkout offers only the slip.
  await expect(page.locator('.wpwl-container-card')).toHaveCount(0);
  await form.locator('input[name="customer.givenName"]').fill('Maria');
  await form.locator('input[name="customer.surname"]').fill('Souza');

  // A CPF with a wrong check digit is refused as it is typed, before anything is sent.
  const cpf = generatedCpf();
  const wrong = cpf.slice(0, 10) + String((Number(cpf[10]) + 1) % 10);
  const taxNumber = form.locator('input[name="customer.identificationDocId"]');
  await taxNumber.pressSequentially(wrong);
  await expect(form.locator('.wpwl-hint-taxNumberError')).toBeVisible();
  await expect(taxNumber).toHaveClass(/wpwl-has-error/);
  await expect(taxNumber).toHaveAttribute('aria-invalid', 'true');

  await form.locator('input[name="billing.street1"]').fill('Avenida Paulista 1000');
  await form.locator('input[name="billing.city"]').fill('São Paulo');
  await form.locator('input[name="billing.state"]').fill('SP');
  await form.locator('input[name="billing.postcode"]').fill('01310-100');
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().includes('/account') && posts.push(r.postData() ?? ''));
  await form.locator('button.wpwl-button-pay').click();
  await expect(form.locator('.wpwl-hint-taxNumberError')).toBeVisible();
  expect(posts).toHaveLength(0);

  // Typed as people write it, dots and dash included; sent as digits.
  await taxNumber.fill('');
  await taxNumber.pressSequentially(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`);
  await expect(form.locator('.wpwl-hint-taxNumberError')).toHaveCount(0);
  await expect(taxNumber).toHaveAttribute('aria-invalid', 'false');
  await form.locator('button.wpwl-button-pay').click();

  // The slip page: the boleto, its payer, and a way back to the shop.
  await expect(page).toHaveURL(new RegExp(`^${relay.url}/v1/vouchers/`));
  await expect(page.getByRole('heading', { name: 'Boleto Bancário' })).toBeVisible();
  await expect(page.locator('dd').filter({ hasText: '249.00 BRL' })).toBeVisible();
  await expect(page.locator('dd').filter({ hasText: 'Maria Souza' })).toBeVisible();
  await expect(page.locator('#slip-barcode svg')).toBeVisible();
  expect(posts).toHaveLength(1);
  const sent = new URLSearchParams(posts[0]);
  expect(sent.get('customer.identificationDocId')).toBe(cpf);
  expect(sent.get('billing.postcode')).toBe('01310100');
  expect([...sent.keys()].filter((n) => n.startsWith('card.'))).toEqual([]);

  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page).toHaveURL(/\/result\?id=[^&]+&resourcePath=/);
  const result = new URL(page.url());
  const checkoutId = result.searchParams.get('id') ?? '';
  expect(result.searchParams.get('resourcePath')).toBe(`/v1/checkouts/${checkoutId}/payment`);
  await expect(page.locator('main')).toHaveAttribute('data-outcome', 'pending');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment pending');
  await expect(page.getByTestId('brand')).toHaveText('BOLETO');
  await expect(page.getByTestId('result-code')).toHaveText('000.100.112');

  // The shopper pays at the bank; the simulator confirms the slip two business days later. Ten
  // days ahead is past that whatever the weekday and holidays.
  const moved = await relay.request('POST', '/v1/test/clock', { entityId: relay.credentials.entityId, time: daysAhead(10) });
  expect(moved.status).toBe(200);
  expect((moved.json.ran as Record<string, number>).voucherSlips).toBe(1);

  await page.reload();
  await expect(page.locator('main')).toHaveAttribute('data-outcome', 'success');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you! Your payment went through.');
  await expect(page.getByTestId('result-code')).toHaveText('000.000.000');
  await expect(page.getByTestId('amount')).toHaveText('R$ 249,00');
});
