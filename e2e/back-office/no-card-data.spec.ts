// No card number and no CVV anywhere the back office shows or answers: not in the list, not in a
// payment's page, not in an API answer, not in the CSV export.

import { CARD_NUMBER, CVV, expect, test } from './back-office.js';

test('the card number and CVV of a payment appear in no page and no answer', async ({ page, backOffice }) => {
  const id = await backOffice.payWithCard('15.00', `ORD-PAN-${Date.now()}`);
  const answers: Promise<string>[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/')) answers.push(response.text().catch(() => ''));
  });
  await backOffice.signInAsOwner('/payments');
  await expect(page.getByRole('link', { name: /, / }).first()).toBeVisible();
  const listText = await page.locator('body').innerText();
  const listHtml = await page.content();

  await page.goto(`${backOffice.url}/payments/${id}`);
  await expect(page.getByRole('heading', { name: 'Card' })).toBeVisible();
  // The masked card is there: its last four digits.
  await expect(page.getByRole('region', { name: 'Card' })).toContainText('0000');
  const detailText = await page.locator('body').innerText();
  const detailHtml = await page.content();

  const csv = await (await page.request.get(`${backOffice.url}/api/payments/export.csv`)).text();
  expect(csv).toContain(id);

  for (const [what, text] of [['list', listText + listHtml], ['payment page', detailText + detailHtml], ['CSV export', csv], ['API answers', (await Promise.all(answers)).join('\n')]] as const) {
    expect(text, what).not.toContain(CARD_NUMBER);
    expect(text, what).not.toMatch(new RegExp(`\\b${CVV}\\b`));
    expect(text.toLowerCase(), what).not.toContain('cvv');
  }
});
