// Runs the versioned migrations with Kysely's Migrator: it keeps the applied names in
// `schema_migrations`, takes a lock (an advisory lock on PostgreSQL, the single write lock of our
// BEGIN IMMEDIATE driver on SQLite) and applies everything pending in one transaction, so two
// relays starting together never half-apply the schema.

import { Migrator, type Kysely, type MigrationProvider, type MigrationResultSet } from 'kysely';
import { MIGRATIONS } from './migrations/index.js';
import type { Database } from './schema.js';

const provider: MigrationProvider = { getMigrations: async () => ({ ...MIGRATIONS }) };

function migrator(db: Kysely<Database>, schema: string | undefined): Migrator {
  return new Migrator({
    db,
    provider,
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

function check({ error, results }: MigrationResultSet): void {
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`database migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<void> {
  check(await migrator(db, schema).migrateToLatest());
}

/** Applies the migrations up to and including `name`: for tests that start from an older schema. */
export async function migrateUpTo(db: Kysely<Database>, name: string, schema?: string): Promise<void> {
  check(await migrator(db, schema).migrateTo(name));
}

/**
 * Names of the migrations this code knows and the database has not applied, in order: a relay
 * must not take traffic on a schema older than its queries (readiness).
 */
export async function pendingMigrations(db: Kysely<Database>, schema?: string): Promise<string[]> {
  const infos = await migrator(db, schema).getMigrations();
  return infos.filter((info) => info.executedAt === undefined).map((info) => info.name);
}
