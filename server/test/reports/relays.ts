// A test relay on either database: the relay of server/test/helper.ts, on a fresh SQLite file or
// in a fresh PostgreSQL schema dropped afterwards. Report tests run once per database.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app/build-app.js';
import { createContext } from '../../src/app/create-context.js';
import { relayPlugins } from '../../src/app/route-sets.js';
import { ManualClock } from '../../src/domain/clock.js';
import type { EntitySettings } from '../../src/domain/records.js';
import { createEntity, createMerchant } from '../../src/merchants/bootstrap.js';
import { defaultConfig, type Config } from '../../src/process/config.js';
import { openPostgresStore, openSqliteStore } from '../../src/storage/index.js';
import type { Store } from '../../src/storage/store.js';
import { POSTGRES_URL, postgresUnreachable } from '../../../e2e/support/relay-cluster.js';
import { formBody, type TestMerchant, type TestRelay } from '../helper.js';

export type DatabaseKind = 'sqlite' | 'postgres';

const postgresMissing = await postgresUnreachable();
if (postgresMissing !== undefined && process.env.REQUIRE_POSTGRES === '1') throw new Error(`PostgreSQL is unreachable: ${postgresMissing}`);
if (postgresMissing !== undefined) console.warn(`SKIPPED: report tests on PostgreSQL (${postgresMissing})`);

/** The databases the report tests run on: both, unless PostgreSQL cannot be reached. */
export const DATABASES: readonly DatabaseKind[] = postgresMissing === undefined ? ['sqlite', 'postgres'] : ['sqlite'];

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}

export async function startRelayOn(kind: DatabaseKind, overrides: Partial<Config> = {}, settings: EntitySettings = {}): Promise<TestRelay> {
  const dataDir = mkdtempSync(join(tmpdir(), 'paywidgets-report-'));
  const schema = `pw_test_${randomBytes(6).toString('hex')}`;
  const store: Store = kind === 'sqlite' ? await openSqliteStore(join(dataDir, 'relay.sqlite')) : await openPostgresStore(POSTGRES_URL, { schema });
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 12, 0, 0));
  const config: Config = { ...defaultConfig, dataDir, publicUrl: 'http://relay.test', demoPort: 0, ...overrides };
  const ctx = await createContext(config, { clock, store });
  const app = await buildApp(ctx, { logger: false, plugins: relayPlugins() });

  async function addEntity(merchantId: string, entitySettings: EntitySettings = {}): Promise<string> {
    return (await createEntity(ctx.store, { merchantId, name: 'Channel', settings: entitySettings }, clock.now())).id;
  }
  async function addMerchant(entitySettings: EntitySettings = {}): Promise<TestMerchant> {
    const { merchant, accessToken, webhookSecret } = await createMerchant(ctx.store, { name: 'Merchant' }, clock.now(), ctx.vault);
    return { merchantId: merchant.id, token: accessToken, webhookSecret, entityId: await addEntity(merchant.id, entitySettings) };
  }
  const merchant = await addMerchant(settings);
  const auth = (token: string | null | undefined): Record<string, string> => {
    const t = token === undefined ? merchant.token : token;
    return t === null ? {} : { authorization: `Bearer ${t}` };
  };
  return {
    app,
    ctx,
    clock,
    dataDir,
    merchant,
    addMerchant,
    addEntity,
    post: (url, form, options = {}): Promise<LightMyRequestResponse> =>
      app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', ...auth(options.token), ...options.headers },
        payload: formBody(form),
      }),
    get: (url, options = {}) => app.inject({ method: 'GET', url, headers: auth(options.token) }),
    del: (url, options = {}) => app.inject({ method: 'DELETE', url, headers: auth(options.token) }),
    close: async () => {
      await app.close();
      await ctx.jobs.stop();
      await ctx.webhooks.close();
      await ctx.throttle.close();
      await ctx.store.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (kind === 'postgres') await dropSchema(schema);
    },
  };
}
