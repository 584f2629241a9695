// A prepared insert writes exactly the row Kysely's own insert writes, whatever the order of the
// row's keys, alone or inside a transaction.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { migrateToLatest } from '../../src/storage/migrate.js';
import { PreparedInsert } from '../../src/storage/prepared-insert.js';
import type { Database } from '../../src/storage/schema.js';
import { openSqliteDb } from '../../src/storage/sqlite.js';

describe('PreparedInsert', () => {
  let dir: string;
  let db: Kysely<Database>;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pw-prepared-'));
    db = openSqliteDb(join(dir, 'relay.sqlite'));
    await migrateToLatest(db);
    await db.insertInto('merchants').values({ id: 'm', name: 'M', token_hash: 'h', webhook_secret: 's', created_at: 1 }).execute();
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the row Kysely writes, in any key order', async () => {
    const insert = new PreparedInsert(db, 'entities');
    await db.insertInto('entities').values({ id: 'a', merchant_id: 'm', name: 'First', settings: '{"x":1}', created_at: 5 }).execute();
    await insert.run(db, { created_at: 5, settings: '{"x":1}', name: 'First', merchant_id: 'm', id: 'b' });
    await insert.run(db, { id: 'c', merchant_id: 'm', name: 'Third', settings: '{}', created_at: 7 });
    const rows = await db.selectFrom('entities').selectAll().orderBy('id').execute();
    expect(rows.map(({ id: _id, ...rest }) => rest)).toEqual([
      { merchant_id: 'm', name: 'First', settings: '{"x":1}', created_at: 5 },
      { merchant_id: 'm', name: 'First', settings: '{"x":1}', created_at: 5 },
      { merchant_id: 'm', name: 'Third', settings: '{}', created_at: 7 },
    ]);
  });

  it('leaves an undefined value out, as Kysely does, whichever rows came before', async () => {
    await db.insertInto('entities').values({ id: 'e', merchant_id: 'm', name: 'E', settings: '{}', created_at: 1 }).execute();
    const insert = new PreparedInsert(db, 'webhook_endpoints');
    const endpoint = (id: string, disabledReason: string | undefined) => ({
      id,
      entity_id: 'e',
      payment_id: null,
      url: `https://shop.example/${id}`,
      event_types: '',
      secret: 's',
      state: disabledReason === undefined ? ('active' as const) : ('disabled' as const),
      disabled_reason: disabledReason,
      created_at: 1,
      updated_at: 1,
    });
    // A full row after a shorter one, a shorter one after a full one, and the same again.
    for (const [id, reason] of [['a', undefined], ['b', 'gone'], ['c', undefined], ['d', 'gone'], ['e', 'gone']] as const) {
      await insert.run(db, endpoint(id, reason));
    }
    const rows = await db.selectFrom('webhook_endpoints').select(['id', 'url', 'state', 'disabled_reason']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'a', url: 'https://shop.example/a', state: 'active', disabled_reason: null },
      { id: 'b', url: 'https://shop.example/b', state: 'disabled', disabled_reason: 'gone' },
      { id: 'c', url: 'https://shop.example/c', state: 'active', disabled_reason: null },
      { id: 'd', url: 'https://shop.example/d', state: 'disabled', disabled_reason: 'gone' },
      { id: 'e', url: 'https://shop.example/e', state: 'disabled', disabled_reason: 'gone' },
    ]);
  });

  it('runs inside a transaction and is rolled back with it', async () => {
    const insert = new PreparedInsert(db, 'entities');
    await expect(
      db.transaction().execute(async (trx) => {
        await insert.run(trx, { id: 'a', merchant_id: 'm', name: 'A', settings: '{}', created_at: 1 });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.selectFrom('entities').selectAll().execute()).toEqual([]);
  });
});
