// The card keys the relays know of, and which one seals new values: kept in the database so that
// every relay seals with the same key (crypto/keyring.ts holds the keys themselves, outside the
// database). `active` is 1 on the active key's row and null on every other: the unique index
// allows one 1 only (nulls are distinct on both dialects), so two activations can never leave two
// keys active. The original key, k0, is active until the first rotation; every value sealed
// before keys had ids is its.

import type { Kysely } from 'kysely';

interface Tables {
  card_keys: { id: string; active: number | null; activated_at: number | null; replaced_at: number | null; retired_at: number | null };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('card_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('active', 'integer', (c) => c.unique())
    // When it last became active; null for a key never activated (retired right after `keys add`).
    .addColumn('activated_at', 'bigint')
    // When another key became active in its place: values it sealed since are re-sealed from then on.
    .addColumn('replaced_at', 'bigint')
    // Retired keys are never activated again and are dropped from every relay's keyring.
    .addColumn('retired_at', 'bigint')
    .execute();
  await (db as unknown as Kysely<Tables>).insertInto('card_keys').values({ id: 'k0', active: 1, activated_at: 0, replaced_at: null, retired_at: null }).execute();
}
