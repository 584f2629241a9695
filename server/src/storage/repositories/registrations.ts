// Registrations: stored cards, scoped by entity, deleted by wiping their ciphertext.

import type { CompiledQuery, Selectable } from 'kysely';
import type { EpochMs, RegistrationRecord } from '../../domain/records.js';
import { registrationFromRow, registrationToRow } from '../rows.js';
import type { RegistrationsTable } from '../schema.js';
import { testClockQuery, testClockTime } from '../schedules.js';
import type { Scope } from './scope.js';

export interface RegistrationsRepository {
  insert(r: RegistrationRecord): Promise<void>;
  /** The insert as a statement, for a composite write's batch. */
  insertStatement(r: RegistrationRecord): CompiledQuery;
  find(entityId: string, id: string): Promise<RegistrationRecord | undefined>;
  /** A registration and the entity's test clock (undefined: never moved), read together: what a schedule's creation needs. */
  findWithTestClock(entityId: string, id: string): Promise<{ registration: RegistrationRecord | undefined; testClock: EpochMs | undefined }>;
  /**
   * Marks it deleted and wipes the ciphertext and the keyed hash; false when absent or already
   * deleted (writes/registration-deletion.ts adds what goes with it).
   */
  markDeleted(entityId: string, id: string, now: EpochMs): Promise<boolean>;
  /**
   * The stored cards of `entityIds` not deleted, newest first (ids are time-ordered), those older
   * than `before` (an id) when given; at most `limit`. The back office's list.
   */
  listAmong(entityIds: readonly string[], before: string | undefined, limit: number): Promise<RegistrationRecord[]>;
  /** A registration of one of `entityIds` (deleted ones too), else undefined. */
  findAmong(entityIds: readonly string[], id: string): Promise<RegistrationRecord | undefined>;
  /** The registrations of `ids` among `entityIds` (deleted ones too), in no set order: a page of schedules' cards, read at once. */
  findManyAmong(entityIds: readonly string[], ids: readonly string[]): Promise<RegistrationRecord[]>;
}

export class KyselyRegistrations implements RegistrationsRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  async insert(r: RegistrationRecord): Promise<void> {
    await this.#s.write([this.insertStatement(r)]);
  }

  insertStatement(r: RegistrationRecord): CompiledQuery {
    return this.#s.prepared.registrations.compile(registrationToRow(r));
  }

  /** Scoped in the query itself: another entity's registration id matches no row. */
  #query(entityId: string, id: string) {
    return this.#s.db.selectFrom('registrations').selectAll().where('entity_id', '=', entityId).where('id', '=', id);
  }

  async find(entityId: string, id: string): Promise<RegistrationRecord | undefined> {
    const row = await this.#query(entityId, id).executeTakeFirst();
    return row && registrationFromRow(row);
  }

  async findWithTestClock(entityId: string, id: string): Promise<{ registration: RegistrationRecord | undefined; testClock: EpochMs | undefined }> {
    const [registrations = [], clocks = []] = await this.#s.readTogether([this.#query(entityId, id).compile(), testClockQuery(this.#s.db, entityId).compile()]);
    const registration = registrations[0] as Selectable<RegistrationsTable> | undefined;
    return { registration: registration && registrationFromRow(registration), testClock: testClockTime(clocks[0] as { time: number | string } | undefined) };
  }

  async listAmong(entityIds: readonly string[], before: string | undefined, limit: number): Promise<RegistrationRecord[]> {
    if (entityIds.length === 0) return [];
    let query = this.#s.db.selectFrom('registrations').selectAll().where('entity_id', 'in', [...entityIds]).where('deleted_at', 'is', null);
    if (before !== undefined) query = query.where('id', '<', before);
    const rows = await query.orderBy('id', 'desc').limit(limit).execute();
    return rows.map(registrationFromRow);
  }

  async findAmong(entityIds: readonly string[], id: string): Promise<RegistrationRecord | undefined> {
    if (entityIds.length === 0) return undefined;
    const row = await this.#s.db.selectFrom('registrations').selectAll().where('id', '=', id).where('entity_id', 'in', [...entityIds]).executeTakeFirst();
    return row && registrationFromRow(row);
  }

  async findManyAmong(entityIds: readonly string[], ids: readonly string[]): Promise<RegistrationRecord[]> {
    if (entityIds.length === 0 || ids.length === 0) return [];
    const rows = await this.#s.db.selectFrom('registrations').selectAll().where('id', 'in', [...ids]).where('entity_id', 'in', [...entityIds]).execute();
    return rows.map(registrationFromRow);
  }

  async markDeleted(entityId: string, id: string, now: EpochMs): Promise<boolean> {
    // The ciphertext and the keyed hash go at once: a deleted registration can never be charged
    // nor linked to a new one holding the same card.
    const result = await this.#s.db
      .updateTable('registrations')
      .set({ deleted_at: now, card_ciphertext: '', card_hmac: '' })
      .where('entity_id', '=', entityId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
