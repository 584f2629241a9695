// The audit log (docs/back-office-api.md, "Audit (audit.read; export: audit.export)"): listed
// newest first in keyset pages with the acting person's address, filtered by person, action and
// time; exported whole as CSV, streamed a page at a time (the memory of one page, whatever the
// log's length). An export is itself audited.

import { Readable } from 'node:stream';
import type { AuditFilter } from '../../storage/repositories/audit.js';
import type { Store } from '../../storage/store.js';
import { decodeAuditCursor, encodeAuditCursor } from '../audit-cursor.js';
import { AUDIT_CSV_HEADER, auditCsvLine, auditEntryView } from '../audit-view.js';
import { invalidParameter } from '../body.js';
import { epochMsOf, limitOf, OBJECT_ID, queryValue } from '../query.js';
import { sessionOf, type BackofficeRoutes } from '../contract.js';
import { personAudit } from '../person-audit.js';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;
/** Rows read per query while exporting. */
const EXPORT_PAGE = 500;
const ACTION = /^[A-Za-z][A-Za-z0-9._-]{0,99}$/;
function filterOf(query: unknown): AuditFilter {
  const filter: AuditFilter = {};
  const userId = queryValue(query, 'userId');
  if (userId !== undefined) {
    if (!OBJECT_ID.test(userId)) throw invalidParameter('userId', "must be a user's id");
    filter.userId = userId;
  }
  const action = queryValue(query, 'action');
  if (action !== undefined) {
    if (!ACTION.test(action)) throw invalidParameter('action', 'must be an action name such as user.invite');
    filter.action = action;
  }
  const from = epochMsOf(query, 'from');
  const to = epochMsOf(query, 'to');
  if (from !== undefined) filter.from = from;
  if (to !== undefined) filter.to = to;
  if (from !== undefined && to !== undefined && from > to) throw invalidParameter('to', 'must not be before from');
  return filter;
}

/** The merchant's people by id, for the acting person's address (a merchant has tens, not thousands). */
async function emailsOf(store: Store, merchantId: string): Promise<Map<string, string>> {
  return new Map((await store.users.list(merchantId)).map((u) => [u.id, u.email]));
}

export const auditRoutes: BackofficeRoutes = (app, ctx) => {
  app.get('/audit', { config: { access: 'audit.read' } }, async (request) => {
    const session = sessionOf(request);
    const filter = filterOf(request.query);
    const after = queryValue(request.query, 'after');
    const cursor = after === undefined ? undefined : decodeAuditCursor(after);
    const limit = limitOf(request.query, DEFAULT_LIMIT, MAX_LIMIT);
    const [page, emails] = await Promise.all([ctx.store.audit.list(session.merchantId, filter, cursor, limit), emailsOf(ctx.store, session.merchantId)]);
    return { entries: page.entries.map((e) => auditEntryView(e, emails)), ...(page.next ? { next: encodeAuditCursor(page.next) } : {}) };
  });

  app.get('/audit/export.csv', { config: { access: 'audit.export' } }, async (request, reply) => {
    const session = sessionOf(request);
    const filter = filterOf(request.query);
    const now = ctx.clock.now();
    // Written before the first row leaves: an export that breaks off midway is still on record.
    await ctx.store.audit.append(personAudit(session, request, now, { action: 'audit.exported', target: null, after: { filter: { ...filter } } }));
    const emails = await emailsOf(ctx.store, session.merchantId);
    const store = ctx.store;
    async function* lines(): AsyncGenerator<string> {
      yield AUDIT_CSV_HEADER;
      let cursor;
      do {
        const page = await store.audit.list(session.merchantId, filter, cursor, EXPORT_PAGE);
        yield page.entries.map((e) => auditCsvLine(auditEntryView(e, emails))).join('');
        cursor = page.next;
      } while (cursor);
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${new Date(now).toISOString().slice(0, 10)}.csv"`)
      .send(Readable.from(lines()));
  });
};
