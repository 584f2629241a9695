// The audit log: append-only (this repository has no statement that updates or deletes a row),
// read newest first in keyset pages from the (merchant_id, at, id) index, so a page boundary holds
// still while rows are appended: new rows are newer than any cursor and land before the first page.

import type { CompiledQuery, Selectable } from 'kysely';
import type { EpochMs } from '../../domain/records.js';
import type { AuditEntry, AuditValues } from '../../domain/users.js';
import type { AuditLogTable } from '../schema.js';
import type { Scope } from './scope.js';

/** Where a page ended: the last entry's time and id. */
export interface AuditCursor {
  at: EpochMs;
  id: string;
}

export interface AuditFilter {
  userId?: string;
  action?: string;
  /** Entries at or after this time. */
  from?: EpochMs;
  /** Entries before this time. */
  to?: EpochMs;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** The cursor of the next (older) page; undefined on the last one. */
  next: AuditCursor | undefined;
}

export interface AuditRepository {
  append(entry: AuditEntry): Promise<void>;
  /** The append as a statement, for a composite write's batch (written with the change it tells of). */
  appendStatement(entry: AuditEntry): CompiledQuery;
  /** A merchant's entries matching `filter`, newest first, `limit` at most, after `after`. */
  list(merchantId: string, filter: AuditFilter, after: AuditCursor | undefined, limit: number): Promise<AuditPage>;
}

function json(values: AuditValues | null): string | null {
  return values === null ? null : JSON.stringify(values);
}

function auditToRow(e: AuditEntry): Selectable<AuditLogTable> {
  return {
    id: e.id,
    merchant_id: e.merchantId,
    user_id: e.userId,
    at: e.at,
    address: e.address,
    action: e.action,
    target: e.target,
    before_json: json(e.before),
    after_json: json(e.after),
  };
}

function auditFromRow(r: Selectable<AuditLogTable>): AuditEntry {
  return {
    id: r.id,
    merchantId: r.merchant_id,
    userId: r.user_id,
    at: Number(r.at),
    address: r.address,
    action: r.action,
    target: r.target,
    before: r.before_json === null ? null : (JSON.parse(r.before_json) as AuditValues),
    after: r.after_json === null ? null : (JSON.parse(r.after_json) as AuditValues),
  };
}

export class KyselyAudit implements AuditRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  async append(entry: AuditEntry): Promise<void> {
    await this.#s.write([this.appendStatement(entry)]);
  }

  appendStatement(entry: AuditEntry): CompiledQuery {
    return this.#s.db.insertInto('audit_log').values(auditToRow(entry)).compile();
  }

  async list(merchantId: string, filter: AuditFilter, after: AuditCursor | undefined, limit: number): Promise<AuditPage> {
    let q = this.#s.db.selectFrom('audit_log').selectAll().where('merchant_id', '=', merchantId);
    if (filter.userId !== undefined) q = q.where('user_id', '=', filter.userId);
    if (filter.action !== undefined) q = q.where('action', '=', filter.action);
    if (filter.from !== undefined) q = q.where('at', '>=', filter.from);
    if (filter.to !== undefined) q = q.where('at', '<', filter.to);
    // A plain bound on `at` lets both databases seek the index; the row value picks up within the cursor's millisecond.
    if (after) q = q.where('at', '<=', after.at).where((eb) => eb(eb.refTuple('at', 'id'), '<', eb.tuple(after.at, after.id)));
    // One more than asked tells whether another page follows.
    const rows = await q.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
    const entries = rows.slice(0, limit).map(auditFromRow);
    const last = entries.at(-1);
    return { entries, next: rows.length > limit && last ? { at: last.at, id: last.id } : undefined };
  }
}
