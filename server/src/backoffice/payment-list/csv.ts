// The filtered list as CSV, streamed: each channel read page by page through the list's keyset (a
// page of EXPORT_PAGE payments at a time), merged newest first and written as it is read, so an
// export of a million payments never holds more than a page per channel and a buffer in memory,
// and payments arriving meanwhile do not shift it. The cells are the reconciliation file's (semicolon-separated, formulas defused,
// reports/csv-cell.ts); of a card, only its last four digits.

import { Readable } from 'node:stream';
import { CSV_LINE_END, CSV_SEPARATOR, csvCell } from '../../reports/csv-cell.js';
import type { ListedPayment, PaymentCursor, PaymentSearch, PaymentSearchRepository } from '../../storage/store.js';
import { paymentRow, type PaymentRow } from './row.js';

/** Payments read per query: a round trip's cost spread over many, a page's memory still small. */
export const EXPORT_PAGE = 1_000;
/** The size of the buffers the file is handed out in. */
const OUT_BYTES = 64 * 1024;

const COLUMNS: readonly (keyof PaymentRow)[] = ['id', 'createdAt', 'entityId', 'paymentType', 'paymentBrand', 'method', 'amount', 'currency', 'status', 'resultCode', 'merchantTransactionId', 'last4', 'email'];
const HEADER = COLUMNS.join(CSV_SEPARATOR) + CSV_LINE_END;

function line(row: PaymentRow): string {
  return COLUMNS.map((column) => {
    const value = row[column];
    // createdAt as an ISO time: a spreadsheet reads it, and epoch milliseconds mean nothing to a clerk.
    return typeof value === 'number' ? new Date(value).toISOString() : csvCell(value);
  }).join(CSV_SEPARATOR) + CSV_LINE_END;
}

/**
 * One channel's matching payments, newest first, a page at a time: the export reads each channel
 * by its own keyset and merges them, so every row is read once (the list's union reads a page per
 * channel to show one page).
 */
async function* channelPayments(search: PaymentSearchRepository, entityId: string, filter: PaymentSearch): AsyncGenerator<ListedPayment> {
  let after: PaymentCursor | undefined;
  do {
    const page = await search.list([entityId], filter, after, EXPORT_PAGE);
    yield* page.payments;
    after = page.next;
  } while (after);
}

/** Newer first: later time, then greater id. */
const newer = (a: ListedPayment, b: ListedPayment): boolean => a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id);

/** The channels' payments merged newest first, as the list orders them. */
async function* merged(search: PaymentSearchRepository, entityIds: readonly string[], filter: PaymentSearch): AsyncGenerator<ListedPayment> {
  const streams = entityIds.map((entityId) => channelPayments(search, entityId, filter));
  const heads = await Promise.all(streams.map((s) => s.next()));
  for (;;) {
    let pick = -1;
    for (let n = 0; n < heads.length; n++) {
      const head = heads[n];
      const best = pick === -1 ? undefined : heads[pick];
      if (head && !head.done && (best === undefined || best.done || newer(head.value, best.value))) pick = n;
    }
    const head = heads[pick];
    if (!head || head.done) return;
    yield head.value;
    heads[pick] = await (streams[pick] as AsyncGenerator<ListedPayment>).next();
  }
}

async function* csvText(search: PaymentSearchRepository, entityIds: readonly string[], filter: PaymentSearch): AsyncGenerator<string> {
  let out = HEADER;
  for await (const p of merged(search, entityIds, filter)) {
    out += line(paymentRow(p));
    if (out.length >= OUT_BYTES) {
      yield out;
      out = '';
    }
  }
  if (out !== '') yield out;
}

/** The export of every payment of `entityIds` matching `filter`, newest first, as a stream of text. */
export function paymentsCsv(search: PaymentSearchRepository, entityIds: readonly string[], filter: PaymentSearch): Readable {
  return Readable.from(csvText(search, entityIds, filter), { objectMode: false, highWaterMark: 0 });
}
