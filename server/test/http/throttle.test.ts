// Both throttles against the injected clock: the in-process one, and the one counted in a real
// Redis (keys under a random prefix, deleted after). The same behaviour is asserted of both; then
// what only the shared one does: two relays' throttles share one count, keys expire, and Redis
// unreachable lets requests pass with a rate-limited warning until it answers again.

import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src/domain/clock.js';
import { ApiError } from '../../src/domain/errors.js';
import { InProcessThrottle, type Throttle, type ThrottleLog } from '../../src/http/throttle.js';
import { RedisThrottle, WARN_EVERY_MS } from '../../src/http/redis-throttle.js';
import { closedPort, deleteKeysUnder, inspector, keysUnder, randomPrefix, TEST_REDIS_URL } from '../redis-support.js';

const WINDOW_MS = 1000;
/** Window-aligned, as the relay's test clock starts. */
const START = Date.UTC(2026, 10, 22, 12, 0, 0);

/** A log that keeps what it is told. */
function recordingLog(): ThrottleLog & { warnings: object[]; infos: string[] } {
  const warnings: object[] = [];
  const infos: string[] = [];
  return { warnings, infos, warn: (details) => void warnings.push(details), info: (message) => void infos.push(message) };
}

/** Takes once; 'ok' or 'throttled' (any other error fails the test). */
async function take(throttle: Throttle, scope: string, limit: number, log: ThrottleLog = recordingLog(), operation: 'payments' | 'reads' = 'payments'): Promise<'ok' | 'throttled'> {
  try {
    await throttle.take(scope, operation, limit, log);
    return 'ok';
  } catch (err) {
    if (err instanceof ApiError && err.code === '800.120.100') return 'throttled';
    throw err;
  }
}

async function takeMany(throttle: Throttle, scope: string, limit: number, times: number, log: ThrottleLog = recordingLog()): Promise<string[]> {
  const answers: string[] = [];
  for (let i = 0; i < times; i++) answers.push(await take(throttle, scope, limit, log));
  return answers;
}

const redis = inspector();
const prefixes: string[] = [];
const throttles: Throttle[] = [];
afterAll(async () => {
  for (const t of throttles) await t.close();
  for (const prefix of prefixes) await deleteKeysUnder(redis, prefix);
  await redis.quit();
});

async function redisThrottle(clock: ManualClock, prefix = randomPrefix(), url = TEST_REDIS_URL): Promise<RedisThrottle> {
  prefixes.push(prefix);
  const throttle = await RedisThrottle.connect(clock, { url, prefix, windowMs: WINDOW_MS });
  throttles.push(throttle);
  return throttle;
}

const implementations: [string, (clock: ManualClock) => Promise<Throttle>][] = [
  ['in process', async (clock) => new InProcessThrottle(clock, WINDOW_MS)],
  ['in Redis', (clock) => redisThrottle(clock)],
];

describe.each(implementations)('throttle counted %s', (_name, make) => {
  let clock: ManualClock;
  let throttle: Throttle;
  beforeAll(async () => {
    clock = new ManualClock(START);
    throttle = await make(clock);
  });

  it('lets `limit` requests through per window and refuses the next with 800.120.100', async () => {
    expect(await takeMany(throttle, 'entity-a', 3, 5)).toEqual(['ok', 'ok', 'ok', 'throttled', 'throttled']);
    clock.advance(WINDOW_MS);
    expect(await takeMany(throttle, 'entity-a', 3, 4)).toEqual(['ok', 'ok', 'ok', 'throttled']);
  });

  it('starts windows at multiples of the window length, not at the first request', async () => {
    clock.set(START + 10 * WINDOW_MS + WINDOW_MS - 1);
    expect(await takeMany(throttle, 'entity-b', 2, 3)).toEqual(['ok', 'ok', 'throttled']);
    clock.advance(1);
    expect(await takeMany(throttle, 'entity-b', 2, 1)).toEqual(['ok']);
  });

  it('counts each scope and each operation apart', async () => {
    clock.set(START + 20 * WINDOW_MS);
    expect(await takeMany(throttle, 'entity-c', 1, 2)).toEqual(['ok', 'throttled']);
    expect(await take(throttle, 'entity-d', 1)).toBe('ok');
    expect(await take(throttle, 'entity-c', 1, recordingLog(), 'reads')).toBe('ok');
  });

  it('never refuses with limit 0 (no limit), and answers at once', async () => {
    clock.set(START + 30 * WINDOW_MS);
    for (let i = 0; i < 50; i++) expect(throttle.take('entity-e', 'payments', 0, recordingLog())).toBeUndefined();
    // Uncounted: a limit set afterwards starts from nothing.
    expect(await takeMany(throttle, 'entity-e', 1, 2)).toEqual(['ok', 'throttled']);
  });
});

