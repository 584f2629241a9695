// GET /health and GET /ready as a load balancer calls them: no credentials, no throttle, a JSON
// report naming each failing check, bounded when a check hangs.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReadiness, storeReadiness } from '../../src/http/readiness.js';
import { KyselyStore } from '../../src/storage/kysely-store.js';
import { migrateUpTo } from '../../src/storage/migrate.js';
import { MIGRATIONS } from '../../src/storage/migrations/index.js';
import { openSqliteDb } from '../../src/storage/sqlite.js';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';

describe('/health and /ready', () => {
  let relay: TestRelay;
  beforeAll(async () => {
    // One payment a window: /health and /ready must not spend it.
    relay = await startTestRelay({ readyTimeoutMs: 200, throttle: { windowMs: 1000, payments: 1, followUps: 1, registrations: 1, checkouts: 1, reads: 1 } });
  });
  afterAll(async () => relay.close());

  const get = (url: string) => relay.app.inject({ method: 'GET', url });

  it('answers /health up at once, without credentials', async () => {
    const answer = await get('/health');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'up' });
  });

  it('answers /ready with every check ok, any number of times, without credentials or throttling', async () => {
    for (let i = 0; i < 5; i++) {
      const answer = await get('/ready');
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', 'card key': 'ok', 'accepting requests': 'ok' } });
    }
  });

  it('answers 503 naming a registered check that fails, and one that hangs, with their reasons', async () => {
    const failing = { name: 'jobs runner alive', check: async () => 'no heartbeat' as const };
    const hanging = { name: 'hangs', check: () => new Promise<true>(() => undefined) };
    relay.ctx.readiness.push(failing, hanging);
    try {
      const answer = await get('/ready');
      expect(answer.statusCode).toBe(503);
      const body = answer.json<{ status: string; checks: Record<string, string>; failing: { name: string; reason: string }[] }>();
      expect(body.status).toBe('not ready');
      expect(body.checks.database).toBe('ok');
      expect(body.failing).toEqual([
        { name: 'jobs runner alive', reason: 'no heartbeat' },
        { name: 'hangs', reason: 'no answer within 200 ms' },
      ]);
    } finally {
      relay.ctx.readiness.splice(relay.ctx.readiness.indexOf(failing), 2);
    }
    expect((await get('/ready')).statusCode).toBe(200);
  });

  it('while draining: /ready 503, a new API request 503 in the API shape, /health still up', async () => {
    relay.ctx.draining = true;
    try {
      const ready = await get('/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ failing: [{ name: 'accepting requests', reason: 'shutting down' }] });
      const pay = await relay.post('/v1/payments', { entityId: relay.merchant.entityId, amount: '1.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard() });
      expect(pay.statusCode).toBe(503);
      expect(pay.json()).toMatchObject({ result: { code: '800.800.800' } });
      expect(pay.headers.connection).toBe('close');
      expect((await get('/health')).statusCode).toBe(200);
    } finally {
      relay.ctx.draining = false;
    }
  });
});

describe('the migrations check', () => {
  it('names the migrations a database has not applied yet', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pw-ready-'));
    const db = openSqliteDb(join(dir, 'relay.sqlite'));
    const store = new KyselyStore(db, 'sqlite');
    try {
      await migrateUpTo(db, '004-lean-indexes');
      const report = await checkReadiness(storeReadiness(store), 1_000);
      // Every migration after the fourth, in order, whatever migrations later work adds.
      const after = Object.keys(MIGRATIONS).filter((name) => name > '004-lean-indexes');
      expect(after.slice(0, 2)).toEqual(['005-simulator-journal', '006-jobs']);
      expect(report).toEqual({ ready: false, checks: { database: 'ok', migrations: `not applied: ${after.join(', ')}` } });
      await store.migrate();
      expect(await checkReadiness(storeReadiness(store), 1_000)).toEqual({ ready: true, checks: { database: 'ok', migrations: 'ok' } });
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
