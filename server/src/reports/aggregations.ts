// Settlement reports: the aggregations of a date range (/reports/v1/reconciliations/aggregations),
// one aggregation's records (v1: all of them, up to a bound; v2: 100 a page, filtered), in the API
// names of the specification's reconciliation fields (settlement.*, result.*).

import type { RelayContext } from '../flows/context.js';
import { formatTimestamp } from '../domain/clock.js';
import { ApiError } from '../domain/errors.js';
import { formatAmount } from '../domain/money.js';
import type { EntityRecord } from '../domain/records.js';
import type { Outcome } from '../flows/outcome.js';
import type { FlatParams } from '../params/types.js';
import { resultView } from '../flows/response.js';
import type { Aggregation, ReconciliationRecord, RecordQuery } from '../storage/store.js';
import { SETTLEMENT_FILE_FORMAT } from '../domain/reconciliation-types.js';
import { reportRange } from './report-range.js';
import { fileName, reconciliationFile } from './reconciliation-file.js';

const REPORT_OK = '000.000.100';
/** Records of one v2 page. */
export const RECORDS_PAGE = 100;
/** Most records v1 gives for one aggregation; v2 pages through any number. */
export const V1_RECORD_LIMIT = 10_000;

/** A signed total as the API writes amounts: minor units with two decimals, '-' when negative. */
function signedAmount(minor: number): string {
  return minor < 0 ? `-${formatAmount(-minor)}` : formatAmount(minor);
}

function aggregationView(a: Aggregation): Record<string, unknown> {
  return {
    id: a.id,
    date: a.day,
    settlementDate: a.settlement_date,
    currency: a.currency,
    status: a.status,
    records: a.record_count,
    totals: {
      settled: formatAmount(a.settled_amount),
      refunded: formatAmount(a.refunded_amount),
      fees: formatAmount(a.fee_amount),
      chargebacks: formatAmount(a.chargeback_amount),
      chargebackReversals: formatAmount(a.chargeback_reversal_amount),
      net: signedAmount(a.net_amount),
    },
    ...(a.file_sha256 !== null ? { fileSha256: a.file_sha256 } : {}),
  };
}

export function recordView(r: ReconciliationRecord): Record<string, unknown> {
  return {
    reconciliationType: r.reconciliation_type,
    paymentType: r.payment_type,
    id: r.payment_id,
    ...(r.merchant_transaction_id !== null ? { merchantTransactionId: r.merchant_transaction_id } : {}),
    amount: formatAmount(r.amount),
    currency: r.currency,
    ...(r.brand !== null ? { paymentBrand: r.brand } : {}),
    timestamp: formatTimestamp(r.tx_request_time),
    settlement: {
      cashflow: r.cashflow,
      amount: formatAmount(r.settlement_amount),
      currency: r.settlement_currency,
      ...(r.settlement_fee !== null ? { fee: formatAmount(r.settlement_fee) } : {}),
      fxRate: r.fx_rate,
      date: r.settlement_date,
      status: r.settlement_status,
      format: SETTLEMENT_FILE_FORMAT,
    },
    ...(r.reason_code !== null ? { result: { code: r.reason_code, ...(r.reason_desc !== null ? { description: r.reason_desc } : {}) } } : {}),
    matchingStatus: r.matching_status,
    ...(r.matched_transactions !== null ? { matchedTransactions: r.matched_transactions } : {}),
    ...(r.chargeback_id !== null ? { chargebackId: r.chargeback_id } : {}),
  };
}

export async function listAggregations(ctx: RelayContext, entity: EntityRecord, params: FlatParams): Promise<Outcome> {
  const fromText = params.get('date.from') ?? '';
  const toText = params.get('date.to') ?? '';
  reportRange(fromText, toText, ctx.config.reports.maxRangeDays);
  const currency = params.get('currency');
  const found = await ctx.store.settlement.listAggregations({ entityId: entity.id, dayFrom: fromText, dayTo: toText, ...(currency !== undefined ? { currency } : {}) });
  if (found.length === 0) throw new ApiError('transactionNotFound');
  return { kind: 'ok', body: { result: resultView(REPORT_OK), aggregations: found.map(aggregationView) } };
}

function recordQuery(aggregationId: string, params: FlatParams): Omit<RecordQuery, 'offset' | 'limit'> {
  const type = params.get('reconciliationType');
  const matching = params.get('matchingStatus');
  const sortValue = params.get('sortValue') as RecordQuery['sortValue'];
  const sortOrder = params.get('sortOrder') as RecordQuery['sortOrder'];
  return {
    aggregationId,
    ...(type !== undefined ? { reconciliationType: type } : {}),
    ...(matching !== undefined ? { matchingStatus: matching } : {}),
    ...(sortValue !== undefined ? { sortValue } : {}),
    ...(sortOrder !== undefined ? { sortOrder } : {}),
  };
}

/** v1 gives every record of the aggregation; v2 one page of 100. */
export async function aggregationDetail(ctx: RelayContext, entity: EntityRecord, id: string, params: FlatParams, version: 1 | 2): Promise<Outcome> {
  const aggregation = await ctx.store.settlement.findAggregation(entity.id, id);
  if (!aggregation) throw new ApiError('transactionNotFound');
  const pageNo = version === 2 ? Number(params.get('pageNo') ?? '1') : 1;
  const limit = version === 2 ? RECORDS_PAGE : V1_RECORD_LIMIT;
  const { records, total } = await ctx.store.settlement.aggregationRecords({ ...recordQuery(id, params), offset: (pageNo - 1) * limit, limit });
  if (version === 2 && records.length === 0 && pageNo > 1) throw new ApiError('transactionNotFound');
  const body: Record<string, unknown> = { result: resultView(REPORT_OK), aggregation: aggregationView(aggregation), records: records.map(recordView) };
  if (version === 2) Object.assign(body, { pageNo, pages: Math.ceil(total / RECORDS_PAGE), total });
  return { kind: 'ok', body };
}

/** The reconciliation file of a date range, streamed as it is read (reconciliation-file.ts). */
export function downloadFile(ctx: RelayContext, entity: EntityRecord, params: FlatParams): Outcome {
  const dayFrom = params.get('date.from') ?? '';
  const dayTo = params.get('date.to') ?? '';
  reportRange(dayFrom, dayTo, ctx.config.reports.maxRangeDays);
  return {
    kind: 'ok',
    body: {},
    content: { type: 'stream', contentType: 'text/csv; charset=utf-8', stream: reconciliationFile(ctx.store.settlement, entity, dayFrom, dayTo), filename: fileName(entity.id, dayFrom, dayTo) },
  };
}