describe('the in-process throttle', () => {
  it('decides without a promise', () => {
    const throttle: Throttle = new InProcessThrottle(new ManualClock(START), WINDOW_MS);
    expect(throttle.take('entity', 'payments', 1, recordingLog())).toBeUndefined();
    expect(() => throttle.take('entity', 'payments', 1, recordingLog())).toThrow(ApiError);
  });
});

describe('the throttle counted in Redis', () => {
  it('is one count for every relay process on the same Redis and prefix', async () => {
    const prefix = randomPrefix();
    const clock = new ManualClock(START);
    const [first, second] = [await redisThrottle(clock, prefix), await redisThrottle(clock, prefix)];
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await take(first, 'entity', 4), await take(second, 'entity', 4));
    expect(answers).toEqual(['ok', 'ok', 'ok', 'ok', 'throttled', 'throttled']);
    // Another prefix is another count.
    expect(await take(await redisThrottle(clock), 'entity', 4)).toBe('ok');
  });

  it('writes one key per operation, window and scope under the prefix, each with an expiry', async () => {
    const prefix = randomPrefix();
    const clock = new ManualClock(START);
    const throttle = await redisThrottle(clock, prefix);
    await takeMany(throttle, 'entity', 10, 3);
    clock.advance(WINDOW_MS);
    await take(throttle, 'entity', 10);
    const keys = (await keysUnder(redis, prefix)).sort();
    expect(keys).toEqual([`${prefix}throttle:payments:${START}:entity`, `${prefix}throttle:payments:${START + WINDOW_MS}:entity`]);
    expect(await redis.get(keys[0] ?? '')).toBe('3');
    for (const key of keys) {
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(WINDOW_MS);
      expect(ttl).toBeLessThanOrEqual(WINDOW_MS + 30_000);
    }
  });

  it('lets requests pass when Redis is unreachable, warning once per minute', async () => {
    const clock = new ManualClock(START);
    const throttle = await redisThrottle(clock, randomPrefix(), `redis://127.0.0.1:${await closedPort()}`);
    const log = recordingLog();
    for (let i = 0; i < 5; i++) expect(await take(throttle, 'entity', 1, log)).toBe('ok');
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]).toMatchObject({ uncountedSinceLastWarning: 0 });
    clock.advance(WARN_EVERY_MS);
    expect(await take(throttle, 'entity', 1, log)).toBe('ok');
    expect(log.warnings).toHaveLength(2);
    expect(log.warnings[1]).toMatchObject({ uncountedSinceLastWarning: 4 });
  });

  it('counts again by itself once Redis answers again', async () => {
    const proxy = await redisProxy();
    try {
      const clock = new ManualClock(START);
      const throttle = await redisThrottle(clock, randomPrefix(), `redis://127.0.0.1:${proxy.port}`);
      const log = recordingLog();
      expect(await takeMany(throttle, 'entity', 1, 2)).toEqual(['ok', 'throttled']);

      await proxy.cut();
      clock.advance(WINDOW_MS);
      expect(await takeMany(throttle, 'entity', 1, 3, log)).toEqual(['ok', 'ok', 'ok']);
      expect(log.warnings).toHaveLength(1);

      await proxy.restore();
      // The client reconnects on its own (backing off to one attempt every 2 s of real time).
      await vi.waitFor(
        async () => {
          await take(throttle, 'probe', 1000, log);
          expect(log.infos).toHaveLength(1);
        },
        { timeout: 15_000, interval: 100 },
      );
      clock.advance(WINDOW_MS);
      expect(await takeMany(throttle, 'entity', 1, 2)).toEqual(['ok', 'throttled']);
    } finally {
      await proxy.close();
    }
  });
});

/** A TCP relay to the test Redis that can be cut (every connection dropped, port closed) and restored on the same port. */
async function redisProxy(): Promise<{ port: number; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const target = new URL(TEST_REDIS_URL);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = async (): Promise<void> => {
    server = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
    const address = server.address();
    if (address && typeof address !== 'string') port = address.port;
  };
  const cut = async (): Promise<void> => {
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const s of sockets) s.destroy();
    await closed;
  };
  await open();
  return { port, cut, restore: open, close: cut };
}
