// The settlement of the channels a person may see (settlement.read), read only, nothing audited:
// - GET /api/settlement: the aggregations of a range of business days (`from`, `to`: yyyy-MM-dd,
//   UTC; the last 31 days by default), newest day first, and their totals per currency;
// - GET /api/settlement/:id: one aggregation's reconciliation records, 100 a page, as the API's v2;
// - GET /api/settlement/file.csv: a channel's reconciliation file of a range, the merchant API's
//   /reports/v1/reconciliations/file, streamed as it is read;
// - GET /api/settlement/fees: a channel's settlement fee table (admins change it with the channel's settings);
// - GET /api/settlement/quotes: the currency quotes payments used within a range, newest first.
// Every answer is in the amounts of the API's settlement reports; the relay's own settlement code
// (settlement/, reports/) computes what they show.

import { couldBeId } from '../../domain/ids.js';
import { RECORDS_PAGE } from '../../reports/aggregations.js';
import { fileName, reconciliationFile } from '../../reports/reconciliation-file.js';
import { invalidParameter } from '../body.js';
import { BackofficeError, type BackofficeContext, type BackofficeRoutes, type BackofficeSession } from '../contract.js';
import { listedChannelIds, visibleChannels } from '../payment-list/channels.js';
import { limitOf, queryValue } from '../query.js';
import { decodeTimeCursor, encodeTimeCursor } from '../settlement/cursor.js';
import { dayOf, dayRange } from '../settlement/range.js';
import { aggregationView, feeRows, settlementRecordView, totalsByCurrency, usedQuoteView } from '../settlement/views.js';
import { sessionOf } from '../visible.js';

/** Quotes of one page by default, and at most. */
const QUOTES_PAGE = 50;
const MAX_QUOTES_PAGE = 200;

/** The visible channel a request names in `channel` (required): 404 when it is not one. */
async function namedChannel(ctx: BackofficeContext, session: BackofficeSession, query: unknown) {
  const id = queryValue(query, 'channel');
  if (id === undefined || id === '') throw invalidParameter('channel', 'channel is required');
  const entity = (await visibleChannels(ctx.store, session)).find((e) => e.id === id);
  if (!entity) throw new BackofficeError('notFound', 'no such channel');
  return entity;
}

function pageNumber(query: unknown): number {
  const text = queryValue(query, 'page') ?? '1';
  const n = /^\d{1,6}$/.test(text) ? Number(text) : 0;
  if (n < 1) throw invalidParameter('page', 'must be a whole number from 1');
  return n;
}

export const settlementRoutes: BackofficeRoutes = (app, ctx) => {
  app.get('/settlement', { config: { access: 'settlement.read' } }, async (request) => {
    const { from, to } = dayRange(request.query, dayOf(ctx.clock.now()));
    const entityIds = await listedChannelIds(ctx.store, sessionOf(request), queryValue(request.query, 'channel'));
    const found = (await Promise.all(entityIds.map((entityId) => ctx.store.settlement.listAggregations({ entityId, dayFrom: from, dayTo: to })))).flat();
    found.sort((a, b) => (a.day === b.day ? (a.entity_id < b.entity_id ? -1 : a.entity_id > b.entity_id ? 1 : a.currency < b.currency ? -1 : 1) : a.day < b.day ? 1 : -1));
    return { from, to, totals: totalsByCurrency(found), aggregations: found.map(aggregationView) };
  });

  app.get('/settlement/file.csv', { config: { access: 'settlement.read' } }, async (request, reply) => {
    const session = sessionOf(request);
    // The merchant API's limit on a file's range, so the two give the same files.
    const { from, to } = dayRange(request.query, dayOf(ctx.clock.now()), ctx.config.reports.maxRangeDays);
    const entity = await namedChannel(ctx, session, request.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName(entity.id, from, to)}"`)
      .send(reconciliationFile(ctx.store.settlement, entity, from, to));
  });

  app.get('/settlement/fees', { config: { access: 'settlement.read' } }, async (request) => {
    const entity = await namedChannel(ctx, sessionOf(request), request.query);
    return { channel: entity.id, fees: feeRows(entity.settings.settlementFees) };
  });

  app.get('/settlement/quotes', { config: { access: 'settlement.read' } }, async (request) => {
    const { from, to, fromMs, toMs } = dayRange(request.query, dayOf(ctx.clock.now()));
    const entityIds = await listedChannelIds(ctx.store, sessionOf(request), queryValue(request.query, 'channel'));
    const cursorText = queryValue(request.query, 'cursor');
    const cursor = cursorText === undefined ? undefined : decodeTimeCursor(cursorText, 'cursor');
    const limit = limitOf(request.query, QUOTES_PAGE, MAX_QUOTES_PAGE);
    const quotes = await ctx.store.quotes.listUsed(entityIds, fromMs, toMs, cursor && { usedAt: cursor.at, id: cursor.id }, limit + 1);
    const page = quotes.slice(0, limit);
    const last = page.at(-1);
    return { from, to, quotes: page.map(usedQuoteView), ...(quotes.length > limit && last ? { next: encodeTimeCursor({ at: last.usedAt ?? 0, id: last.id }) } : {}) };
  });

  app.get<{ Params: { id: string } }>('/settlement/:id', { config: { access: 'settlement.read' } }, async (request) => {
    const entityIds = (await visibleChannels(ctx.store, sessionOf(request))).map((e) => e.id);
    const id = request.params.id;
    const page = pageNumber(request.query);
    // An id no aggregation can have is not looked up: the database is never asked about a value it could refuse.
    const aggregation = couldBeId(id) ? await ctx.store.settlement.findAggregationAmong(entityIds, id) : undefined;
    if (!aggregation) throw new BackofficeError('notFound', 'no such settlement');
    const { records, total } = await ctx.store.settlement.aggregationRecords({ aggregationId: aggregation.id, offset: (page - 1) * RECORDS_PAGE, limit: RECORDS_PAGE });
    return { aggregation: aggregationView(aggregation), records: records.map(settlementRecordView), page, pages: Math.max(1, Math.ceil(total / RECORDS_PAGE)), total };
  });
};
