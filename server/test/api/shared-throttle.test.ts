// Throttle limits through the API: two relay apps on one store and one Redis enforce one limit
// together, 0 lifts a limit, an entity's override wins over the environment, and payments go on
// when Redis is unreachable.

import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app/build-app.js';
import { createContext } from '../../src/app/create-context.js';
import { relayPlugins } from '../../src/app/route-sets.js';
import { loadConfig, type Config } from '../../src/config/config.js';
import { formBody, startTestRelay, testCard, type TestRelay } from '../helper.js';
import { closedPort, deleteKeysUnder, inspector, randomPrefix, TEST_REDIS_URL } from '../redis-support.js';

const APPROVED = '000.100.110';
const THROTTLED = '800.120.100';

const redis = inspector();
const prefixes: string[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  for (const prefix of prefixes) await deleteKeysUnder(redis, prefix);
  await redis.quit();
});

async function relayWith(overrides: Partial<Config>, logStream?: NodeJS.WritableStream): Promise<TestRelay> {
  const relay = await startTestRelay(overrides, {}, logStream);
  cleanups.push(() => relay.close());
  return relay;
}

function sharedRedis(): Partial<Config> {
  const redisPrefix = randomPrefix();
  prefixes.push(redisPrefix);
  return { redisUrl: TEST_REDIS_URL, redisPrefix };
}

/** Another relay process's app: its own context and throttle, the same store and clock. */
async function secondApp(relay: TestRelay): Promise<FastifyInstance> {
  const ctx = await createContext(relay.ctx.config, { clock: relay.clock, store: relay.ctx.store });
  const app = await buildApp(ctx, { logger: false, plugins: relayPlugins() });
  cleanups.push(async () => {
    await app.close();
    await ctx.throttle.close();
  });
  return app;
}

const paymentForm = (entityId: string) => ({ entityId, amount: '1.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard() });

/** The result codes of `times` payments of `entityId` through `app`. */
async function pay(app: FastifyInstance, token: string, entityId: string, times: number): Promise<string[]> {
  const codes: string[] = [];
  for (let i = 0; i < times; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/payments',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', authorization: `Bearer ${token}` },
      payload: formBody(paymentForm(entityId)),
    });
    codes.push(res.json<{ result: { code: string } }>().result.code);
  }
  return codes;
}

describe('a throttle shared through Redis', () => {
  it('has two relays together answer 800.120.100 past the limit that neither reaches alone', async () => {
    const relay = await relayWith({ ...sharedRedis(), throttle: { ...loadConfig({}).throttle, payments: 3 } });
    const other = await secondApp(relay);
    const { token, entityId } = relay.merchant;
    expect(await pay(relay.app, token, entityId, 2)).toEqual([APPROVED, APPROVED]);
    expect(await pay(other, token, entityId, 2)).toEqual([APPROVED, THROTTLED]);
    expect(await pay(relay.app, token, entityId, 1)).toEqual([THROTTLED]);
    // The next window is counted afresh, on both.
    relay.clock.advance(relay.ctx.config.throttle.windowMs);
    expect(await pay(other, token, entityId, 1)).toEqual([APPROVED]);
  });

  it('answers every payment when the limit is 0', async () => {
    const relay = await relayWith({ ...sharedRedis(), throttle: loadConfig({ THROTTLE_PAYMENTS: '0' }).throttle });
    const other = await secondApp(relay);
    const { token, entityId } = relay.merchant;
    expect(await pay(relay.app, token, entityId, 4)).toEqual(Array(4).fill(APPROVED));
    expect(await pay(other, token, entityId, 4)).toEqual(Array(4).fill(APPROVED));
  });
});

describe.each([
  ['in process', false],
  ['in Redis', true],
])('limits counted %s', (_name, inRedis) => {
  it("applies THROTTLE_PAYMENTS unless the entity's own limit says otherwise (0 lifting it)", async () => {
    const relay = await relayWith({ ...(inRedis ? sharedRedis() : {}), throttle: loadConfig({ THROTTLE_PAYMENTS: '1' }).throttle });
    const { merchantId, token, entityId } = relay.merchant;
    const higher = await relay.addEntity(merchantId, { throttle: { payments: 3 } });
    const unlimited = await relay.addEntity(merchantId, { throttle: { payments: 0 } });
    const readsOnly = await relay.addEntity(merchantId, { throttle: { reads: 0 } });
    expect(await pay(relay.app, token, entityId, 2)).toEqual([APPROVED, THROTTLED]);
    expect(await pay(relay.app, token, higher, 4)).toEqual([APPROVED, APPROVED, APPROVED, THROTTLED]);
    expect(await pay(relay.app, token, unlimited, 6)).toEqual(Array(6).fill(APPROVED));
    // An override of another operation leaves the payments limit from the environment.
    expect(await pay(relay.app, token, readsOnly, 2)).toEqual([APPROVED, THROTTLED]);
  });
});

describe('Redis unreachable', () => {
  it('lets payments through, with one warning in the log', async () => {
    const lines: string[] = [];
    const log = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const relay = await relayWith({ redisUrl: `redis://127.0.0.1:${await closedPort()}`, throttle: { ...loadConfig({}).throttle, payments: 1 } }, log);
    const { token, entityId } = relay.merchant;
    expect(await pay(relay.app, token, entityId, 3)).toEqual([APPROVED, APPROVED, APPROVED]);
    const warnings = lines.filter((line) => line.includes('Redis unreachable'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0] ?? '{}')).toMatchObject({ level: 40 });
  });
});
