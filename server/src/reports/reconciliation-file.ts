// The reconciliation file: the specification's 36 columns in its order and spelling (ClearingInsitituteName
// included), separated by semicolons, one row per reconciliation record, read from the database in
// keyset chunks and written through csv-stringify as it is read, so a million rows never sit in
// memory. Values a spreadsheet would run as a formula (=, +, -, @ first) get a leading apostrophe,
// and values with a separator, a quote or a line break are quoted.

import { Readable } from 'node:stream';
import { stringify, type Stringifier } from 'csv-stringify';
import { RECONCILIATION_COLUMNS } from '../../../spec/params/reconciliation.js';
import { formatTimestamp } from '../domain/clock.js';
import { formatAmount } from '../domain/money.js';
import type { EntityRecord } from '../domain/records.js';
import type { RecordCursor, ReconciliationRecord, ReportStore } from '../storage/report-store.js';
import { SETTLEMENT_FILE_FORMAT } from '../settlement/reconciliation-types.js';

/** Records read per query: large enough to amortize a round trip, small enough to stay flat in memory. */
export const FILE_CHUNK = 5_000;
/** The clearing institute of every record: the relay's simulated acquirer. */
const CLEARING_INSTITUTE = 'SIMULATOR';
const PSP_ID = 'paywidgets';

/** yyyy-MM-dd HH:mm:ss, UTC, as the API writes times without the zone. */
const requestTime = (ms: number): string => formatTimestamp(ms).slice(0, 19);

/** The 36 values of a record, in RECONCILIATION_COLUMNS order. */
export function fileRow(r: ReconciliationRecord, entity: FileEntity): string[] {
  return [
    r.reconciliation_type,
    r.payment_type,
    r.cashflow,
    entity.id,
    entity.id,
    entity.name,
    PSP_ID,
    entity.merchantId,
    entity.merchantId,
    `${r.aggregation_id}.${r.seq}`,
    r.payment_id,
    r.payment_id.slice(-12).replace(/(.{4})(?=.)/g, '$1.'),
    r.connector_tx_id1 ?? '',
    '',
    '',
    formatAmount(r.amount),
    r.currency,
    r.brand ?? '',
    requestTime(r.tx_request_time),
    formatAmount(r.settlement_amount),
    r.settlement_currency,
    r.settlement_fee === null ? '' : formatAmount(r.settlement_fee),
    r.fx_rate,
    r.settlement_date,
    r.settlement_status,
    r.descriptor ?? '',
    r.account_last4 ?? '',
    '',
    r.account_holder ?? '',
    r.reason_code ?? '',
    r.reason_desc ?? '',
    SETTLEMENT_FILE_FORMAT,
    CLEARING_INSTITUTE,
    r.matching_status,
    r.matched_transactions ?? '',
    r.chargeback_id ?? '',
  ];
}

type FileEntity = Pick<EntityRecord, 'id' | 'name' | 'merchantId'>;

const cursorOf = (r: ReconciliationRecord): RecordCursor => ({ day: r.day, aggregationId: r.aggregation_id, seq: r.seq });

/** Resolves when the stream wants more, or when it is gone (closed or failed): false then. */
function roomIn(csv: Stringifier): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (room: boolean) => () => {
      csv.off('drain', onDrain).off('close', onClose);
      resolve(room);
    };
    const onDrain = done(true);
    const onClose = done(false);
    csv.once('drain', onDrain).once('close', onClose);
  });
}

/**
 * Writes the records into `csv` chunk by chunk. The next chunk is read while this one is turned
 * into CSV (PostgreSQL works in its own process meanwhile), and a chunk is written whole, then
 * the writer waits until the reader has taken it: memory stays at about two chunks, and a reader
 * that goes away stops the reading.
 */
async function writeRows(csv: Stringifier, reports: ReportStore, entity: FileEntity, dayFrom: string, dayTo: string): Promise<void> {
  let next = reports.recordsAfter(entity.id, dayFrom, dayTo, undefined, FILE_CHUNK);
  for (;;) {
    const chunk = await next;
    const last = chunk.at(-1);
    const more = last !== undefined && chunk.length === FILE_CHUNK;
    if (more) next = reports.recordsAfter(entity.id, dayFrom, dayTo, cursorOf(last), FILE_CHUNK);
    if (csv.destroyed) return;
    let room = true;
    for (const r of chunk) room = csv.write(fileRow(r, entity));
    if (!more) {
      csv.end();
      return;
    }
    if (!room && !(await roomIn(csv))) {
      // The reader is gone: the chunk read ahead is dropped, its rejection too.
      next.catch(() => undefined);
      return;
    }
  }
}

export function csvStringifier(): Stringifier {
  return stringify({ delimiter: ';', header: true, columns: [...RECONCILIATION_COLUMNS], escape_formulas: true, record_delimiter: '\r\n' });
}

/** The file of an entity's settled days from dayFrom to dayTo, as a stream of CSV text. */
export function reconciliationFile(reports: ReportStore, entity: FileEntity, dayFrom: string, dayTo: string): Readable {
  const csv = csvStringifier();
  writeRows(csv, reports, entity, dayFrom, dayTo).catch((error: unknown) => csv.destroy(error as Error));
  return csv;
}

export function fileName(entityId: string, dayFrom: string, dayTo: string): string {
  return dayFrom === dayTo ? `reconciliation-${entityId}-${dayFrom}.csv` : `reconciliation-${entityId}-${dayFrom}-${dayTo}.csv`;
}
