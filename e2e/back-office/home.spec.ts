// Home: after a payment the page shows the figures the API answers, the chart's box is in place at
// its size before the chart is drawn in it, a chargeback shows under "Needs attention" with a link
// to its payment, axe finds nothing at desktop width or at 375 px (where nothing scrolls sideways),
// and the table of the days and the attention links are reached and opened with the keyboard.

import { expect, test, type BackOffice } from './back-office.js';

test.describe.configure({ timeout: 120_000 });

interface HomeAnswer {
  today: { payments: { succeeded: number } };
  last30Days: { payments: { succeeded: number } };
  attention: { openChargebacks?: { total: number } };
}

async function homeAnswer(backOffice: BackOffice): Promise<HomeAnswer> {
  const res = await backOffice.page.request.get(`${backOffice.url}/api/home`);
  expect(res.status()).toBe(200);
  return (await res.json()) as HomeAnswer;
}

/** A chargeback of part of a payment through the simulator (test environment). */
async function chargeBack(backOffice: BackOffice, paymentId: string): Promise<void> {
  const res = await backOffice.relay.request('POST', `/v1/test/payments/${paymentId}/chargeback`, {
    entityId: backOffice.relay.credentials.entityId,
    amount: '5.00',
    currency: 'EUR',
    reasonCode: '000.100.220',
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

/** A payment the simulated issuer declines (the code asked for in the holder's field). */
async function decline(backOffice: BackOffice): Promise<void> {
  const res = await backOffice.relay.request('POST', '/v1/payments', {
    entityId: backOffice.relay.credentials.entityId,
    amount: '15.00',
    currency: 'EUR',
    paymentType: 'DB',
    paymentBrand: 'VISA',
    'card.number': '4200000000000000',
    'card.holder': '800.100.151',
    'card.expiryMonth': '05',
    'card.expiryYear': String(new Date().getFullYear() + 3),
    'card.cvv': '123',
  });
  expect(res.status, JSON.stringify(res.json)).toBe(400);
}

test('home shows the figures after a payment, the chart, what needs attention, at any width and by keyboard', async ({ page, backOffice }) => {
  const paid = await backOffice.payWithCard('42.00', `ORD-HOME-${Date.now()}`);
  await chargeBack(backOffice, paid);
  await decline(backOffice);
  await backOffice.signInAsOwner('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link').first()).toHaveText('Home');
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();

  // The figures are the API's (other tests pay on the same relay: compared with its answer now).
  const today = page.getByRole('region', { name: 'Today' });
  await expect(today.getByText('Successful', { exact: true })).toBeVisible();
  const answer = await homeAnswer(backOffice);
  expect(answer.today.payments.succeeded).toBeGreaterThanOrEqual(1);
  const shown = await page.evaluate((n) => new Intl.NumberFormat(navigator.languages[0] ?? navigator.language).format(n), answer.today.payments.succeeded);
  await expect(today.locator('dt:text-is("Successful") + dd')).toHaveText(shown);
  await expect(today.locator('.big-amount').first()).toContainText('€');

  // Declines by reason: the declined payment's result code group.
  await expect(page.getByRole('region', { name: 'Declines by reason' }).getByRole('rowheader', { name: 'rejected by the bank' })).toBeVisible();

  // The chart's box has its height from the style sheet, and the chart is drawn inside it.
  const chart = page.getByRole('img', { name: /^Successful and declined payments per day/ });
  await expect(chart.locator('canvas')).toBeAttached();
  const box = await chart.boundingBox();
  expect(box?.height).toBe(220);

  // Needs attention: the open chargeback, linked to its payment.
  const attention = page.getByRole('region', { name: 'Needs attention' });
  await expect(attention.getByRole('heading', { name: /Open chargebacks/ })).toBeVisible();
  await expect(attention.locator(`a[href="/payments/${paid}"]`)).toBeVisible();
  await expect(attention.getByRole('link', { name: 'All chargebacks' })).toHaveAttribute('href', '/chargebacks');

  expect(await backOffice.axeViolations(), 'home at 1280 px').toEqual([]);
  await backOffice.screenshot('home');

  // The days as a table, opened from the keyboard.
  const summary = page.getByText('The 30 days as a table');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('columnheader', { name: 'Day (UTC)' })).toBeVisible();
  expect(await backOffice.axeViolations(), 'home with the table open').toEqual([]);

  // 375 px: nothing scrolls sideways, the chart fits, axe finds nothing.
  await page.setViewportSize({ width: 375, height: 900 });
  await expect(chart).toBeVisible();
  await expect.poll(async () => (await chart.boundingBox())?.width ?? 999).toBeLessThanOrEqual(375);
  expect(await backOffice.scrollsSideways()).toBe(false);
  expect(await backOffice.axeViolations(), 'home at 375 px').toEqual([]);
  await backOffice.screenshot('home');

  // Keyboard: Tab reaches the chargeback's link, Enter opens its payment.
  await page.setViewportSize({ width: 1280, height: 900 });
  const link = attention.locator(`a[href="/payments/${paid}"]`);
  await summary.focus();
  for (let tab = 0; tab < 40; tab++) {
    await page.keyboard.press('Tab');
    if (await link.evaluate((el) => el === document.activeElement)) break;
  }
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/payments/${paid}$`));
  await expect(page.getByRole('heading', { name: 'Timeline' })).toBeVisible();
});
