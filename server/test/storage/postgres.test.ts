// The store contract on PostgreSQL, each run in a fresh schema that is dropped afterwards.
// TEST_DATABASE_URL selects the server (default: local trust auth). When it cannot be reached the
// suite is skipped with a message, unless REQUIRE_POSTGRES=1 (CI), where that is a failure.

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, it } from 'vitest';
import { openPostgresStore } from '../../src/storage/index.js';
import { openPostgresDb } from '../../src/storage/postgres.js';
import { migrationsContract } from './contract/migrations.js';
import { storeContract } from './store.contract.js';
import { POSTGRES_URL, postgresUnreachable } from '../../../e2e/support/relay-cluster.js';

const url = POSTGRES_URL;
const required = process.env.REQUIRE_POSTGRES === '1';

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}

const reason = await postgresUnreachable();
const where = url.replace(/\/\/[^@/]*@/, '//'); // no credentials in the log

if (reason !== undefined && required) {
  describe('PostgreSQL store', () => {
    it('needs a reachable PostgreSQL (REQUIRE_POSTGRES=1)', () => {
      throw new Error(`PostgreSQL at ${where} is unreachable: ${reason}`);
    });
  });
} else if (reason !== undefined) {
  console.warn(`SKIPPED: PostgreSQL store contract: ${where} is unreachable (${reason}). Set TEST_DATABASE_URL, or REQUIRE_POSTGRES=1 to fail instead.`);
}

describe.skipIf(reason !== undefined)('PostgreSQL store', () => {
  storeContract(async () => {
    const schema = `pw_test_${randomBytes(6).toString('hex')}`;
    return {
      parallelStores: true,
      open: async () => {
        const store = await openPostgresStore(url, { schema });
        await store.migrate();
        return store;
      },
      dispose: () => dropSchema(schema),
    };
  });

  describe('migrations', () => {
    migrationsContract(async () => {
      const schema = `pw_test_${randomBytes(6).toString('hex')}`;
      return { db: openPostgresDb(url, { schema }), schema, dispose: () => dropSchema(schema) };
    });
  });
});
