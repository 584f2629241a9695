// The reconciliation file: the specification's 36 columns in its order and spelling (ClearingInsitituteName
// included), separated by semicolons, one row per reconciliation record, read from the database in
// keyset chunks and written as it is read, so a million rows never sit in memory. Values a
// spreadsheet would run as a formula (=, +, -, @ first) get a leading apostrophe, and values with a
// separator, a quote or a line break are quoted (csv-cell.ts).

import { Readable } from 'node:stream';
import { RECONCILIATION_COLUMNS } from '../../../spec/params/reconciliation.js';
import { formatTimestamp } from '../domain/clock.js';
import { formatAmount } from '../domain/money.js';
import type { EntityRecord } from '../domain/records.js';
import type { FileRecord, RecordCursor, SettlementRepository } from '../storage/store.js';
import { SETTLEMENT_FILE_FORMAT } from '../domain/reconciliation-types.js';
import { CSV_LINE_END, CSV_SEPARATOR, csvCell } from './csv-cell.js';

/** Records read per query: large enough to amortize a round trip, small enough to stay flat in memory. */
export const FILE_CHUNK = 5_000;
/** The size of the buffers the file is handed out in. */
const OUT_BYTES = 256 * 1024;
/** The clearing institute of every record: the relay's simulated acquirer. */
const CLEARING_INSTITUTE = 'SIMULATOR';
const PSP_ID = 'paywidgets';
const HEADER = RECONCILIATION_COLUMNS.map(csvCell).join(CSV_SEPARATOR) + CSV_LINE_END;

type FileEntity = Pick<EntityRecord, 'id' | 'name' | 'merchantId'>;
/**
 * The cells that are the same on every line of an entity's file, made once per file: from
 * MerchantAccountId to MerchantId (ClearingInstituteMerchantId, MerchantAccountId,
 * MerchantAccountName, PspId, DivisionId, MerchantId).
 */
type EntityCells = string;

function entityCells(entity: FileEntity): EntityCells {
  const id = csvCell(entity.id);
  const merchantId = csvCell(entity.merchantId);
  return [id, id, csvCell(entity.name), PSP_ID, merchantId, merchantId].join(CSV_SEPARATOR);
}

const DAY_MS = 86_400_000;
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));
/**
 * yyyy-MM-dd HH:mm:ss, UTC, as the API writes times without the zone. The time of day is worked out
 * from the milliseconds: a Date per record costs as much as the rest of its line. The date is the
 * day's timestamp cut (formatTimestamp keeps the text of the second it last made, which a file's
 * records of one day keep asking for).
 */
function requestTime(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  const second = Math.floor((ms - day * DAY_MS) / 1000);
  return `${formatTimestamp(day * DAY_MS).slice(0, 10)} ${TWO_DIGITS[Math.floor(second / 3600)]}:${TWO_DIGITS[Math.floor(second / 60) % 60]}:${TWO_DIGITS[second % 60]}`;
}

/** The payment's short id: the last 12 characters of its id in groups of 4 (abcd.ef01.2345). */
function shortId(id: string): string {
  const tail = id.slice(-12);
  return tail.length === 12 ? `${tail.slice(0, 4)}.${tail.slice(4, 8)}.${tail.slice(8)}` : tail.replace(/(.{4})(?=.)/g, '$1.');
}

/**
 * The line of a record: its 36 cells in RECONCILIATION_COLUMNS order, separated by semicolons.
 * Text a merchant, a shopper or a provider's answer can shape (brand, connector id, descriptor,
 * account, holder, reason, references) is a cell through csvCell. What the relay makes from its own
 * alphabets (types, its ids, currencies, rates, dates, statuses, amounts, times) cannot hold a
 * separator, a quote, a line break or a formula's first character, and is written as it is: a
 * file has a million lines to make. One concatenation per line, for the same reason.
 */
