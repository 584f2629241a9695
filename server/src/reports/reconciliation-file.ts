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
export function fileRow(r: ReconciliationRecord, entity: Pick<EntityRecord, 'id' | 'name' | 'merchantId'>): string[] {
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

/** The rows of an entity's days, chunk by chunk: the next chunk is read only when asked for. */
async function* fileRows(reports: ReportStore, entity: Pick<EntityRecord, 'id' | 'name' | 'merchantId'>, dayFrom: string, dayTo: string): AsyncGenerator<string[]> {
  let after: RecordCursor | undefined;
  for (;;) {
    const chunk = await reports.recordsAfter(entity.id, dayFrom, dayTo, after, FILE_CHUNK);
    for (const r of chunk) yield fileRow(r, entity);
    const last = chunk.at(-1);
    if (!last || chunk.length < FILE_CHUNK) return;
    after = { day: last.day, aggregationId: last.aggregation_id, seq: last.seq };
  }
}

export function csvStringifier(): Stringifier {
  return stringify({ delimiter: ';', header: true, columns: [...RECONCILIATION_COLUMNS], escape_formulas: true, record_delimiter: '\r\n' });
}

/** The file of an entity's settled days from dayFrom to dayTo, as a stream of CSV text. */
export function reconciliationFile(reports: ReportStore, entity: Pick<EntityRecord, 'id' | 'name' | 'merchantId'>, dayFrom: string, dayTo: string): Readable {
  const csv = csvStringifier();
  const rows = Readable.from(fileRows(reports, entity, dayFrom, dayTo));
  rows.on('error', (error) => csv.destroy(error));
  return rows.pipe(csv);
}

export function fileName(entityId: string, dayFrom: string, dayTo: string): string {
  return dayFrom === dayTo ? `reconciliation-${entityId}-${dayFrom}.csv` : `reconciliation-${entityId}-${dayFrom}-${dayTo}.csv`;
}
