// One request id across relay processes: a payment made on one relay, its notification delivered
// by another, and both relays' logs read as an operator would (JSON lines, grep by id). The first
// relay polls for jobs once an hour, so the second is the one that delivers.

import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../e2e/support/wait-until.js';
import { CARD, postgresUnreachable, startCluster, type RelayCluster } from '../../../e2e/support/relay-cluster.js';
import type { RelayProcess } from '../../../e2e/support/relay-process.js';
import { startReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { parseLogText, type LogLine } from '../support/log-lines.js';

const required = process.env.REQUIRE_POSTGRES === '1';
const pgReason = await postgresUnreachable();
if (pgReason !== undefined && !required) console.warn(`SKIPPED: request ids across relays on PostgreSQL: unreachable (${pgReason})`);

async function linesOf(relay: RelayProcess, reqId: string): Promise<LogLine[]> {
  return parseLogText(await readFile(relay.logFile, 'utf8')).filter((l) => l.reqId === reqId);
}

for (const kind of ['postgres', 'sqlite'] as const) {
  const skip = kind === 'postgres' && pgReason !== undefined && !required;
  describe.skipIf(skip)(`request ids across two relays on one ${kind === 'postgres' ? 'PostgreSQL database' : 'SQLite file'}`, () => {
    let cluster: RelayCluster;
    let receiver: WebhookReceiver;

    beforeAll(async () => {
      if (kind === 'postgres' && pgReason !== undefined) throw new Error(`PostgreSQL is unreachable (REQUIRE_POSTGRES=1): ${pgReason}`);
      receiver = await startReceiver();
      // relay-a takes the API calls and leaves the jobs to relay-b: it polls once at start, then hourly.
      cluster = await startCluster(kind, 1, { JOBS_POLL_MS: '3600000' });
      await cluster.start('relay-b', { JOBS_POLL_MS: '20' });
      const [a] = cluster.apis;
      if (!a) throw new Error('two relays');
      const created = await a.request('POST', '/v1/webhooks', { entityId: a.credentials.entityId, url: receiver.url });
      expect(created.json.state).toBe('active');
      receiver.secrets.push(created.json.secret as string);
    }, 120_000);

    afterAll(async () => {
      await cluster?.close();
      await receiver?.close();
    }, 60_000);

    it("finds a payment's request on one relay and its notification's delivery on the other by one id", async () => {
      const [a] = cluster.apis;
      const [relayA, relayB] = cluster.relays;
      if (!a || !relayA || !relayB) throw new Error('two relays');
      const reqId = `order-${kind}-0042`;
      const paid = await a.request('POST', '/v1/payments', { entityId: a.credentials.entityId, amount: '12.00', currency: 'EUR', paymentType: 'DB', ...CARD }, { 'X-Request-Id': reqId });
      expect(paid.status).toBe(200);
      expect(paid.headers.get('x-request-id')).toBe(reqId);
      const paymentId = paid.json.id as string;
      await waitUntil(async () => (receiver.notifications().some((n) => n.payload.id === paymentId) ? true : undefined), { what: 'the notification', timeoutMs: 30_000 });
      // The line is written once the attempt is recorded, just after the receiver answered.
      const delivered = await waitUntil(async () => (await linesOf(relayB, reqId)).find((l) => l.msg === 'webhook delivered'), { what: "relay-b's delivery line", timeoutMs: 10_000 });
      expect(delivered).toMatchObject({ status: 200, attempt: 1 });
      // relay-a: the payment's request line; nothing of the delivery.
      const onA = await linesOf(relayA, reqId);
      expect(onA.find((l) => l.msg === 'request')).toMatchObject({ method: 'POST', url: '/v1/payments', statusCode: 200 });
      expect(onA.some((l) => l.msg === 'webhook delivered')).toBe(false);
      // The delivery's own record names relay-b as the sender.
      const endpoints = await a.request('GET', `/v1/webhooks?entityId=${a.credentials.entityId}`);
      const endpointId = (endpoints.json.webhooks as { id: string }[])[0]?.id ?? '';
      const listing = await a.request('GET', `/v1/webhooks/${endpointId}/deliveries?entityId=${a.credentials.entityId}&eventId=${delivered.eventId as string}`);
      const [delivery] = listing.json.deliveries as { attempts: { relay: string }[] }[];
      expect(delivery?.attempts.map((t) => t.relay)).toEqual(['relay-b']);
    }, 120_000);
  });
}
