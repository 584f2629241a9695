// The merchant's back-end reading its books: a transaction report by its own reference, the
// settlement aggregations of the clock channel (whose days the clock moves settle) and their
// reconciliation file.

import type { Shop } from './shop.js';

export async function reportFlow(shop: Shop): Promise<void> {
  const books = shop.ledger.payments;
  const known = books.length > 0 ? shop.random.pick(books) : undefined;
  if (known && known.key !== '') {
    const answer = await shop.merchant.call('report-query', 'GET', '/v1/query', { entityId: shop.entityId, merchantTransactionId: known.key });
    if (answer?.status === 200) shop.ledger.reads += 1;
  }
  const today = new Date();
  const from = new Date(today.getTime() - 3 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(today.getTime() + 27 * 86_400_000).toISOString().slice(0, 10);
  const aggregations = await shop.merchant.call('report-aggregations', 'GET', '/reports/v1/reconciliations/aggregations', { entityId: shop.clockEntityId, 'date.from': from, 'date.to': to });
  if (aggregations?.status === 200) shop.ledger.reads += 1;
  if (shop.random.next() < 0.3) {
    const file = await shop.merchant.call('report-file', 'GET', '/reports/v1/reconciliations/file', { entityId: shop.clockEntityId, 'date.from': from, 'date.to': to });
    if (file?.status === 200) shop.ledger.reads += 1;
  }
}
