// Entities (channels): a merchant's points of sale, each with its own settings and payments.

import type { CompiledQuery } from 'kysely';
import type { EntityRecord, EntitySettings } from '../../domain/records.js';
import { entityFromRow, entityToRow } from '../rows.js';
import type { Scope } from './scope.js';

export interface EntitiesRepository {
  create(e: EntityRecord): Promise<void>;
  find(id: string): Promise<EntityRecord | undefined>;
  /** A merchant's entities, oldest first. */
  list(merchantId: string): Promise<EntityRecord[]>;
  updateSettings(id: string, settings: EntitySettings): Promise<void>;
  /**
   * Stores `next` only while the entity's settings are still `read` (compared as stored: every
   * writer stores JSON.stringify of the settings): changes one row, or none when another change
   * came first. For a batch with its audit row (writes/entity-settings.ts).
   */
  updateSettingsStatement(id: string, next: EntitySettings, read: EntitySettings): CompiledQuery;
}

export class KyselyEntities implements EntitiesRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  async create(e: EntityRecord): Promise<void> {
    await this.#s.db.insertInto('entities').values(entityToRow(e)).execute();
  }

  async find(id: string): Promise<EntityRecord | undefined> {
    const row = await this.#s.db.selectFrom('entities').selectAll().where('id', '=', id).executeTakeFirst();
    return row && entityFromRow(row);
  }

  async list(merchantId: string): Promise<EntityRecord[]> {
    const rows = await this.#s.db.selectFrom('entities').selectAll().where('merchant_id', '=', merchantId).orderBy('created_at').orderBy('id').execute();
    return rows.map(entityFromRow);
  }

  async updateSettings(id: string, settings: EntitySettings): Promise<void> {
    await this.#s.db.updateTable('entities').set('settings', JSON.stringify(settings)).where('id', '=', id).execute();
  }

  updateSettingsStatement(id: string, next: EntitySettings, read: EntitySettings): CompiledQuery {
    return this.#s.db.updateTable('entities').set('settings', JSON.stringify(next)).where('id', '=', id).where('settings', '=', JSON.stringify(read)).compile();
  }
}