export function fileLine(record: FileRecord, entity: EntityCells): string {
  const [, aggregationId, seq, type, paymentType, cashflow, paymentId, connectorTxId1, amount, currency, brand, requestedAt, settlementAmount, settlementCurrency, fee, fxRate, settlementDate, settlementStatus, descriptor, last4, holder, reasonCode, reasonDesc, matchingStatus, matched, chargebackId] = record;
  return (
    `${type};${paymentType};${cashflow};${entity};${aggregationId}.${seq};${paymentId};${shortId(paymentId)};${csvCell(connectorTxId1)};;;` +
    `${formatAmount(amount)};${currency};${csvCell(brand)};${requestTime(requestedAt)};` +
    `${formatAmount(settlementAmount)};${settlementCurrency};${fee === null ? '' : formatAmount(fee)};${fxRate};${settlementDate};${settlementStatus};` +
    `${csvCell(descriptor)};${csvCell(last4)};;${csvCell(holder)};${csvCell(reasonCode)};${csvCell(reasonDesc)};${SETTLEMENT_FILE_FORMAT};${CLEARING_INSTITUTE};` +
    `${matchingStatus};${csvCell(matched)};${csvCell(chargebackId)}`
  );
}

const cursorOf = ([day, aggregationId, seq]: FileRecord): RecordCursor => ({ day, aggregationId, seq });

/**
 * The file's bytes, in buffers of OUT_BYTES. Each line goes into the buffer as UTF-8 as soon as it
 * is made, so its string dies young: text built up a chunk at a time outlived several collections
 * and spent more time in the garbage collector than in the lines. The next chunk of records is
 * read while this one is written (PostgreSQL works in its own process meanwhile); the generator
 * waits at each buffer until the reader takes it, so memory stays at about two chunks, and a reader
 * that goes away ends it there, with the chunk read ahead dropped.
 */
async function* fileText(reports: SettlementRepository, entity: FileEntity, dayFrom: string, dayTo: string): AsyncGenerator<Buffer> {
  const cells = entityCells(entity);
  let next = reports.fileRowsAfter(entity.id, dayFrom, dayTo, undefined, FILE_CHUNK);
  let out = Buffer.allocUnsafe(OUT_BYTES);
  let used = out.write(HEADER);
  try {
    for (;;) {
      const chunk = await next;
      const last = chunk.at(-1);
      const more = last !== undefined && chunk.length === FILE_CHUNK;
      if (more) next = reports.fileRowsAfter(entity.id, dayFrom, dayTo, cursorOf(last), FILE_CHUNK);
      for (const record of chunk) {
        const line = fileLine(record, cells) + CSV_LINE_END;
        // Room for the worst case: three bytes of UTF-8 for each UTF-16 unit.
        if (out.length - used < line.length * 3) {
          yield out.subarray(0, used);
          out = Buffer.allocUnsafe(Math.max(OUT_BYTES, line.length * 3));
          used = 0;
        }
        used += out.write(line, used);
      }
      if (!more) {
        yield out.subarray(0, used);
        return;
      }
    }
  } finally {
    // A read ahead that nobody will take: its failure is nobody's either.
    next.catch(() => undefined);
  }
}

/**
 * The file of an entity's settled days from dayFrom to dayTo, as a stream of CSV text. No buffer of
 * its own (highWaterMark 0): a chunk is made when the reader asks, and the one read ahead is the
 * only one waiting.
 */
export function reconciliationFile(reports: SettlementRepository, entity: FileEntity, dayFrom: string, dayTo: string): Readable {
  return Readable.from(fileText(reports, entity, dayFrom, dayTo), { objectMode: false, highWaterMark: 0 });
}

export function fileName(entityId: string, dayFrom: string, dayTo: string): string {
  return dayFrom === dayTo ? `reconciliation-${entityId}-${dayFrom}.csv` : `reconciliation-${entityId}-${dayFrom}-${dayTo}.csv`;
}
