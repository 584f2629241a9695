// The PostgreSQL group commit's batches (storage/pg-batch.ts): values go as bound parameters and
// come back exactly as given, a batch is one transaction, a failed guard rolls it back with that
// guard's own error, and reads asked together answer in order. Against a real server (TEST_DATABASE_URL), in a schema of its own; skipped with a
// message when it is unreachable, unless REQUIRE_POSTGRES=1.

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBatch, runBatch } from '../../src/storage/pg-batch.js';
import { mustChangeOneRow } from '../../src/storage/guarded-query.js';
import { withFollowers } from '../../src/storage/followers.js';
import { ClaimLostError } from '../../src/storage/store.js';
import { POSTGRES_URL, postgresUnreachable } from '../../../e2e/support/relay-cluster.js';

const reason = await postgresUnreachable();
if (reason !== undefined && process.env.REQUIRE_POSTGRES === '1') {
  describe('PostgreSQL batches', () => {
    it('needs a reachable PostgreSQL (REQUIRE_POSTGRES=1)', () => {
      throw new Error(`PostgreSQL is unreachable: ${reason}`);
    });
  });
} else if (reason !== undefined) {
  console.warn(`SKIPPED: PostgreSQL batches: the server is unreachable (${reason})`);
}

describe.skipIf(reason !== undefined)('PostgreSQL batches', () => {
  const schema = `pw_test_${randomBytes(6).toString('hex')}`;
  let pool: pg.Pool;
  const insert = (id: string, note: unknown, n: unknown) => CompiledQuery.raw('insert into notes (id, note, n) values ($1, $2, $3)', [id, note, n]);
  const notes = async () => (await pool.query<{ id: string; note: string | null; n: string | null }>('select id, note, n from notes order by id')).rows;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: POSTGRES_URL, options: `-c search_path=${schema}`, max: 2 });
    await pool.query(`create schema ${schema}`);
    await pool.query('create table notes (id text primary key, note text, n bigint)');
  });
  afterAll(async () => {
    await pool.query(`drop schema ${schema} cascade`);
    await pool.end();
  });

  it('stores hostile text exactly as given, in one transaction', async () => {
    await pool.query('delete from notes');
    const hostile = ["'; drop table notes; --", 'back\\slash \\x00 and $1 and $$ dollars $$', 'ünïcødé 🚀', '', '"quoted"'];
    const changed = await runBatch(
      pool,
      hostile.map((note, i) => insert(`h${i}`, note, -i)),
    );
    expect(changed).toEqual([1, 1, 1, 1, 1]);
    expect(await notes()).toEqual(hostile.map((note, i) => ({ id: `h${i}`, note, n: String(-i) })));
  });

  it('refuses a NUL character with a clear error, before anything is sent', async () => {
    await pool.query('delete from notes');
    await expect(runBatch(pool, [insert('a', 'kept?', 1), insert('b', 'a\u0000b', 2)])).rejects.toThrow(/NUL character.*\$2/);
    expect(await notes()).toEqual([]);
  });

  it('rolls the whole batch back when one statement fails', async () => {
    await pool.query('delete from notes');
    await expect(runBatch(pool, [insert('a', 'first', 1), insert('a', 'again', 2)])).rejects.toThrow(/duplicate key/);
    expect(await notes()).toEqual([]);
  });

  it('answers the rows each statement changed, a held guard as one', async () => {
    await pool.query('delete from notes');
    await runBatch(pool, [insert('a', 'x', 1), insert('b', 'x', 2)]);
    const changed = await runBatch(pool, [
      CompiledQuery.raw("update notes set n = n + 1 where note = 'x'", []),
      mustChangeOneRow(CompiledQuery.raw('update notes set note = $1 where id = $2', ['y', 'a'])),
      CompiledQuery.raw('insert into notes (id) values ($1) on conflict do nothing', ['a']),
    ]);
    expect(changed).toEqual([2, 1, 0]);
  });

  it('writes a guarded statement whose values hold any word, RETURNING included', async () => {
    await pool.query('delete from notes');
    await runBatch(pool, [insert('a', 'x', 1)]);
    const changed = await runBatch(pool, [mustChangeOneRow(CompiledQuery.raw('update notes set note = $1 where id = $2', ['Thanks for returning! RETURNING 1; --', 'a']))]);
    expect(changed).toEqual([1]);
    expect((await notes())[0]?.note).toBe('Thanks for returning! RETURNING 1; --');
    // A statement of its own RETURNING cannot be guarded this way: refused before it is sent.
    await expect(runBatch(pool, [mustChangeOneRow(CompiledQuery.raw('update notes set n = 2 where id = $1 returning id', ['a']))])).rejects.toThrow(/RETURNING/);
  });

  it("rolls back on a failed guard and throws that guard's own error", async () => {
    await pool.query('delete from notes');
    await runBatch(pool, [insert('a', 'x', 1)]);
    class NotDue extends Error {}
    const batch = [
      insert('b', 'kept?', 2),
      mustChangeOneRow(CompiledQuery.raw('update notes set n = 10 where id = $1', ['a'])),
      mustChangeOneRow(CompiledQuery.raw('update notes set n = 20 where id = $1', ['missing']), () => new NotDue()),
    ];
    await expect(runBatch(pool, batch)).rejects.toBeInstanceOf(NotDue);
    expect(await notes()).toEqual([{ id: 'a', note: 'x', n: '1' }]);
    const claimLost = [mustChangeOneRow(CompiledQuery.raw('update notes set n = 30 where id = $1', ['missing']))];
    await expect(runBatch(pool, claimLost)).rejects.toBeInstanceOf(ClaimLostError);
    // Two rows changed is a failed guard too.
    await runBatch(pool, [insert('b', 'x', 2)]);
    await expect(runBatch(pool, [mustChangeOneRow(CompiledQuery.raw("update notes set n = 0 where note = 'x'", []))])).rejects.toBeInstanceOf(ClaimLostError);
    expect((await notes()).map((r) => r.n)).toEqual(['1', '2']);
  });

  it("recognises a failed guard by its SQLSTATE and its place in the batch, not by the server's message", async () => {
    // A server whose lc_messages is not English words every error in its own language. No
    // non-English locale is installed here (`locale -a`: C, C.utf8, POSIX), so the server cannot be
    // made to translate; instead each error reaches the batch with its message replaced by the
    // German server's, and every field the server does not translate (the SQLSTATE) left as it is.
    const translating = Object.create(pool, {
      connect: {
        value: async () => {
          const client = await pool.connect();
          const query = (submittable: { handleError(error: Error): void }) => {
            const handleError = submittable.handleError.bind(submittable);
            submittable.handleError = (error) => {
              error.message = 'FEHLER: kann Logarithmus von null nicht berechnen';
              handleError(error);
            };
            return client.query(submittable as unknown as pg.Submittable);
          };
          return { query, release: (error?: Error) => client.release(error) };
        },
      },
    }) as pg.Pool;
    await pool.query('delete from notes');
    await runBatch(pool, [insert('a', 'x', 1)]);
    class NotDue extends Error {}
    const lost = mustChangeOneRow(CompiledQuery.raw('update notes set n = 5 where id = $1', ['missing']));
    await expect(runBatch(translating, [insert('b', 'x', 2), lost])).rejects.toBeInstanceOf(ClaimLostError);
    const notDue = mustChangeOneRow(CompiledQuery.raw('update notes set n = 6 where id = $1', ['missing']), () => new NotDue());
    await expect(runBatch(translating, [mustChangeOneRow(CompiledQuery.raw('update notes set n = 7 where id = $1', ['a'])), notDue])).rejects.toBeInstanceOf(NotDue);
    // A guarded statement that fails for a reason of its own is not taken for its guard.
    const duplicate = mustChangeOneRow(CompiledQuery.raw('update notes set id = $1 where id = $2', ['a', 'a']));
    await runBatch(pool, [insert('b', 'x', 2)]);
    const own = mustChangeOneRow(CompiledQuery.raw('update notes set id = $1 where id = $2', ['a', 'b']));
    await expect(runBatch(translating, [duplicate, own])).rejects.toMatchObject({ code: '23505' });
    expect(await notes()).toEqual([
      { id: 'a', note: 'x', n: '1' },
      { id: 'b', note: 'x', n: '2' },
    ]);
  });

  it("sends a leader's followers with it, and they change nothing where it changed nothing", async () => {
    await pool.query('delete from notes');
    await runBatch(pool, [insert('a', 'x', 1)]);
    // Each follower is written to change nothing unless its leader's row is there (followers.ts).
    const touch = (id: string) =>
      withFollowers(CompiledQuery.raw('update notes set n = n + 1 where id = $1', [id]), () => [
        CompiledQuery.raw("insert into notes (id, note) select $1, 'followed' where exists (select 1 from notes where id = $2)", [`${id}-follower`, id]),
      ]);
    expect(await runBatch(pool, [touch('a'), touch('missing'), insert('b', 'y', 2)])).toEqual([1, 0, 1]);
    expect((await notes()).map((r) => r.id)).toEqual(['a', 'a-follower', 'b']);
  });

  it('prepares each write once per connection, and knows which a failed batch left unprepared', async () => {
    // One connection, so every batch meets the statements the ones before it prepared there.
    const one = new pg.Pool({ connectionString: POSTGRES_URL, options: `-c search_path=${schema}`, max: 1 });
    try {
      await pool.query('delete from notes');
      const tag = randomBytes(4).toString('hex');
      // Texts no batch has sent before: each is parsed, and named, the first time it is sent.
      const first = (id: string) => CompiledQuery.raw(`insert into notes (id, note) values ($1, 'first ${tag}')`, [id]);
      const after = (id: string) => CompiledQuery.raw(`insert into notes (id, note) values ($1, 'after ${tag}')`, [id]);
      const lost = mustChangeOneRow(CompiledQuery.raw(`update notes set n = 1 where id = $1 and note = 'lost ${tag}'`, ['none']));
      const broken = CompiledQuery.raw(`insert into notes (id, nothing) values ($1, 'broken ${tag}')`, ['x']);
      // The guard fails: `first` was prepared before it, `after` never was.
      await expect(runBatch(one, [first('a'), lost, after('b')])).rejects.toBeInstanceOf(ClaimLostError);
      // A Parse that fails (no such column) prepares nothing, nor anything after it.
      await expect(runBatch(one, [broken, after('b')])).rejects.toMatchObject({ code: '42703' });
      expect(await runBatch(one, [after('b'), first('a'), after('c')])).toEqual([1, 1, 1]);
      expect(await runBatch(one, [first('d'), after('e')])).toEqual([1, 1]);
      expect((await notes()).map((r) => r.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
      const held = await one.query<{ name: string }>('select name from pg_prepared_statements');
      expect(held.rows.length).toBeGreaterThanOrEqual(3);
    } finally {
      await one.end();
    }
  });

  it('reads asked together answer in order, each with its rows', async () => {
    await pool.query('delete from notes');
    await runBatch(pool, [insert('a', "it's", 1), insert('b', null, 2)]);
    const [first, none, both] = await readBatch(pool, [
      CompiledQuery.raw('select note from notes where id = $1', ['a']),
      CompiledQuery.raw('select note from notes where id = $1', ['zz']),
      CompiledQuery.raw('select id from notes order by id', []),
    ]);
    expect(first).toEqual([{ note: "it's" }]);
    expect(none).toEqual([]);
    expect(both).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(await readBatch(pool, [CompiledQuery.raw('select count(*)::int as n from notes', [])])).toEqual([[{ n: 2 }]]);
  });

  it("reads with the pool's own column parsers, and fails with a parser's error once the server is done", async () => {
    const parseInt8 = (text: string) => {
      const n = Number(text);
      if (!Number.isSafeInteger(n)) throw new RangeError(`bigint ${text} exceeds the safe integer range`);
      return n;
    };
    const types = { getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === 20 ? parseInt8 : pg.types.getTypeParser(oid, format)) };
    const typed = new pg.Pool({ connectionString: POSTGRES_URL, options: `-c search_path=${schema}`, max: 1, types });
    try {
      expect(await readBatch(typed, [CompiledQuery.raw('select $1::bigint as n', [42])])).toEqual([[{ n: 42 }]]);
      await expect(readBatch(typed, [CompiledQuery.raw('select 1', []), CompiledQuery.raw('select 9007199254740993::bigint as n', [])])).rejects.toBeInstanceOf(RangeError);
      // Nothing is left half read: the next batch is answered.
      expect(await readBatch(typed, [CompiledQuery.raw('select $1::bigint as n', [7])])).toEqual([[{ n: 7 }]]);
    } finally {
      await typed.end();
    }
  });
});
