// GET /api/settlement (settlement.read): the settlement aggregations of the channels the person
// may see, for a range of business days (`from`, `to`: yyyy-MM-dd, UTC; the last 31 days by
// default), newest day first, in the amounts of the API's settlement reports.

import { formatAmount } from '../../domain/money.js';
import type { Aggregation } from '../../storage/store.js';
import { BackofficeError, type BackofficeRoutes, type ParameterError } from '../contract.js';
import { sessionOf, visibleEntities } from '../visible.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The range shown when none is asked for, and the longest one asked for, in days. */
const DEFAULT_DAYS = 31;
const MAX_DAYS = 366;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day's text as its midnight (UTC), or undefined when it is no calendar day. */
function dayStart(text: string): number | undefined {
  if (!DAY.test(text)) return undefined;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text ? undefined : ms;
}

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

function signedAmount(minor: number): string {
  return minor < 0 ? `-${formatAmount(-minor)}` : formatAmount(minor);
}

function aggregationView(a: Aggregation): Record<string, unknown> {
  return {
    id: a.id,
    entityId: a.entity_id,
    day: a.day,
    settlementDate: a.settlement_date,
    currency: a.currency,
    status: a.status,
    records: Number(a.record_count),
    settled: formatAmount(Number(a.settled_amount)),
    refunded: formatAmount(Number(a.refunded_amount)),
    fees: formatAmount(Number(a.fee_amount)),
    chargebacks: formatAmount(Number(a.chargeback_amount)),
    chargebackReversals: formatAmount(Number(a.chargeback_reversal_amount)),
    net: signedAmount(Number(a.net_amount)),
  };
}

function range(query: Record<string, string | undefined>, today: string): { from: string; to: string } {
  const to = query.to ?? today;
  const toMs = dayStart(to);
  const errors: ParameterError[] = [];
  if (toMs === undefined) errors.push({ name: 'to', message: 'must be a day as yyyy-MM-dd' });
  const from = query.from ?? (toMs === undefined ? '' : dayOf(toMs - (DEFAULT_DAYS - 1) * DAY_MS));
  const fromMs = dayStart(from);
  if (fromMs === undefined) errors.push({ name: 'from', message: 'must be a day as yyyy-MM-dd' });
  else if (toMs !== undefined && (fromMs > toMs || toMs - fromMs >= MAX_DAYS * DAY_MS)) errors.push({ name: 'from', message: `must be on or before to, at most ${MAX_DAYS} days before it` });
  if (errors.length > 0) throw new BackofficeError('invalidParameters', `invalid ${errors.map((e) => e.name).join(', ')}`, { parameters: errors });
  return { from, to };
}

export const settlementRoutes: BackofficeRoutes = (app, ctx) => {
  app.get<{ Querystring: Record<string, string | undefined> }>('/settlement', { config: { access: 'settlement.read' } }, async (request) => {
    const session = sessionOf(request);
    const { from, to } = range(request.query, dayOf(ctx.clock.now()));
    const channel = request.query.channel;
    const entities = (await visibleEntities(ctx, session)).filter((e) => channel === undefined || e.id === channel);
    const found = (await Promise.all(entities.map((e) => ctx.store.settlement.listAggregations({ entityId: e.id, dayFrom: from, dayTo: to })))).flat();
    found.sort((a, b) => (a.day === b.day ? (a.entity_id < b.entity_id ? -1 : a.entity_id > b.entity_id ? 1 : 0) : a.day < b.day ? 1 : -1));
    return { from, to, aggregations: found.map(aggregationView) };
  });
};
