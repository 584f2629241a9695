import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/storage/index.js';
import { migrateToLatest } from '../../src/storage/migrate.js';
import { openSqliteDb } from '../../src/storage/sqlite.js';
import { searchQuery } from '../../src/storage/payment-search.js';
import { migrationsContract } from './contract/migrations.js';
import { storeContract } from './store.contract.js';

describe('SQLite store', () => {
  storeContract(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pw-store-'));
    const file = join(dir, 'relay.sqlite');
    return {
      parallelStores: false,
      open: async () => {
        const store = await openSqliteStore(file);
        await store.migrate();
        return store;
      },
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  });
});

describe('SQLite migrations', () => {
  migrationsContract(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pw-migrate-'));
    return { db: openSqliteDb(join(dir, 'relay.sqlite')), schema: undefined, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  });
});

/** Runs `check` with the query planner of a freshly migrated SQLite file: what a query's plan says. */
async function withQueryPlans(check: (plan: (query: string) => Promise<string>) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'pw-plan-'));
  const db = openSqliteDb(join(dir, 'relay.sqlite'));
  try {
    await migrateToLatest(db);
    await check(async (query) => {
      const { rows } = await sql.raw<{ detail: string }>(`explain query plan ${query}`).execute(db);
      return rows.map((r) => r.detail).join('; ');
    });
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('SQLite indexes (migration 004)', () => {
  it('finds payments and checkouts by id through the primary key, and by checkout through the partial index', async () => {
    await withQueryPlans(async (plan) => {
      expect(await plan("select * from payments where entity_id = 'e' and id = 'p'")).toMatch(/USING INDEX sqlite_autoindex_payments_1 \(id=\?\)/);
      expect(await plan("select * from checkouts where entity_id = 'e' and id = 'c'")).toMatch(/USING INDEX sqlite_autoindex_checkouts_1 \(id=\?\)/);
      expect(await plan("select id from payments where checkout_id = 'c'")).toMatch(/USING INDEX payments_checkout \(checkout_id=\?\)/);
      expect(await plan("select id from payments where referenced_id = 'p'")).toMatch(/USING INDEX payments_referenced \(referenced_id=\?\)/);
    });
  });
});

describe('SQLite indexes (a payment\'s family)', () => {
  it('reads a family by the primary key and the referenced index, never by scanning the entity\'s payments', async () => {
    await withQueryPlans(async (plan) => {
      const family =
        "select * from payments where exists (select id from payments as root where root.id = 'p' and root.entity_id = 'e') and (id = 'p' or referenced_id = 'p' or referenced_id in (select child.id from payments as child where child.referenced_id = 'p'))";
      const steps = await plan(family);
      expect(steps).toMatch(/MULTI-INDEX OR/);
      expect(steps).toMatch(/SEARCH payments USING INDEX sqlite_autoindex_payments_1 \(id=\?\)/);
      expect(steps).toMatch(/SEARCH payments USING INDEX payments_referenced \(referenced_id=\?\)/);
      expect(steps).not.toMatch(/payments_entity_time|SCAN payments/);
      // A payment among a person's channels is found by its key too.
      expect(await plan("select * from payments where id = 'p' and entity_id in ('e', 'f')")).toMatch(/USING INDEX sqlite_autoindex_payments_1 \(id=\?\)/);
    });
  });
});

describe('SQLite indexes (migration 017)', () => {
  it('reads the audit log newest first and a merchant\'s users from their indexes, with no sort of their own', async () => {
    await withQueryPlans(async (plan) => {
      const page = "select * from audit_log where merchant_id = 'm' and at <= 5 and (at, id) < (5, 'x') order by at desc, id desc limit 51";
      expect(await plan(page)).toMatch(/^SEARCH audit_log USING INDEX audit_log_merchant_time \(merchant_id=\? AND at<\?\)$/);
      expect(await plan("select * from users where merchant_id = 'm' and email = 'e'")).toMatch(/USING INDEX users_merchant_email \(merchant_id=\? AND email=\?\)/);
      expect(await plan("select * from users where merchant_id = 'm' order by email")).toMatch(/^SEARCH users USING INDEX users_merchant_email \(merchant_id=\?\)$/);
    });
  });
});

describe('SQLite indexes (migration 018)', () => {
  it('finds a sign-in\'s users by address alone, and a person\'s sessions, from their indexes', async () => {
    await withQueryPlans(async (plan) => {
      expect(await plan("select * from users where email = 'e' and status = 'active' order by created_at, id")).toMatch(/SEARCH users USING INDEX users_email \(email=\?\)/);
      expect(await plan("delete from backoffice_sessions where user_id = 'u'")).toMatch(/SEARCH backoffice_sessions USING (COVERING )?INDEX backoffice_sessions_user \(user_id=\?\)/);
      expect(await plan("select * from backoffice_sessions where id = 's'")).toMatch(/USING INDEX sqlite_autoindex_backoffice_sessions_1 \(id=\?\)/);
    });
  });
});

describe('SQLite indexes (migration 019)', () => {
  it('reads each part of the payment list from the time index, which carries every filter\'s column, or from the index of its search, never the table for a search', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pw-plan-'));
    const db = openSqliteDb(join(dir, 'relay.sqlite'));
    try {
      await migrateToLatest(db);
      /** The index each part of the list's statement searches, in order. */
      const indexes = async (search: Parameters<typeof searchQuery>[2], checkoutPayments: string[] = []): Promise<string[]> => {
        const query = searchQuery(db, ['e1', 'e2'], search, { createdAt: 5, id: 'x' }, 51, checkoutPayments)?.compile();
        if (!query) throw new Error('no statement');
        const { rows } = await db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` });
        return rows.flatMap((r) => /^SEARCH payments USING (?:INDEX )?(\S+)/.exec(r.detail)?.[1] ?? []);
      };
      const both = (index: string) => [index, index];
      expect(await indexes({})).toEqual(both('payments_entity_time'));
      expect(await indexes({ from: 1, to: 9 })).toEqual(both('payments_entity_time'));
      expect(await indexes({ status: 'declined' })).toEqual(both('payments_entity_time'));
      expect(await indexes({ status: 'chargedBack' })).toEqual(both('payments_entity_chargebacks'));
      expect(await indexes({ paymentType: 'RF' })).toEqual(both('payments_entity_time'));
      expect(await indexes({ brand: 'AMEX', method: 'card', amountMin: 100 })).toEqual(both('payments_entity_time'));
      expect(await indexes({ q: 'order-1' })).toEqual(both('payments_entity_reference'));
      expect(await indexes({ q: '4242' })).toEqual([...both('payments_entity_reference'), ...both('payments_entity_last4')]);
      expect(await indexes({ q: 'ann@shop.example' })).toEqual([...both('payments_entity_reference'), ...both('payments_entity_email')]);
      // A 32-character id could be a payment's or a checkout's: its payments (looked up first) by primary key.
      expect(await indexes({ q: 'a'.repeat(32) }, ['b'.repeat(32)])).toEqual([...both('payments_entity_reference'), 'sqlite_autoindex_payments_1', 'sqlite_autoindex_payments_1']);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SQLite indexes (migration 021)', () => {
  it('finds the webhook events of a family\'s records from their index, not by reading the table', async () => {
    await withQueryPlans(async (plan) => {
      expect(await plan("select * from webhook_events where record_id in ('a', 'b')")).toMatch(/SEARCH webhook_events USING INDEX webhook_events_record \(record_id=\?\)/);
    });
  });
});
