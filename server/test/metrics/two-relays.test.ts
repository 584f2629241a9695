// Two relay processes on one PostgreSQL database each export their own figures under their own
// relay label (RELAY_ID), so Prometheus can add them up: relay-a serves /metrics with
// METRICS_TOKEN on its own port, relay-b on a METRICS_PORT listener of its own, and its own port
// answers /metrics with 404.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD, startCluster, type RelayCluster } from '../../../e2e/support/relay-cluster.js';
import { freePort } from '../../../e2e/support/ports.js';
import { parseMetrics, valueOf, type Sample } from './scrape.js';

const TOKEN = 'metrics-token-0123456789abcdef';

let cluster: RelayCluster;
let metricsPort: number;
beforeAll(async () => {
  cluster = await startCluster('postgres', 1, { METRICS_TOKEN: TOKEN });
  metricsPort = await freePort();
  await cluster.start('relay-b', { METRICS_TOKEN: '', METRICS_PORT: String(metricsPort) });
}, 120_000);
afterAll(async () => cluster?.close());

async function samplesOf(url: string, headers: Record<string, string> = {}): Promise<Sample[]> {
  const res = await fetch(`${url}/metrics`, { headers });
  expect(res.status).toBe(200);
  return parseMetrics(await res.text());
}

describe('two relays on one database', () => {
  it('export their own payments under their own relay label, each the way it was told to', async () => {
    const [a, b] = cluster.apis;
    if (!a || !b) throw new Error('two relays expected');
    for (const api of [a, a, b]) {
      const paid = await api.request('POST', '/v1/payments', { entityId: api.credentials.entityId, amount: '10.00', currency: 'EUR', paymentType: 'DB', ...CARD });
      expect(paid.status).toBe(200);
    }
    const fromA = await samplesOf(a.url, { authorization: `Bearer ${TOKEN}` });
    const fromB = await samplesOf(`http://127.0.0.1:${metricsPort}`);
    const paid = { type: 'DB', brand: 'VISA', outcome: 'success' };
    expect(valueOf(fromA, 'paywidgets_payments_total', { ...paid, relay: 'relay-a' })).toBe(2);
    expect(valueOf(fromB, 'paywidgets_payments_total', { ...paid, relay: 'relay-b' })).toBe(1);
    // Every series of each carries its own relay's label, and only that one.
    expect(new Set(fromA.map((s) => s.labels.relay))).toEqual(new Set(['relay-a']));
    expect(new Set(fromB.map((s) => s.labels.relay))).toEqual(new Set(['relay-b']));
    // Summed as Prometheus would, the counters add up to the payments made.
    expect(valueOf([...fromA, ...fromB], 'paywidgets_payments_total', paid)).toBe(3);
    // relay-b has no token: its own port does not serve the figures.
    expect((await fetch(`${b.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });
});
