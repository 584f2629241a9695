// The figures of the relay's surroundings: the PostgreSQL pool's connections and the store's call
// latency on a schema of its own, and the throttle counted in real Redis (its refusals counted)
// or passing requests uncounted when Redis does not answer (the fallbacks counted).

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultConfig, type Config } from '../../src/config/config.js';
import { openPostgresStore } from '../../src/storage/index.js';
import { startTestRelay, startTestRelayWith, testCard, type TestRelay } from '../helper.js';
import { closedPort, deleteKeysUnder, inspector, randomPrefix, TEST_REDIS_URL } from '../redis-support.js';
import { POSTGRES_URL } from '../../../e2e/support/relay-cluster.js';
import { parseMetrics, valueOf, type Sample } from './scrape.js';

const TOKEN = 'metrics-token-0123456789abcdef';
const metrics: Partial<Config> = { metrics: { ...defaultConfig.metrics, token: TOKEN } };

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function listening(relay: TestRelay): Promise<string> {
  cleanups.push(() => relay.close());
  return relay.app.listen({ port: 0, host: '127.0.0.1' });
}

async function scrape(url: string): Promise<Sample[]> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return parseMetrics(await res.text());
}

function pay(url: string, relay: TestRelay): Promise<Response> {
  return fetch(`${url}/v1/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', authorization: `Bearer ${relay.merchant.token}` },
    body: new URLSearchParams({ entityId: relay.merchant.entityId, amount: '10.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard() }).toString(),
  });
}

describe('on PostgreSQL', () => {
  it("reports the pool's connections and times the store's calls", async () => {
    const schema = `pw_metrics_${randomBytes(6).toString('hex')}`;
    const relay = await startTestRelayWith({
      overrides: metrics,
      openStore: () => openPostgresStore(POSTGRES_URL, { schema }),
      afterClose: async () => {
        const client = new pg.Client({ connectionString: POSTGRES_URL });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`).finally(() => client.end());
      },
    });
    const url = await listening(relay);
    expect((await pay(url, relay)).status).toBe(200);
    const samples = await scrape(url);
    expect(valueOf(samples, 'paywidgets_db_pool_connections', { state: 'max' })).toBe(16);
    expect(valueOf(samples, 'paywidgets_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'paywidgets_db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(valueOf(samples, 'paywidgets_db_call_duration_seconds_count', { repository: 'store' })).toBeGreaterThanOrEqual(1);
  });
});

describe('the throttle in Redis', () => {
  it('counts a refusal decided in Redis, with no fallback', async () => {
    const redisPrefix = randomPrefix();
    const redis = inspector();
    cleanups.push(async () => {
      await deleteKeysUnder(redis, redisPrefix);
      await redis.quit();
    });
    const relay = await startTestRelay({ ...metrics, redisUrl: TEST_REDIS_URL, redisPrefix, throttle: { ...defaultConfig.throttle, payments: 1 } });
    const url = await listening(relay);
    expect((await pay(url, relay)).status).toBe(200);
    expect((await pay(url, relay)).status).toBe(429);
    const samples = await scrape(url);
    expect(valueOf(samples, 'paywidgets_throttle_rejections_total', { operation: 'payments' })).toBe(1);
    expect(valueOf(samples, 'paywidgets_throttle_redis_fallbacks_total')).toBe(0);
  });

  it('counts each request that passes uncounted while Redis does not answer', async () => {
    const relay = await startTestRelay({ ...metrics, redisUrl: `redis://127.0.0.1:${await closedPort()}`, redisPrefix: randomPrefix(), throttle: { ...defaultConfig.throttle, payments: 1 } });
    const url = await listening(relay);
    expect((await pay(url, relay)).status).toBe(200);
    expect((await pay(url, relay)).status).toBe(200);
    const samples = await scrape(url);
    expect(valueOf(samples, 'paywidgets_throttle_redis_fallbacks_total')).toBe(2);
    expect(valueOf(samples, 'paywidgets_throttle_rejections_total')).toBe(0);
  });
});
