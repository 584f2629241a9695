// "Send again" on a payment's notifications: a channel with a webhook endpoint (a small receiver
// in the test, set up through the merchant API) gets the payment's notification, and after the
// owner presses Send again the page says it was queued and the endpoint receives it once more.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './back-office.js';

/** An endpoint that acknowledges everything and counts what it received, by body text. */
async function receiver(): Promise<{ server: Server; url: string; bodies: string[] }> {
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      bodies.push(body);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/notifications`, bodies };
}

test('sends a delivered notification again and says it was queued', async ({ page, backOffice, relay }) => {
  const endpoint = await receiver();
  const created = await relay.request('POST', '/v1/webhooks', { entityId: relay.credentials.entityId, url: endpoint.url, eventTypes: 'PAYMENT' });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const endpointId = String(created.json.id);
  try {
    const received = () => endpoint.bodies.length;
    const id = await backOffice.payWithCard('18.00', `ORD-HOOK-${Date.now()}`);
    // The relay's jobs runner delivers the payment's notification (after the activation test).
    await expect.poll(received, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await backOffice.signInAsOwner(`/payments/${id}`);
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await expect(notifications.getByText(endpoint.url)).toBeVisible();
    await expect(notifications.getByText('delivered').first()).toBeVisible();
    const before = received();

    await notifications.getByRole('button', { name: 'Send again' }).click();
    await expect(notifications.getByRole('status')).toHaveText('One notification will be sent again.');
    expect(await backOffice.axeViolations()).toEqual([]);
    await expect.poll(received, { timeout: 15_000 }).toBe(before + 1);
    const audit = await page.request.get(`${backOffice.url}/api/audit?action=payment.resendNotifications`);
    expect(JSON.stringify(await audit.json())).toContain(id);
  } finally {
    // Later payments of this relay's channel must not notify a receiver that is gone.
    const removed = await relay.request('DELETE', `/v1/webhooks/${endpointId}`, { entityId: relay.credentials.entityId });
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    endpoint.server.close();
  }
});
