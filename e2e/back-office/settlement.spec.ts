// Settlement and chargebacks in the back office, on a channel of their own: payments through the
// merchant API (one priced with a currency quote), chargebacks through the simulator (one reversed),
// the channel's test clock moved past the day's close so the relay settles the day as its job
// would. The Settlement page shows the day by currency with totals and the fee table and quote
// used, opens the day's records and downloads the reconciliation file; the Chargebacks page shows
// the open and the closed one. axe, 375 px and the keyboard on each.

import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { Relay } from '../fixtures.js';
import { merchantOf, relayCli, type EntityView } from '../support/relay-store.js';
import { CARD_NUMBER, CVV, expect, test, type BackOffice } from './back-office.js';

// Two CLI runs, a settlement and axe at two widths: slow on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface SettledChannel {
  entityId: string;
  open: { chargebackId: string; paymentId: string };
  closed: { chargebackId: string; paymentId: string };
  quotedPaymentId: string;
}

async function pay(relay: Relay, entityId: string, amount: string, extra: Record<string, string> = {}): Promise<string> {
  const paid = await relay.request('POST', '/v1/payments', {
    entityId,
    amount,
    currency: 'EUR',
    paymentType: 'DB',
    paymentBrand: 'VISA',
    merchantTransactionId: `ORD-SETTLE-${amount}`,
    'card.number': CARD_NUMBER,
    'card.holder': 'Jane Jones',
    'card.expiryMonth': '05',
    'card.expiryYear': String(new Date().getFullYear() + 3),
    'card.cvv': CVV,
    ...extra,
  });
  expect(paid.status, JSON.stringify(paid.json)).toBe(200);
  return String(paid.json.id);
}

async function chargeBack(relay: Relay, entityId: string, paymentId: string, amount: string, reasonCode: string): Promise<string> {
  const made = await relay.request('POST', `/v1/test/payments/${paymentId}/chargeback`, { entityId, amount, currency: 'EUR', reasonCode });
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  return String(made.json.id);
}

/** A channel with a fee table, payments, a quoted payment, two chargebacks (one reversed), its day settled. */
async function settledChannel(backOffice: BackOffice): Promise<SettledChannel> {
  const { relay } = backOffice;
  const merchantId = merchantOf(relay.dataDir, relay.credentials.entityId);
  const { entityId } = (await relayCli(relay.dataDir, 'entity', 'create', '--merchant', merchantId, '--name', 'Settlement shop')) as EntityView;
  await relayCli(relay.dataDir, 'entity', 'set', entityId, '--settlement-fee', 'VISA=2.50%+0.30');

  await pay(relay, entityId, '24.90');
  const openPayment = await pay(relay, entityId, '10.00');
  const closedPayment = await pay(relay, entityId, '15.00');
  const open = await chargeBack(relay, entityId, openPayment, '10.00', '000.100.220');
  const closed = await chargeBack(relay, entityId, closedPayment, '5.00', '000.100.203');
  const reversed = await relay.request('POST', `/v1/test/payments/${closedPayment}/chargeback-reversal`, { entityId, chargebackId: closed });
  expect(reversed.status, JSON.stringify(reversed.json)).toBe(200);

  const quote = await relay.request('POST', '/v1/quotes', { entityId, currency: 'USD', targetCurrency: 'BRL' });
  expect(quote.status, JSON.stringify(quote.json)).toBe(200);
  const quotedPaymentId = await pay(relay, entityId, '53.50', { currency: 'BRL', quoteId: String(quote.json.id) });

  // Past the close of today (midnight UTC plus the cut-off): the relay settles the channel's day.
  const moved = await relay.request('POST', '/v1/test/clock', { entityId, time: `${utcDay(Date.now() + 2 * DAY_MS)} 12:00:00` });
  expect(moved.status, JSON.stringify(moved.json)).toBe(200);
  return { entityId, open: { chargebackId: open, paymentId: openPayment }, closed: { chargebackId: closed, paymentId: closedPayment }, quotedPaymentId };
}

/** axe at desktop width and at 375 px, nothing sideways at 375 px; a screenshot of each. */
async function checkWidths(backOffice: BackOffice, name: string, ready: () => Promise<void>): Promise<void> {
  for (const width of [1280, 375]) {
    await backOffice.page.setViewportSize({ width, height: 900 });
    await ready();
    expect(await backOffice.axeViolations(), `${name} at ${width} px`).toEqual([]);
    expect(await backOffice.scrollsSideways(), `${name} scrolls sideways at ${width} px`).toBe(false);
    await backOffice.screenshot(name);
  }
  await backOffice.page.setViewportSize({ width: 1280, height: 900 });
}

function region(page: Page, name: string) {
  return page.getByRole('region', { name });
}

