// The report page as a merchant uses it: nothing without a valid token; with the channel and its
// token, today's payments, the settlement section and the reconciliation file as a download.

import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.js';
import type { RelayApi } from './support/relay-api.js';
import { merchantOf, relayCli, type EntityView } from './support/relay-store.js';
import { waitUntil } from './support/wait-until.js';

const CARD = { paymentBrand: 'VISA', 'card.number': '4200000000000000', 'card.holder': 'Jane Jones', 'card.expiryMonth': '05', 'card.expiryYear': '2034', 'card.cvv': '123' };

/** True once today's date-range report (its first ten pages, as the page reads them) lists `paymentId`. */
async function reportLists(relay: RelayApi, entityId: string, paymentId: string): Promise<true | undefined> {
  const today = new Date().toISOString().slice(0, 10);
  for (let pageNo = 1, pages = 1; pageNo <= pages && pageNo <= 10; pageNo++) {
    const answer = await relay.request('GET', '/v1/query', { entityId, 'date.from': today, 'date.to': today, pageNo: String(pageNo) });
    if (answer.status !== 200) return undefined;
    pages = Number(answer.json.pages);
    if ((answer.json.payments as { id: string }[]).some((p) => p.id === paymentId)) return true;
  }
  return undefined;
}

test('shows today’s payments and downloads the file only with the channel’s token', async ({ page, relay }) => {
  // A channel of its own: another test of this worker may move the test merchant's clock past
  // today, which settles today for that channel (settlement follows the test clock).
  const merchantId = merchantOf(relay.dataDir, relay.credentials.entityId);
  const { entityId } = (await relayCli(relay.dataDir, 'entity', 'create', '--merchant', merchantId, '--name', 'Reports')) as EntityView;
  const paid = await relay.request('POST', '/v1/payments', { entityId, amount: '12.34', currency: 'EUR', paymentType: 'DB', ...CARD });
  expect(paid.status).toBe(200);
  const paymentId = String(paid.json.id);

  const response = await page.goto(`${relay.url}/reports/v1/page`);
  expect(response?.headers()['content-security-policy']).toContain("default-src 'none'");
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Channel (entityId)').fill(entityId);
  await signIn.getByLabel('Access token').fill('not-the-token');
  await signIn.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('status')).toHaveText('The channel or the access token is not valid.');
  await expect(page.locator('#report')).toBeHidden();

  // A payment shows in reports a few seconds after it was made (REPORT_VISIBILITY_DELAY_SECONDS):
  // wait until the relay's report lists it, the pages the report page reads, then show the page.
  await waitUntil(() => reportLists(relay, entityId, paymentId), { what: 'the payment in today\'s report', timeoutMs: 60_000 });
  await signIn.getByLabel('Access token').fill(relay.credentials.accessToken);
  await signIn.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('heading', { name: 'Today\'s payments' })).toBeVisible();
  const payments = page.getByRole('table', { name: 'Today\'s payments' });
  await expect(payments.getByRole('row', { name: new RegExp(paymentId) })).toBeVisible();
  await expect(payments.getByRole('row', { name: new RegExp(paymentId) })).toContainText('12.34 EUR');
  // A fresh relay has settled no day yet.
  await expect(page.getByText('No settled days in the last 30 days.')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /Download the reconciliation file/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^reconciliation-${entityId}-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const text = readFileSync(await download.path(), 'utf8');
  expect(text.startsWith('ReconciliationType;PaymentType;Cashflow;')).toBe(true);

  // The token stays in the tab, never in the address.
  expect(page.url()).toBe(`${relay.url}/reports/v1/page`);
});
