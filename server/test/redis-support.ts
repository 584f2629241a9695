// Real Redis for tests (127.0.0.1:6379 unless TEST_REDIS_URL says otherwise): every test writes
// under its own random key prefix and deletes it after, and a port nothing listens on stands for
// Redis being unreachable.

import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function randomPrefix(): string {
  return `paywidgets-test-${randomBytes(6).toString('hex')}:`;
}

/** A client for looking at (and cleaning up) what a test wrote. */
export function inspector(): Redis {
  return new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
}

export async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return keys;
}

export async function deleteKeysUnder(redis: Redis, prefix: string): Promise<void> {
  const keys = await keysUnder(redis, prefix);
  if (keys.length > 0) await redis.del(...keys);
}

/** A TCP port that was free a moment ago and is closed now: connections to it are refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
