// When the embedded store acknowledges a write: only after a WAL sync that started after the write,
// with the connection free for other queries meanwhile (wal-sync.ts, sqlite.ts).

import { writePayment } from '../../src/storage/writes/index.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMerchant } from '../../src/merchants/bootstrap.js';
import { CardVault } from '../../src/crypto/card-vault.js';
import { randomBytes } from 'node:crypto';
import { newEntity, paymentRecord } from './contract/fixtures.js';
import { KyselyStore } from '../../src/storage/kysely-store.js';
import { openSqliteDb } from '../../src/storage/sqlite.js';
import { WalSync, type Durability } from '../../src/storage/wal-sync.js';

/** A gate that holds every sync until released, and counts them. */
class Gate {
  started = 0;
  /** While false, syncs pass at once (still counted). */
  holding = true;
  readonly #open: (() => void)[] = [];
  readonly #watchers: { count: number; resolve(): void }[] = [];
  wait = (): Promise<void> => {
    this.started += 1;
    for (const w of this.#watchers.filter((x) => x.count <= this.started)) w.resolve();
    if (!this.holding) return Promise.resolve();
    return new Promise((resolve) => this.#open.push(resolve));
  };
  /** Resolves once `count` syncs have started. */
  reached(count: number): Promise<void> {
    if (this.started >= count) return Promise.resolve();
    return new Promise((resolve) => this.#watchers.push({ count, resolve }));
  }
  release(): void {
    for (const open of this.#open.splice(0)) open();
  }
}

/**
 * Whether a promise has settled once everything already queued has run. Used only on promises
 * that wait for a gate the test holds, so no later event could settle them either.
 */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

const dirs: string[] = [];
function freshFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pw-wal-'));
  dirs.push(dir);
  return join(dir, 'relay.sqlite');
}
const opened: { destroy(): Promise<void> }[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A database file that has a WAL with something written in it. */
async function fileWithWal(): Promise<string> {
  const file = freshFile();
  const db = openSqliteDb(file);
  opened.push(db);
  await db.schema.createTable('t').addColumn('x', 'integer').execute();
  return file;
}

describe('WalSync', () => {
  it('makes callers that came during a sync wait for the next one, which they share', async () => {
    const file = await fileWithWal();
    const gate = new Gate();
    const wal = new WalSync(file, gate.wait);

    const first = wal.sync();
    await gate.reached(1);
    const second = wal.sync();
    const third = wal.sync();
    expect(await settled(second)).toBe(false);
    expect(gate.started).toBe(1);

    gate.release();
    await first;
    await gate.reached(2);
    expect(await settled(third)).toBe(false);
    gate.release();
    await Promise.all([second, third]);
    expect(gate.started).toBe(2);
    await wal.close();
  });

  it('gathers before a sync that follows a running one: writes that come meanwhile share it, and it starts once the gathering ends', async () => {
    const file = await fileWithWal();
    const gate = new Gate();
    let endGathering = (): void => undefined;
    let gathering = 0;
    const wal = new WalSync(file, gate.wait, () => {
      gathering += 1;
      return new Promise<void>((resolve) => (endGathering = resolve));
    });

    const first = wal.sync();
    await gate.reached(1);
    const second = wal.sync();
    gate.release();
    await first;
    // The running sync ended; the next one gathers instead of starting.
    expect(await settled(second)).toBe(false);
    expect(gathering).toBe(1);
    expect(gate.started).toBe(1);
    const third = wal.sync();
    const fourth = wal.sync();
    expect(gate.started).toBe(1);

    endGathering();
    await gate.reached(2);
    gate.release();
    await Promise.all([second, third, fourth]);
    expect(gate.started).toBe(2);
    expect(gathering).toBe(1);

    // Nothing running: a write is synced at once, with no gathering.
    gate.holding = false;
    await wal.sync();
    expect(gate.started).toBe(3);
    expect(gathering).toBe(1);
    await wal.close();
  });

  it('rejects the waiters of a failed sync, and the next sync runs again', async () => {
    const file = await fileWithWal();
    let fail = true;
    const wal = new WalSync(file, async (handle) => {
      if (fail) throw new Error('EIO');
      await handle.sync();
    });
    await expect(wal.sync()).rejects.toThrow('EIO');
    fail = false;
    await expect(wal.sync()).resolves.toBeUndefined();
    await wal.close();
  });

  it('syncs the real WAL file of a store', async () => {
    const file = await fileWithWal();
    let synced = 0;
    const wal = new WalSync(file, async (handle) => {
      synced += 1;
      expect((await handle.stat()).size).toBeGreaterThan(0);
      await handle.sync();
    });
    await wal.sync();
    expect(synced).toBe(1);
    await wal.close();
  });
});

/** A migrated store whose WAL syncs wait for `gate` once `gate.holding` is set again. */
async function gatedStore(): Promise<{ gate: Gate; store: KyselyStore }> {
  const gate = new Gate();
  const durability: Durability = { sync: gate.wait, close: async () => undefined };
  const store = new KyselyStore(openSqliteDb(freshFile(), durability), 'sqlite');
  gate.holding = false;
  await store.migrate();
  return { gate, store };
}

describe('the embedded store with a WAL sync', () => {
  it('acknowledges a write only after a sync, while other queries go on', async () => {
    const { gate, store } = await gatedStore();
    const syncsAfterMigrating = gate.started;
    expect(syncsAfterMigrating).toBeGreaterThan(0);

    gate.holding = true;
    const write = createMerchant(store, { name: 'Shop' }, 0, new CardVault(randomBytes(32)));
    await gate.reached(syncsAfterMigrating + 1);
    expect(await settled(write)).toBe(false);
    // The connection is free while the write waits for the disk.
    expect(await store.merchants.count()).toBe(1);
    expect(gate.started).toBe(syncsAfterMigrating + 1); // reads do not sync

    gate.release();
    await write;
    await store.close();
  });

  it('writes the inserts of one turn as one group with one sync; a failing insert fails alone', async () => {
    const { gate, store } = await gatedStore();
    const entityId = await newEntity(store);
    const taken = paymentRecord(entityId);
    await writePayment(store, taken);

    gate.holding = true;
    const before = gate.started;
    const fresh = [paymentRecord(entityId), paymentRecord(entityId), paymentRecord(entityId)];
    const writes = [...fresh, { ...paymentRecord(entityId), id: taken.id }].map((p) => writePayment(store, p).then(() => 'ok', (e: Error) => e.message));
    await gate.reached(before + 1);
    expect(await Promise.all(writes.map(settled))).toEqual([false, false, false, false]);
    // The group rolled back on the duplicate; each insert is written again alone, each with its sync.
    gate.holding = false;
    gate.release();
    const outcomes = await Promise.all(writes);
    expect(outcomes.slice(0, 3)).toEqual(['ok', 'ok', 'ok']);
    expect(outcomes[3]).toMatch(/UNIQUE/);
    for (const p of fresh) expect((await store.payments.find(entityId, p.id))?.id).toBe(p.id);
    await store.close();
  });

  it('acknowledges a group of inserts only after one sync that started after them', async () => {
    const { gate, store } = await gatedStore();
    const entityId = await newEntity(store);

    gate.holding = true;
    const before = gate.started;
    const group = [paymentRecord(entityId), paymentRecord(entityId), paymentRecord(entityId)];
    const writes = group.map((p) => writePayment(store, p));
    await gate.reached(before + 1);
    expect(await Promise.all(writes.map(settled))).toEqual([false, false, false]);
    gate.release();
    await Promise.all(writes);
    expect(gate.started).toBe(before + 1);
    await store.close();
  });
});
