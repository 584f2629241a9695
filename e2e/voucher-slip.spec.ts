// The voucher slip page a BOLETO's redirect.url shows, in a real browser: amount, due date,
// beneficiary, the digitable line with a working copy button, the ITF-25 bar code drawn and
// visible, a print on one A4 sheet without buttons, and the page once the slip is paid.

import { expect, test } from './fixtures.js';

const BOLETO = {
  amount: '92.00',
  currency: 'BRL',
  paymentBrand: 'BOLETO',
  paymentType: 'PA',
  'billing.street1': 'Avenida Paulista 1000',
  'billing.city': 'Sao Paulo',
  'billing.state': 'SP',
  'billing.postcode': '01310100',
  'billing.country': 'BR',
  'customer.givenName': 'Maria',
  'customer.surname': 'Souza',
  'customer.identificationDocType': 'TAXSTATEMENT',
  'customer.identificationDocId': '52998224725',
  merchantTransactionId: 'order-e2e-slip',
  shopperResultUrl: 'https://shop.example/result',
};

test('shows a boleto with its bar code, copies its digitable line, prints on one A4 page', async ({ page, context, relay }) => {
  const issued = await relay.request('POST', '/v1/payments', { entityId: relay.credentials.entityId, ...BOLETO });
  expect(issued.status).toBe(200);
  const id = String(issued.json.id);
  const details = issued.json.resultDetails as Record<string, string>;
  const redirect = issued.json.redirect as { url: string; method: string };
  expect(redirect.method).toBe('GET');

  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: relay.url });
  const response = await page.goto(redirect.url);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: 'Boleto Bancário' })).toBeVisible();
  await expect(page.locator('dd').filter({ hasText: '92.00 BRL' })).toBeVisible();
  const due = details.DueDate ?? '';
  await expect(page.locator('dd').filter({ hasText: `${due.slice(8, 10)}/${due.slice(5, 7)}/${due.slice(0, 4)}` })).toBeVisible();
  await expect(page.locator('dd').filter({ hasText: 'Maria Souza' })).toBeVisible();

  const line = details.DigitableLine ?? '';
  const shown = page.locator('#slip-line');
  await expect(shown).toHaveText(`${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line[32]} ${line.slice(33)}`);

  // The bar code: an SVG of the 44 digits, drawn wide and tall enough to scan.
  const barcode = page.locator('#slip-barcode svg');
  await expect(barcode).toBeVisible();
  await expect(barcode).toHaveAttribute('data-digits', details.BarCodeNumber ?? '');
  // Start (two bars), five bars for each of the 22 pairs of digits, stop (two bars).
  expect(await barcode.locator('g rect').count()).toBe(2 + 22 * 5 + 2);
  const box = await barcode.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(300);
  expect(box?.height ?? 0).toBeGreaterThan(40);

  const copy = page.getByRole('button', { name: 'Copy' });
  await copy.click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(line);

  // Printed: no buttons, the bar code still there, one A4 sheet.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(barcode).toBeVisible();
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  await page.emulateMedia({ media: 'screen' });

  // Paid through the test operation: the page says so.
  const paid = await relay.request('POST', `/v1/test/vouchers/${id}/pay`, { entityId: relay.credentials.entityId });
  expect(paid.status).toBe(200);
  await page.reload();
  await expect(page.getByRole('status')).toContainText('Paid');
});
