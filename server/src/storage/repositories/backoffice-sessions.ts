// The back office's sessions. A session is found only while it lives (idle and absolute limits
// checked in the query, on the caller's clock), so an ended session is as good as absent even
// before housekeeping removes its row; the limits are passed in (domain/backoffice-sessions.ts).

import type { CompiledQuery, Selectable } from 'kysely';
import type { BackofficeSessionRecord, SessionLimits } from '../../domain/backoffice-sessions.js';
import type { EpochMs } from '../../domain/records.js';
import type { BackofficeSessionsTable } from '../schema.js';
import type { Scope } from './scope.js';

export interface BackofficeSessionsRepository {
  insert(s: BackofficeSessionRecord): Promise<void>;
  /** The insert as a statement, for a composite write's batch (a sign-in and its audit row). */
  insertStatement(s: BackofficeSessionRecord): CompiledQuery;
  /** The session with this id if it lives at `now` (neither idle past `idleMs` nor past its absolute end). */
  findLive(id: string, now: EpochMs, limits: SessionLimits): Promise<BackofficeSessionRecord | undefined>;
  /**
   * Moves last_seen_at to `now` when it is at least `touchEveryMs` behind (and the session still
   * lives); true when it moved.
   */
  touch(id: string, now: EpochMs, limits: SessionLimits): Promise<boolean>;
  delete(id: string): Promise<void>;
  deleteStatement(id: string): CompiledQuery;
  /** Every session of the user (sign out everywhere, deactivation, a changed password); answers how many. */
  deleteOfUser(userId: string): Promise<number>;
  deleteOfUserStatement(userId: string): CompiledQuery;
  /** Removes the rows of sessions ended at `now` (housekeeping); answers how many. */
  deleteEnded(now: EpochMs, limits: SessionLimits): Promise<number>;
}

function sessionToRow(s: BackofficeSessionRecord): Selectable<BackofficeSessionsTable> {
  return {
    id: s.id,
    user_id: s.userId,
    merchant_id: s.merchantId,
    csrf_token: s.csrfToken,
    created_at: s.createdAt,
    last_seen_at: s.lastSeenAt,
    absolute_expires_at: s.absoluteExpiresAt,
    address: s.address,
  };
}

function sessionFromRow(r: Selectable<BackofficeSessionsTable>): BackofficeSessionRecord {
  return {
    id: r.id,
    userId: r.user_id,
    merchantId: r.merchant_id,
    csrfToken: r.csrf_token,
    createdAt: Number(r.created_at),
    lastSeenAt: Number(r.last_seen_at),
    absoluteExpiresAt: Number(r.absolute_expires_at),
    address: r.address,
  };
}

export class KyselyBackofficeSessions implements BackofficeSessionsRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  async insert(s: BackofficeSessionRecord): Promise<void> {
    await this.#s.write([this.insertStatement(s)]);
  }

  insertStatement(s: BackofficeSessionRecord): CompiledQuery {
    return this.#s.db.insertInto('backoffice_sessions').values(sessionToRow(s)).compile();
  }

  async findLive(id: string, now: EpochMs, limits: SessionLimits): Promise<BackofficeSessionRecord | undefined> {
    const row = await this.#s.db
      .selectFrom('backoffice_sessions')
      .selectAll()
      .where('id', '=', id)
      .where('absolute_expires_at', '>', now)
      .where('last_seen_at', '>', now - limits.idleMs)
      .executeTakeFirst();
    return row && sessionFromRow(row);
  }

  async touch(id: string, now: EpochMs, limits: SessionLimits): Promise<boolean> {
    const result = await this.#s.db
      .updateTable('backoffice_sessions')
      .set({ last_seen_at: now })
      .where('id', '=', id)
      .where('last_seen_at', '<=', now - limits.touchEveryMs)
      .where('last_seen_at', '>', now - limits.idleMs)
      .where('absolute_expires_at', '>', now)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async delete(id: string): Promise<void> {
    await this.#s.write([this.deleteStatement(id)]);
  }

  deleteStatement(id: string): CompiledQuery {
    return this.#s.db.deleteFrom('backoffice_sessions').where('id', '=', id).compile();
  }

  async deleteOfUser(userId: string): Promise<number> {
    const [deleted] = await this.#s.write([this.deleteOfUserStatement(userId)]);
    return deleted ?? 0;
  }

  deleteOfUserStatement(userId: string): CompiledQuery {
    return this.#s.db.deleteFrom('backoffice_sessions').where('user_id', '=', userId).compile();
  }

  async deleteEnded(now: EpochMs, limits: SessionLimits): Promise<number> {
    const result = await this.#s.db
      .deleteFrom('backoffice_sessions')
      .where((eb) => eb.or([eb('absolute_expires_at', '<=', now), eb('last_seen_at', '<=', now - limits.idleMs)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
