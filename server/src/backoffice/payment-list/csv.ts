// The filtered list as CSV, streamed: read page by page through the same keyset as the list (a
// page of EXPORT_PAGE payments at a time) and written as it is read, so an export of a million
// payments never holds more than a page and a buffer in memory, and payments arriving meanwhile do
// not shift it. The cells are the reconciliation file's (semicolon-separated, formulas defused,
// reports/csv-cell.ts); of a card, only its last four digits.

import { Readable } from 'node:stream';
import { CSV_LINE_END, CSV_SEPARATOR, csvCell } from '../../reports/csv-cell.js';
import type { PaymentCursor, PaymentSearch, PaymentSearchRepository } from '../../storage/store.js';
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

async function* csvText(search: PaymentSearchRepository, entityIds: readonly string[], filter: PaymentSearch): AsyncGenerator<string> {
  let out = HEADER;
  let after: PaymentCursor | undefined;
  do {
    const page = await search.list(entityIds, filter, after, EXPORT_PAGE);
    for (const p of page.payments) {
      out += line(paymentRow(p));
      if (out.length >= OUT_BYTES) {
        yield out;
        out = '';
      }
    }
    after = page.next;
  } while (after);
  if (out !== '') yield out;
}

/** The export of every payment of `entityIds` matching `filter`, newest first, as a stream of text. */
export function paymentsCsv(search: PaymentSearchRepository, entityIds: readonly string[], filter: PaymentSearch): Readable {
  return Readable.from(csvText(search, entityIds, filter), { objectMode: false, highWaterMark: 0 });
}
