// Which card key seals new values, the same for every relay, and the history of the keys: when
// each became active, was replaced, was retired (migration 027). The keys themselves are never
// here: a copy of the database must open nothing.

import type { Selectable } from 'kysely';
import type { EpochMs } from '../../domain/records.js';
import type { CardKeysTable } from '../schema.js';
import { inTransaction, type Scope } from './scope.js';

export interface CardKeyRecord {
  id: string;
  active: boolean;
  activatedAt: EpochMs | null;
  replacedAt: EpochMs | null;
  retiredAt: EpochMs | null;
}

/** Why an activation or a retirement cannot be made; the operator's mistake, not a failure. */
export class CardKeyStateError extends Error {}

export interface CardKeysRepository {
  /** Every key the database knows of, by id. */
  list(): Promise<CardKeyRecord[]>;
  /** The id of the key new values are sealed with. */
  activeId(): Promise<string>;
  /** Makes `id` the active key, the former one replaced at `now`; refused for a retired key. */
  activate(id: string, now: EpochMs): Promise<void>;
  /** Marks `id` retired; refused for the active key. */
  retire(id: string, now: EpochMs): Promise<void>;
}

function keyFromRow(r: Selectable<CardKeysTable>): CardKeyRecord {
  const time = (v: number | null): EpochMs | null => (v === null ? null : Number(v));
  return { id: r.id, active: r.active !== null && Number(r.active) === 1, activatedAt: time(r.activated_at), replacedAt: time(r.replaced_at), retiredAt: time(r.retired_at) };
}

export class KyselyCardKeys implements CardKeysRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  async list(): Promise<CardKeyRecord[]> {
    const rows = await this.#s.db.selectFrom('card_keys').selectAll().orderBy('id').execute();
    return rows.map(keyFromRow);
  }

  async activeId(): Promise<string> {
    const row = await this.#s.db.selectFrom('card_keys').select('id').where('active', '=', 1).executeTakeFirst();
    // Migration 027 writes k0 active; a database without an active row was edited by hand.
    if (!row) throw new Error('no card key is active (table card_keys): activate one with `npm run relay -- keys activate ID`');
    return row.id;
  }

  activate(id: string, now: EpochMs): Promise<void> {
    return inTransaction(this.#s.db, async (trx) => {
      const row = await trx.selectFrom('card_keys').selectAll().where('id', '=', id).executeTakeFirst();
      if (row?.retired_at != null) throw new CardKeyStateError(`card key ${id} is retired and is never activated again`);
      if (row && row.active !== null) return;
      await trx.updateTable('card_keys').set({ active: null, replaced_at: now }).where('active', '=', 1).execute();
      if (row) await trx.updateTable('card_keys').set({ active: 1, activated_at: now, replaced_at: null }).where('id', '=', id).execute();
      else await trx.insertInto('card_keys').values({ id, active: 1, activated_at: now, replaced_at: null, retired_at: null }).execute();
    });
  }

  retire(id: string, now: EpochMs): Promise<void> {
    return inTransaction(this.#s.db, async (trx) => {
      const row = await trx.selectFrom('card_keys').selectAll().where('id', '=', id).executeTakeFirst();
      if (row && row.active !== null) throw new CardKeyStateError(`card key ${id} is the active key: activate another one first`);
      if (row?.retired_at != null) return;
      if (row) await trx.updateTable('card_keys').set({ retired_at: now }).where('id', '=', id).where('active', 'is', null).execute();
      else await trx.insertInto('card_keys').values({ id, active: null, activated_at: null, replaced_at: null, retired_at: now }).execute();
    });
  }
}
