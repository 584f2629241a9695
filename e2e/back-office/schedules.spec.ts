// Stored cards and schedules in the back office, made as a shop makes them (through the merchant
// API): the cards masked, a card deleted after a confirmation with its schedules; a schedule's job
// in words, its next runs and its charges with links to their payments, and the cancel after a
// confirmation, with the keyboard alone; axe on every page, and both pages at 375 px.

import type { Locator, Page } from '@playwright/test';
import { CARD_NUMBER, CVV, expect, test, type BackOffice } from './back-office.js';

/** Presses Tab until `target` has focus (at most `limit` times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${target} never got focus after ${limit} Tabs`);
}

/** A card stored through the merchant API with a holder no other test uses; its id. */
async function storeCard(backOffice: BackOffice, holder: string): Promise<string> {
  const stored = await backOffice.relay.request('POST', '/v1/registrations', {
    entityId: backOffice.relay.credentials.entityId,
    paymentBrand: 'VISA',
    'card.number': CARD_NUMBER,
    'card.holder': holder,
    'card.expiryMonth': '05',
    'card.expiryYear': String(new Date().getFullYear() + 3),
    'card.cvv': CVV,
  });
  expect(stored.status, JSON.stringify(stored.json)).toBe(200);
  return String(stored.json.id);
}

/** A schedule of 9.90 EUR on a stored card through the merchant API; its id. */
async function schedule(backOffice: BackOffice, registrationId: string, job: Record<string, string>): Promise<string> {
  const made = await backOffice.relay.request('POST', '/scheduling/v1/schedules', {
    entityId: backOffice.relay.credentials.entityId,
    registrationId,
    amount: '9.90',
    currency: 'EUR',
    paymentType: 'DB',
    ...job,
  });
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  return String(made.json.id);
}

const MONTHLY = { 'job.dayOfMonth': '1', 'job.hour': '8' };
/** Runs every five seconds: charged while the test looks, then cancelled by it. */
const EVERY_FIVE_SECONDS = { 'job.expression': '0/5 * * * * ? *' };

/** Schedules that charge every few seconds: cancelled after each test, even one that failed before its own cancel. */
const running: { backOffice: BackOffice; id: string }[] = [];
test.afterEach(async () => {
  for (const { backOffice, id } of running.splice(0)) await backOffice.relay.request('DELETE', `/scheduling/v1/schedules/${id}`, { entityId: backOffice.relay.credentials.entityId });
});

const scheduleStatus = async (backOffice: BackOffice, id: string) =>
  String((await backOffice.relay.request('GET', `/scheduling/v1/schedules/${id}`, { entityId: backOffice.relay.credentials.entityId })).json.status);

