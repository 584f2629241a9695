// Transaction reports (GET /v1/query): every payment of a merchant reference, or a page of the
// payments created in a date range, optionally with each payment's follow-ups. Nothing found is
// 700.400.580, as integrations expect from this API.

import type { RelayContext } from '../flows/context.js';
import { formatTimestamp } from '../domain/clock.js';
import { ApiError } from '../domain/errors.js';
import type { EntityRecord, PaymentRecord } from '../domain/records.js';
import type { Outcome } from '../flows/outcome.js';
import type { FlatParams } from '../params/types.js';
import { resultView } from '../flows/response.js';
import { brandsOfMethods } from './payment-methods.js';
import { reportRange } from './report-range.js';

/** Most payments on one page of a date-range report, whatever `limit` asks for. */
export const REPORT_PAGE_MAX = 100;
/** Follow-ups of follow-ups are looked up this deep (a refund of a capture of a preauthorization). */
const LINK_DEPTH = 3;
const REPORT_OK = '000.000.100';

/** A stored payment answer with the moment it was made (and its follow-ups), as report text. */
function paymentJson(p: PaymentRecord, linked?: readonly PaymentRecord[]): string {
  const json = p.responseJson;
  const links = linked ? `,"linkedTransactions":[${linked.map((l) => paymentJson(l)).join(',')}]` : '';
  const settled = p.settlement ? `,"settlement":${JSON.stringify(p.settlement)}` : '';
  return `${json.slice(0, -1)}${json === '{}' ? '' : ','}"timestamp":"${formatTimestamp(p.createdAt)}"${settled}${links}}`;
}

/**
 * Each payment's follow-ups, transitively (LINK_DEPTH levels), oldest first. A follow-up is listed
 * under its payment wherever it is itself: on the same page, on another page, outside the range.
 * The follow-ups of every payment of the page are read level by level, each payment once, and
 * each payment's list is then gathered from them.
 */
async function linkedOf(ctx: RelayContext, entityId: string, payments: readonly PaymentRecord[]): Promise<Map<string, PaymentRecord[]>> {
  const followUps = new Map<string, PaymentRecord[]>();
  const read = new Set<string>();
  let frontier = payments.map((p) => p.id);
  for (let depth = 0; depth < LINK_DEPTH && frontier.length > 0; depth++) {
    for (const id of frontier) read.add(id);
    const found = await ctx.store.reports.followUpsOf(entityId, frontier);
    frontier = [];
    for (const f of found) {
      if (f.referencedId === null) continue;
      followUps.set(f.referencedId, [...(followUps.get(f.referencedId) ?? []), f]);
      if (!read.has(f.id)) frontier.push(f.id);
    }
  }
  const linked = new Map<string, PaymentRecord[]>();
  for (const p of payments) {
    const list: PaymentRecord[] = [];
    const seen = new Set([p.id]);
    let level = [p.id];
    for (let depth = 0; depth < LINK_DEPTH && level.length > 0; depth++) {
      const next: string[] = [];
      for (const f of level.flatMap((id) => followUps.get(id) ?? [])) {
        if (seen.has(f.id)) continue;
        seen.add(f.id);
        list.push(f);
        next.push(f.id);
      }
      level = next;
    }
    list.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
    linked.set(p.id, list);
  }
  return linked;
}

async function answer(ctx: RelayContext, entityId: string, payments: readonly PaymentRecord[], withLinks: boolean, paging?: Record<string, number>): Promise<Outcome> {
  if (payments.length === 0) throw new ApiError('transactionNotFound');
  const linked = withLinks ? await linkedOf(ctx, entityId, payments) : undefined;
  const result = resultView(REPORT_OK);
  const items = payments.map((p) => paymentJson(p, linked?.get(p.id))).join(',');
  const pages = paging ? Object.entries(paging).map(([k, v]) => `,"${k}":${v}`).join('') : '';
  const json = `{"result":${JSON.stringify(result)},"payments":[${items}]${pages}}`;
  return { kind: 'ok', body: { result, ...paging }, json };
}

export async function transactionReport(ctx: RelayContext, entity: EntityRecord, params: FlatParams): Promise<Outcome> {
  const withLinks = params.get('includeLinkedTransactions') === 'true';
  const reference = params.get('merchantTransactionId');
  if (reference !== undefined) return answer(ctx, entity.id, await ctx.store.reports.paymentsByReference(entity.id, reference), withLinks);

  const fromText = params.get('date.from');
  const toText = params.get('date.to');
  if (fromText === undefined || toText === undefined) {
    const name = fromText === undefined ? 'date.from' : 'date.to';
    throw new ApiError('invalidParameters', [{ name, value: '', message: 'send merchantTransactionId, or date.from and date.to' }]);
  }
  const config = ctx.config.reports;
  const range = reportRange(fromText, toText, config.maxRangeDays);
  const visibleTo = Math.min(range.to, ctx.clock.now() - config.visibilityDelayMs);
  const limit = Math.min(Number(params.get('limit') ?? REPORT_PAGE_MAX), REPORT_PAGE_MAX);
  const pageNo = Number(params.get('pageNo') ?? '1');
  const types = params.get('paymentTypes');
  const methods = params.get('paymentMethods');
  const brands = methods === undefined ? undefined : brandsOfMethods(methods);
  const page = visibleTo < range.from
    ? { payments: [], total: 0 }
    : await ctx.store.reports.paymentsInRange({
        entityId: entity.id,
        from: range.from,
        to: visibleTo,
        ...(types !== undefined && types !== '*' ? { paymentTypes: types.split(',') } : {}),
        ...(brands ? { brands } : {}),
        offset: (pageNo - 1) * limit,
        limit,
      });
  return answer(ctx, entity.id, page.payments, withLinks, { pageNo, pages: Math.ceil(page.total / limit), limit, total: page.total });
}
