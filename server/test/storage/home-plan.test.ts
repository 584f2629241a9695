// The home page's sums read the time index alone (migration 022): SQLite's plan for a month of a
// merchant's channels is a search of payments_entity_time by channel and time that never reads the
// table (COVERING INDEX).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/storage/migrate.js';
import { activityQuery, openChargebackQueries } from '../../src/storage/repositories/home.js';
import { openSqliteDb } from '../../src/storage/sqlite.js';

describe('SQLite indexes (migration 022)', () => {
  it("adds up a month of a merchant's channels from the time index, without reading the table", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pw-plan-'));
    const db = openSqliteDb(join(dir, 'relay.sqlite'));
    try {
      await migrateToLatest(db);
      const query = activityQuery(db, ['e1', 'e2', 'e3'], 1, 2).compile();
      const { rows } = await db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` });
      const steps = rows.map((r) => r.detail).join('\n');
      expect(steps).toMatch(/SEARCH payments USING COVERING INDEX payments_entity_time \(entity_id=\? AND created_at>\? AND created_at<\?\)/);
      expect(steps).not.toMatch(/SCAN payments/);
      // Every value is bound: the channels and the times are parameters, not text of the statement;
      // the times last, as the repository's statements of each day (the month's with other bounds) rely on.
      expect(query.parameters).toEqual(['e1', 'e2', 'e3', 1, 2]);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SQLite indexes (migration 019, read by the home page)', () => {
  it('counts and lists open chargebacks from their partial index, not through every payment of the channels', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pw-plan-'));
    const db = openSqliteDb(join(dir, 'relay.sqlite'));
    try {
      await migrateToLatest(db);
      const { list, count } = openChargebackQueries(db, ['e1', 'e2'], 10);
      for (const query of [list.compile(), count.compile()]) {
        const { rows } = await db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` });
        expect(rows.map((r) => r.detail).join('\n')).toMatch(/SEARCH payments USING INDEX payments_entity_chargebacks \(entity_id=\?\)/);
      }
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
