// The Notifications pages against the real relay and a real receiver on this host (a test relay
// delivers to loopback): an endpoint added with its secret shown once (the receiver opens the
// activation with it), a test sent, the event types changed, deactivated and activated again; the
// delivery log with a failing receiver (attempts expanded with their answer, the next attempt
// shown, the pending filter), a redelivery, an event's deliveries; the merchant secret rotated with
// an overlap; the endpoint removed after a confirmation. Axe on every page, 375 px and the keyboard.

import type { Locator, Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decryptNotification } from '../../server/src/webhooks/cipher.js';
import { expect, test, type BackOffice } from './back-office.js';

interface Receiver {
  server: Server;
  url: string;
  /** Each request: its body and the IV and tag headers. */
  received: { body: string; iv: string; tag: string }[];
  /** The status the next requests get. */
  status: number;
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { server: undefined as unknown as Server, url: '', received: [], status: 200 };
  receiver.server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      receiver.received.push({ body, iv: String(request.headers['x-initialization-vector']), tag: String(request.headers['x-authentication-tag']) });
      response.writeHead(receiver.status, { 'content-type': 'text/plain' }).end(receiver.status === 200 ? 'thanks' : 'shop is down for maintenance');
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

/** Removes, through the merchant API, the endpoints of the relay's channel that point at `url`: later payments must not notify a receiver that is gone. */
async function removeEndpointsOf(backOffice: BackOffice, url: string): Promise<void> {
  const entityId = backOffice.relay.credentials.entityId;
  const listed = await backOffice.relay.request('GET', `/v1/webhooks?entityId=${entityId}`);
  for (const endpoint of (listed.json.webhooks ?? []) as { id: string; url: string }[]) {
    if (endpoint.url.startsWith(url)) await backOffice.relay.request('DELETE', `/v1/webhooks/${endpoint.id}?entityId=${entityId}`);
  }
}

async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${target} never got focus after ${limit} Tabs`);
}

test('adds, tests, changes, deactivates and removes an endpoint; reads its delivery log and redelivers', async ({ page, backOffice }) => {
  test.setTimeout(90_000);
  const receiver = await startReceiver();
  try {
    await backOffice.signInAsOwner('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notifications' }).click();
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    expect(await backOffice.axeViolations()).toEqual([]);

    // Add: the secret shown once, and the activation the receiver acknowledged, opened with it.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const add = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await add.getByLabel('URL').fill(receiver.url);
    await add.getByLabel('Payment').check();
    expect(await backOffice.axeViolations()).toEqual([]);
    await add.getByRole('button', { name: 'Add endpoint' }).click();
    const added = page.getByRole('dialog', { name: 'Endpoint added' });
    await expect(added.getByText('The activation notification was acknowledged')).toBeVisible();
    const secret = (await added.locator('.secret code').textContent()) ?? '';
    expect(secret).toMatch(/^[0-9a-f]{64}$/i);
    const activation = JSON.parse(decryptNotification(secret, receiver.received[0]!));
    expect(activation).toMatchObject({ type: 'test', action: 'webhook activation' });
    await added.getByRole('button', { name: /^Copy/ }).click();
    await expect(added.getByRole('status').filter({ hasText: /Copied|Select the text/ })).toBeVisible();
    await backOffice.screenshot('notifications-secret');
    await added.getByRole('button', { name: 'I have copied the secret' }).click();
    const item = page.getByRole('listitem').filter({ hasText: receiver.url });
    await expect(item.getByText('active', { exact: true })).toBeVisible();
    await expect(item.getByText('Payment', { exact: true })).toBeVisible();
    // Never shown again.
    await page.reload();
    await expect(item).toBeVisible();
    expect(await page.content()).not.toContain(secret);

    // Send a test: what the receiver answered.
    await item.getByRole('button', { name: /^Send test/ }).click();
    await expect(item.getByRole('status')).toContainText('The test notification was acknowledged: HTTP 200');
    expect(JSON.parse(decryptNotification(secret, receiver.received.at(-1)!))).toMatchObject({ type: 'test', action: 'webhook test' });

    // Change the event types: every event.
    await item.getByRole('button', { name: /^Change/ }).click();
    const change = page.getByRole('dialog', { name: 'Change endpoint' });
    await change.getByLabel('Payment').uncheck();
    await change.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The endpoint is changed.' })).toBeVisible();
    await expect(item.getByText('Every event')).toBeVisible();

    // Deactivate (confirmed), then activate again.
    await item.getByRole('button', { name: /^Deactivate/ }).click();
    await page.getByRole('dialog', { name: 'Deactivate endpoint' }).getByRole('button', { name: 'Deactivate' }).click();
    await expect(item.getByText('inactive', { exact: true })).toBeVisible();
    await item.getByRole('button', { name: /^Activate/ }).click();
    await expect(item.getByRole('status')).toContainText('The endpoint is active.');
    await expect(item.getByText('active', { exact: true })).toBeVisible();
    await backOffice.screenshot('notifications');

    // A delivered payment, then a failing receiver: the second waits for the ladder's next rung.
    const before = receiver.received.length;
    await backOffice.payWithCard('12.00', `ORD-HOOKS-${Date.now()}`);
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(before + 1);
    receiver.status = 503;
    await backOffice.payWithCard('13.00', `ORD-HOOKS-${Date.now()}`);
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(before + 2);

    await item.getByRole('link', { name: /^Deliveries/ }).click();
    await expect(page.getByRole('heading', { name: 'Deliveries', level: 1 })).toBeVisible();
    const log = page.getByRole('region', { name: 'Deliveries' });
    const pending = log.getByRole('listitem').filter({ has: page.getByText('pending', { exact: true }) }).first();
    await expect(pending.getByText(/next attempt/)).toBeVisible();
    await pending.getByText('1 attempt').click();
    await expect(pending.getByRole('cell', { name: '503', exact: true })).toBeVisible();
    await expect(pending.getByText('shop is down for maintenance')).toBeVisible();
    await expect(pending.getByText('answered 503')).toBeVisible();
    expect(await backOffice.axeViolations()).toEqual([]);
    await backOffice.screenshot('notifications-log');

    // The pending filter shows the waiting delivery only.
    await page.getByLabel('State').selectOption('pending');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page).toHaveURL(/state=pending/);
    await expect(log.getByText('delivered', { exact: true })).toHaveCount(0);
    await expect(log.getByText('pending', { exact: true }).first()).toBeVisible();

    // Redeliver the delivered one, and every failed one since yesterday (none has failed for good yet).
    receiver.status = 200;
    await page.getByLabel('State').selectOption('delivered');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    const delivered = log.getByRole('listitem').filter({ has: page.getByText('delivered', { exact: true }) }).first();
    const sent = receiver.received.length;
    await delivered.getByRole('button', { name: /^Redeliver/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'will be sent again now' })).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBeGreaterThan(sent);
    await page.getByRole('button', { name: 'Redeliver failed…' }).click();
    const again = page.getByRole('dialog', { name: 'Redeliver failed deliveries' });
    await expect(again.getByLabel('Failed since')).not.toHaveValue('');
    await again.getByRole('button', { name: 'Redeliver' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'No failed delivery since then' })).toBeVisible();

    // The event's deliveries across endpoints.
    await log.getByRole('listitem').first().getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Event deliveries', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Deliveries of the event' }).getByRole('link', { name: receiver.url })).toBeVisible();
    expect(await backOffice.axeViolations()).toEqual([]);

    // Rotate the merchant's secret with an overlap of a day: shown once, the switch time stated.
    await page.goto(`${backOffice.url}/notifications`);
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const rotate = page.getByRole('dialog', { name: 'Rotate the merchant webhook secret' });
    await rotate.getByLabel('Overlap').selectOption({ label: '1 day' });
    await rotate.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = page.getByRole('region', { name: 'New merchant webhook secret' });
    await expect(rotated.locator('.secret code')).toHaveText(/^[0-9a-f]{64}$/i);
    await expect(page.getByText(/A rotation is under way: the relay switches to the new secret on/)).toBeVisible();
    expect(await backOffice.axeViolations()).toEqual([]);

    // Remove, after a confirmation.
    await item.getByRole('button', { name: /^Remove/ }).click();
    const remove = page.getByRole('dialog', { name: 'Remove endpoint' });
    await expect(remove.getByText(receiver.url)).toBeVisible();
    await remove.getByRole('button', { name: 'Remove endpoint' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The endpoint is removed.' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: receiver.url })).toHaveCount(0);
  } finally {
    await removeEndpointsOf(backOffice, receiver.url);
    receiver.server.close();
  }
});

test.describe('at 375 px, with the keyboard', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('adds an endpoint and sends it a test with the keyboard alone, nothing scrolling sideways', async ({ page, backOffice }) => {
    const receiver = await startReceiver();
    try {
      await backOffice.signInAsOwner('/notifications');
      await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
      expect(await backOffice.scrollsSideways()).toBe(false);
      await tabTo(page, page.getByRole('button', { name: 'Add endpoint' }));
      await page.keyboard.press('Enter');
      const add = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
      await expect(add.getByLabel('URL')).toBeFocused();
      await page.keyboard.type(receiver.url);
      await tabTo(page, add.getByRole('button', { name: 'Add endpoint' }));
      await page.keyboard.press('Enter');
      const added = page.getByRole('dialog', { name: 'Endpoint added' });
      await expect(added.getByText('The activation notification was acknowledged')).toBeVisible();
      expect(await backOffice.scrollsSideways()).toBe(false);
      await tabTo(page, added.getByRole('button', { name: 'I have copied the secret' }));
      await page.keyboard.press('Enter');
      const item = page.getByRole('listitem').filter({ hasText: receiver.url });
      await tabTo(page, item.getByRole('button', { name: /^Send test/ }));
      await page.keyboard.press('Enter');
      await expect(item.getByRole('status')).toContainText('acknowledged');
      const box = await item.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      expect(await backOffice.scrollsSideways()).toBe(false);
      expect(await backOffice.axeViolations()).toEqual([]);
      await backOffice.screenshot('notifications');

      // A payment's notification, then its attempts opened from the keyboard in the log.
      await backOffice.payWithCard('7.50', `ORD-HOOKS-SMALL-${Date.now()}`);
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(3);
      await tabTo(page, item.getByRole('link', { name: /^Deliveries/ }));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: 'Deliveries', level: 1 })).toBeVisible();
      const delivery = page.getByRole('region', { name: 'Deliveries' }).getByRole('listitem').first();
      await tabTo(page, delivery.locator('summary'));
      await page.keyboard.press('Enter');
      // At this width each attempt is a card whose cells say their column: the HTTP cell, by its label.
      await expect(delivery.locator('td[data-label="HTTP"]')).toHaveText('200');
      expect(await backOffice.scrollsSideways()).toBe(false);
      expect(await backOffice.axeViolations()).toEqual([]);
      await backOffice.screenshot('notifications-log');
    } finally {
      await removeEndpointsOf(backOffice, receiver.url);
      receiver.server.close();
    }
  });
});