test('lists stored cards masked, and deletes one with its schedules after a confirmation, by keyboard', async ({ page, backOffice }) => {
  const holder = `Card Keeper ${Date.now()}`;
  const id = await storeCard(backOffice, holder);
  const scheduleId = await schedule(backOffice, id, MONTHLY);
  await backOffice.signInAsOwner('/stored-cards');

  const row = page.getByRole('row').filter({ hasText: holder });
  await expect(row).toContainText('VISA');
  await expect(row).toContainText('420000 •• 0000');
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
  expect(await page.content()).not.toContain(CARD_NUMBER);
  expect(await backOffice.axeViolations()).toEqual([]);
  await backOffice.screenshot('stored-cards');

  const remove = row.getByRole('button', { name: /^Delete/ });
  await tabTo(page, remove);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete stored card' });
  await expect(dialog).toContainText('1 active schedule charges this card: it is cancelled too.');
  expect(await backOffice.axeViolations()).toEqual([]);
  await tabTo(page, dialog.getByRole('button', { name: 'Delete card' }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('status').filter({ hasText: 'card ending 0000 is deleted, and its schedules are cancelled' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: holder })).toHaveCount(0);
  expect((await backOffice.relay.request('GET', `/v1/registrations/${id}`, { entityId: backOffice.relay.credentials.entityId })).status).toBe(404);
  expect(await scheduleStatus(backOffice, scheduleId)).toBe('cancelled');
});

test("shows a schedule's job in words, next runs and charges, and cancels it after a confirmation, by keyboard", async ({ page, backOffice }) => {
  const registration = await storeCard(backOffice, `Subscriber ${Date.now()}`);
  const monthly = await schedule(backOffice, registration, MONTHLY);
  const often = await schedule(backOffice, registration, EVERY_FIVE_SECONDS);
  running.push({ backOffice, id: often });
  await backOffice.signInAsOwner('/schedules');

  const monthlyLink = page.locator(`a[href="/schedules/${monthly}"]`);
  await expect(monthlyLink).toHaveText('At 08:00, on day 1 of the month, UTC');
  await expect(page.getByRole('row').filter({ has: monthlyLink })).toContainText('Active');
  await expect(page.getByRole('row').filter({ has: monthlyLink })).toContainText('VISA •• 0000');
  expect(await backOffice.axeViolations()).toEqual([]);

  // The state filter: the cancelled ones only, then all again.
  await page.getByLabel('State').selectOption('cancelled');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/state=cancelled/);
  await expect(monthlyLink).toHaveCount(0);
  await page.getByLabel('State').selectOption('');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(monthlyLink).toBeVisible();
  await backOffice.screenshot('schedules');

  const oftenLink = page.locator(`a[href="/schedules/${often}"]`);
  await tabTo(page, oftenLink);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/schedules/${often}$`));
  await expect(page.getByText('Every 5 seconds, UTC')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Next runs' }).getByRole('listitem')).toHaveCount(5);
  // The relay charges it every five seconds: a charge shows once the page is read again.
  const charges = page.getByRole('region', { name: 'Charges' });
  await expect(async () => {
    await page.reload();
    await expect(charges.getByRole('row').filter({ hasText: 'Succeeded' }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(charges.getByRole('row').filter({ hasText: 'Succeeded' }).first()).toContainText(/000\.\d{3}\.\d{3}/);
  expect(await page.content()).not.toContain(CARD_NUMBER);
  expect(await backOffice.axeViolations()).toEqual([]);
  await backOffice.screenshot('schedule-charges');

  const cancel = page.getByRole('button', { name: 'Cancel schedule' });
  await tabTo(page, cancel);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cancel schedule' });
  await expect(dialog).toContainText('Charges made already stay as they are.');
  expect(await backOffice.axeViolations()).toEqual([]);
  await tabTo(page, dialog.getByRole('button', { name: 'Cancel schedule' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'The schedule is cancelled' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Cancelled');
  await expect(page.getByRole('button', { name: 'Cancel schedule' })).toHaveCount(0);
  expect(await scheduleStatus(backOffice, often)).toBe('cancelled');

  // A charge links to its payment.
  await charges.getByRole('link', { name: /^View payment/ }).first().click();
  await expect(page).toHaveURL(/\/payments\/[0-9a-f]{32}$/);
  await expect(page.getByRole('heading', { name: 'Timeline' })).toBeVisible();

  // The monthly one's page, for the docs: its next runs on the 1st of each month.
  await page.goto(`${backOffice.url}/schedules/${monthly}`);
  await expect(page.getByRole('region', { name: 'Next runs' }).getByRole('listitem')).toHaveCount(5);
  expect(await backOffice.axeViolations()).toEqual([]);
  await backOffice.screenshot('schedule');
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('both pages and a schedule fit a small screen, and their actions are on it', async ({ page, backOffice }) => {
    const holder = `Small Screen ${Date.now()}`;
    const registration = await storeCard(backOffice, holder);
    const monthly = await schedule(backOffice, registration, MONTHLY);
    await backOffice.signInAsOwner('/stored-cards');
    const row = page.getByRole('row').filter({ hasText: holder });
    await expect(row).toBeVisible();
    expect(await backOffice.scrollsSideways()).toBe(false);
    const box = await row.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await expect(row.getByRole('button', { name: /^Delete/ })).toBeVisible();
    for (const name of ['Stored cards', 'Schedules']) {
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name })).toBeInViewport();
    }
    await backOffice.screenshot('stored-cards');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Schedules' }).click();
    await expect(page.locator(`a[href="/schedules/${monthly}"]`)).toBeVisible();
    expect(await backOffice.scrollsSideways()).toBe(false);
    await backOffice.screenshot('schedules');
    await page.locator(`a[href="/schedules/${monthly}"]`).click();
    await expect(page.getByRole('region', { name: 'Next runs' })).toBeVisible();
    expect(await backOffice.scrollsSideways()).toBe(false);
    await expect(page.getByRole('button', { name: 'Cancel schedule' })).toBeVisible();
    expect(await backOffice.axeViolations()).toEqual([]);
    await backOffice.screenshot('schedule');
  });
});
