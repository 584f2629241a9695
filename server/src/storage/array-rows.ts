// Rows as arrays, in the order of the query's select list, for reads that stream many rows (the
// reconciliation file's million records). Both drivers build an object per row through Kysely,
// which costs more than the database itself at that size (better-sqlite3 three times the array
// form); each driver can hand back arrays instead, and this is where a database opened here says
// how. Reads only: nothing here marks a write for the WAL sync.

import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.js';

export type ArrayReader = (query: CompiledQuery) => Promise<unknown[][]>;

const readers = new WeakMap<Kysely<Database>, ArrayReader>();

/** Called by openSqliteDb and openPostgresDb with their driver's way of reading arrays. */
export function registerArrayReader(db: Kysely<Database>, reader: ArrayReader): void {
  readers.set(db, reader);
}

/** The query's rows as arrays of its selected columns, in their order. */
export function arrayRows(db: Kysely<Database>, query: CompiledQuery): Promise<unknown[][]> {
  const reader = readers.get(db);
  if (!reader) throw new Error('reading rows as arrays needs a database opened by openSqliteDb or openPostgresDb');
  return reader(query);
}
