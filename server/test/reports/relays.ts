// A test relay on either database: the relay of server/test/helper.ts, on a fresh SQLite file or
// in a fresh PostgreSQL schema dropped afterwards. Report tests run once per database.

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { EntitySettings } from '../../src/domain/records.js';
import type { Config } from '../../src/config/config.js';
import { openPostgresStore } from '../../src/storage/index.js';
import { POSTGRES_URL, postgresUnreachable } from '../../../e2e/support/relay-cluster.js';
import { startTestRelayWith, type TestRelay } from '../helper.js';

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

export function startRelayOn(kind: DatabaseKind, overrides: Partial<Config> = {}, settings: EntitySettings = {}): Promise<TestRelay> {
  if (kind === 'sqlite') return startTestRelayWith({ overrides, settings });
  const schema = `pw_test_${randomBytes(6).toString('hex')}`;
  return startTestRelayWith({ overrides, settings, openStore: () => openPostgresStore(POSTGRES_URL, { schema }), afterClose: () => dropSchema(schema) });
}
