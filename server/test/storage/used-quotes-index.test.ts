// Migration 025: the back office's list of the quotes a channel's payments used within a range of
// days (storage/quotes.ts listUsedQuotes) reads the index of used quotes, not the whole table.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { migrateToLatest } from '../../src/storage/migrate.js';
import { openSqliteDb } from '../../src/storage/sqlite.js';

it("finds a channel's used quotes of a range from the index of used quotes, in its order", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pw-quotes-'));
  const db = openSqliteDb(join(dir, 'relay.sqlite'));
  try {
    await migrateToLatest(db);
    const { rows } = await sql
      .raw<{ detail: string }>(`explain query plan select * from fx_quotes where entity_id in ('e') and used_at >= 1 and used_at <= 2 order by used_at desc, id desc limit 51`)
      .execute(db);
    const plan = rows.map((r) => r.detail).join('; ');
    expect(plan).toMatch(/SEARCH fx_quotes USING INDEX fx_quotes_entity_used \(entity_id=\? AND used_at>\? AND used_at<\?\)/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
});
