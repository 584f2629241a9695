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
