// Several relays on one PostgreSQL database serve one back office alike: a session made on one is
// honoured on the other, signing out everywhere on one ends it on both, and an account locked by
// failures on one is locked on the other, because sessions and sign-in failures live in the
// database, not in a relay's memory.

import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildBackofficeApp } from '../../src/backoffice/app.js';
import { closeAll } from '../../src/app/closers.js';
import { createContext } from '../../src/app/create-context.js';
import type { AppContext } from '../../src/app/context.js';
import { POSTGRES_URL, postgresUnreachable } from '../../../e2e/support/relay-cluster.js';
import { startBackoffice, TEST_SCRYPT, type BackofficeHarness } from './harness.js';

const required = process.env.REQUIRE_POSTGRES === '1';
const missing = await postgresUnreachable();
if (missing !== undefined && !required) console.warn(`SKIPPED: back office on several relays: PostgreSQL is unreachable (${missing})`);

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe.skipIf(missing !== undefined && !required)('the back office on two relays sharing one PostgreSQL database', () => {
  const name = `pw_bo_${randomBytes(6).toString('hex')}`;
  let first: BackofficeHarness;
  let secondCtx: AppContext;
  let second: FastifyInstance;

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    first = await startBackoffice({ config: { databaseUrl: url.href } });
    // The second relay: its own process state (context, throttle, caches), the same database and clock reading.
    secondCtx = await createContext({ ...first.ctx.config }, { clock: first.clock });
    second = await buildBackofficeApp(secondCtx, { distDir: join(first.ctx.config.dataDir, 'no-pages'), logger: false, publicUrl: first.publicUrl, passwordCost: TEST_SCRYPT });
  });

  afterAll(async () => {
    await second?.close();
    if (secondCtx) await closeAll(secondCtx.closers, console);
    await first?.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  /** A request to the second relay as the browser of `cookie` with its token. */
  const onSecond = (method: 'GET' | 'POST', url: string, cookie: string, csrfToken: string, remoteAddress = '127.0.0.1') =>
    second.inject({ method, url, remoteAddress, headers: { origin: first.publicUrl, cookie: `${first.app.backofficeCookie.name}=${cookie}`, 'x-csrf-token': csrfToken, 'content-type': 'application/json' }, ...(method === 'POST' ? { payload: '{}' } : {}) });

  it('honours a session made on one relay on the other, and signing out everywhere on the other ends it on both', async () => {
    const ann = await first.signIn('support');
    const me = await onSecond('GET', '/api/session', ann.cookie!, ann.csrfToken!);
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ id: ann.user!.id, role: 'support' });

    expect((await onSecond('POST', '/api/session/sign-out-everywhere', ann.cookie!, ann.csrfToken!)).statusCode).toBe(204);
    expect((await ann.get('/api/session')).statusCode).toBe(401);
    expect((await onSecond('GET', '/api/session', ann.cookie!, ann.csrfToken!)).statusCode).toBe(401);
  });

  it('locks an account on both relays after failures spread over the two', async () => {
    const { user, password } = await first.createUser('viewer');
    const signIn = (app: FastifyInstance, attempt: string, address: string) =>
      app.inject({ method: 'POST', url: '/api/session', remoteAddress: address, headers: { origin: first.publicUrl, 'content-type': 'application/json' }, payload: JSON.stringify({ email: user.email, password: attempt }) });
    // Five wrong passwords, alternating relays and addresses, lock the account itself.
    for (let i = 0; i < 5; i++) expect((await signIn(i % 2 === 0 ? first.app : second, 'wrong-password', `10.0.0.${i + 1}`)).statusCode).toBe(401);
    const locked = await signIn(second, password, '10.0.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.retryAfterSeconds).toBeGreaterThan(0);
    expect((await signIn(first.app, password, '10.0.1.2')).statusCode).toBe(429);
    // The lock lifts on the shared clock, on either relay.
    first.clock.advance(61_000);
    expect((await signIn(second, password, '10.0.1.3')).statusCode).toBe(200);
  });
});
