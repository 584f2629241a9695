// GET /api/payments and GET /api/payments/export.csv: the merchant's payments across the channels
// the person may see (or the one named by `channel`), filtered and searched, newest first; the
// list in keyset pages with an opaque `next`, the export as CSV streamed page by page with the same
// filters. Reads only: nothing is written, so nothing is audited.

import { cursorText } from '../../storage/repositories/payment-search.js';
import { sessionOf, type BackofficeRoutes } from '../contract.js';
import { listedChannelIds } from '../payment-list/channels.js';
import { paymentsCsv } from '../payment-list/csv.js';
import { readPaymentListQuery } from '../payment-list/query.js';
import { paymentRow } from '../payment-list/row.js';

export const paymentsListRoutes: BackofficeRoutes = (app, ctx) => {
  app.get('/payments', { config: { access: 'payments.read' } }, async (request) => {
    const query = readPaymentListQuery(request.query);
    const entityIds = await listedChannelIds(ctx.store, sessionOf(request), query.channel);
    const page = await ctx.store.paymentSearch.list(entityIds, query.search, query.after, query.limit);
    return { payments: page.payments.map(paymentRow), ...(page.next ? { next: cursorText(page.next) } : {}) };
  });

  app.get('/payments/export.csv', { config: { access: 'payments.read' } }, async (request, reply) => {
    // The list's query; its page (after, limit) does not apply: the export is every page.
    const query = readPaymentListQuery(request.query);
    const entityIds = await listedChannelIds(ctx.store, sessionOf(request), query.channel);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="payments.csv"')
      .send(paymentsCsv(ctx.store.paymentSearch, entityIds, query.search));
  });
};
