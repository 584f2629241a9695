// The demo shop's result page follows its order by itself: the relay's notification is held back
// (its jobs runner is off), so the page first says it awaits the notification; once the test lets
// the notification go, the page shows the order as paid without a reload, announced through its
// live region. Both states are screenshotted at desktop width and at 375 px, and axe finds nothing.

import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { RELAY_START_TIMEOUT_MS, startRelay } from './support/relay-process.js';
import { deliverPending } from './support/webhook-delivery.js';
import { expect, futureExpiry, relayFixture, test, testCards, type Relay } from './fixtures.js';

/** A relay whose jobs runner is off: its notifications wait until the test sends them. */
const heldBack = test.extend<object, { relay: Relay }>({
  relay: [
    async ({}, use, workerInfo) => {
      const child = await startRelay({ logDir: workerInfo.project.outputDir, name: `relay-jobs-off-${workerInfo.workerIndex}`, env: { JOBS: 'off' } });
      try {
        await use(relayFixture(child));
      } finally {
        await child.stop();
      }
    },
    { scope: 'worker', timeout: RELAY_START_TIMEOUT_MS + 30_000 },
  ],
});

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The page at desktop width and at 375 px, kept with the test's results. */
async function screenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const desktop = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const [label, size] of [['desktop', desktop], ['375', { width: 375, height: 812 }]] as const) {
    await page.setViewportSize(size);
    const path = testInfo.outputPath(`${name}-${label}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`${name} (${label})`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize(desktop);
}

heldBack('the result page shows the order as paid when the notification arrives, without a reload', async ({ page, demoShop, cardForm, relay }, testInfo) => {
  await page.goto(demoShop.url);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await cardForm.waitUntilReady();
  await cardForm.fill({ number: testCards.visa, expiry: futureExpiry(), cvv: '123', holder: 'Jane Jones' });
  await cardForm.pay();

  await expect(page).toHaveURL(/\/result\?id=[^&]+&resourcePath=/);
  await expect(page.locator('main')).toHaveAttribute('data-outcome', 'success');
  const orderStatus = page.getByRole('status');
  await expect(orderStatus).toHaveText('awaiting the payment notification');
  await expect(orderStatus).toHaveAttribute('data-testid', 'order-status');
  // Marks this document: a reload or a navigation would lose the mark.
  await page.evaluate(() => document.documentElement.setAttribute('data-still-the-same-page', 'yes'));
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations++;
  });
  await screenshots(page, testInfo, 'order-awaiting');
  expect(await violations(page)).toEqual([]);

  // The notification goes out now: the page learns of it by itself.
  expect(await deliverPending(relay.dataDir)).toBe(1);
  await expect(orderStatus).toHaveText('paid');
  await expect(page.locator('html')).toHaveAttribute('data-still-the-same-page', 'yes');
  expect(navigations).toBe(0);
  await screenshots(page, testInfo, 'order-paid');
  expect(await violations(page)).toEqual([]);
});