test('settlement: the day by currency with totals, its records, the file, the fee table and the quote used', async ({ page, backOffice }) => {
  const channel = await settledChannel(backOffice);
  await backOffice.signInAsOwner(`/settlement?channel=${channel.entityId}`);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settlement' })).toBeVisible();

  // EUR: 24.90 + 10.00 + 15.00 settled, 15.00 charged back, 5.00 of it reversed, fees of 2.50% + 0.30
  // on each debit (0.92, 0.55, 0.68). USD: the quoted BRL 53.50 settles as USD 10.00, fee 0.55.
  const totals = region(page, 'Totals');
  const eur = totals.getByRole('row').filter({ hasText: 'EUR' });
  await expect(eur).toContainText('€49.90');
  await expect(eur).toContainText('€2.15');
  await expect(eur).toContainText('€15.00');
  await expect(eur).toContainText('€5.00');
  await expect(eur).toContainText('€37.75');
  await expect(totals.getByRole('row').filter({ hasText: 'USD' })).toContainText('$9.45');
  await expect(region(page, 'Fees').getByRole('row').filter({ hasText: 'VISA' })).toContainText('2.50%');
  await expect(region(page, 'Fees').getByRole('row').filter({ hasText: 'VISA' })).toContainText('0.30');
  const quote = region(page, 'Currency quotes used').getByRole('row').filter({ hasText: 'USD → BRL' });
  await expect(quote).toContainText('5.3500');
  await expect(quote.getByRole('link')).toHaveAttribute('href', `/payments/${channel.quotedPaymentId}`);

  await checkWidths(backOffice, 'settlement', () => expect(eur).toBeVisible());

  // The reconciliation file of the range, as the merchant API gives it.
  const downloading = page.waitForEvent('download');
  await region(page, 'Reconciliation file').getByRole('link', { name: 'Download the file' }).click();
  const file = await readFile((await (await downloading).path())!, 'utf8');
  expect(file.startsWith('ReconciliationType;PaymentType;Cashflow;')).toBe(true);
  for (const id of [channel.open.chargebackId, channel.closed.chargebackId, channel.quotedPaymentId]) expect(file).toContain(id);
  expect(file).not.toContain(CARD_NUMBER);

  // The EUR day's records, opened from the keyboard: three debits with their fees, two chargebacks, a reversal.
  const day = region(page, 'By day and currency').getByRole('link', { name: /EUR/ });
  await day.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /^Settlement of .*, EUR$/ })).toBeVisible();
  const records = page.getByRole('table', { name: /Reconciliation records/ });
  await expect(page.getByText('9 records')).toBeVisible();
  await expect(records.getByRole('row').filter({ hasText: 'Chargeback reversed' })).toHaveCount(1);
  await expect(records.getByRole('link').first()).toHaveAttribute('href', /^\/payments\/[0-9a-f]{32}$/);
  await checkWidths(backOffice, 'settlement-day', () => expect(records).toBeVisible());
  await page.getByRole('link', { name: '← Settlement' }).click();
  await expect(page.getByRole('heading', { name: 'Settlement', exact: true })).toBeVisible();
});

test('chargebacks: the open one and, on its tab, the closed one with its reversal', async ({ page, backOffice }) => {
  const channel = await settledChannel(backOffice);
  await backOffice.signInAsOwner(`/chargebacks?channel=${channel.entityId}`);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chargebacks' })).toBeVisible();

  const tabs = page.getByRole('navigation', { name: 'Chargebacks by state' });
  await expect(tabs.getByRole('link', { name: 'Open' })).toHaveAttribute('aria-current', 'page');
  const open = page.getByRole('row').filter({ hasText: 'Fraudulent Transaction' });
  await expect(open).toContainText('€10.00');
  await expect(open).toContainText('Open');
  await expect(open.getByRole('link', { name: /Debit of €10\.00/ })).toHaveAttribute('href', `/payments/${channel.open.paymentId}`);
  await expect(page.getByRole('row').filter({ hasText: 'Insufficient Funds' })).toHaveCount(0);
  await checkWidths(backOffice, 'chargebacks', () => expect(open).toBeVisible());

  // The Closed tab from the keyboard.
  await tabs.getByRole('link', { name: 'Closed' }).focus();
  await page.keyboard.press('Enter');
  await expect(tabs.getByRole('link', { name: 'Closed' })).toHaveAttribute('aria-current', 'page');
  const closed = page.getByRole('row').filter({ hasText: 'Insufficient Funds' });
  await expect(closed).toContainText('Reversed');
  await expect(closed.getByRole('cell', { name: /€5\.00, / })).toBeVisible();
  await expect(closed.getByRole('link')).toHaveAttribute('href', `/payments/${channel.closed.paymentId}`);
  await expect(page.getByRole('row').filter({ hasText: 'Fraudulent Transaction' })).toHaveCount(0);
  expect(await page.content()).not.toContain(CARD_NUMBER);

  // The payment a chargeback names opens from its row.
  await closed.getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Timeline' })).toBeVisible();
});
