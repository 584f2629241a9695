// Currency quotes (POST /v1/quotes, GET /v1/quotes/{id}, and quoteId on a payment): the guaranteed
// rate of the spec for a merchant that prices in USD and charges in BRL. A quote is valid for the
// configured business hours of the charged currency's country (business-hours.ts) and is used by
// one payment; a declined payment gives it back. Test-mode rates come from FX_TEST_RATES.

import type { RelayContext } from '../flows/context.js';
import { formatTimestamp } from '../domain/clock.js';
import { ApiError } from '../domain/errors.js';
import { newPaymentId } from '../domain/ids.js';
import { formatAmount, MAX_AMOUNT_MINOR, parseAmount } from '../domain/money.js';
import type { EntityRecord, EpochMs, PaymentFxQuote } from '../domain/records.js';
import type { Outcome } from '../flows/outcome.js';
import type { FlatParams } from '../params/types.js';
import { resultView } from '../flows/response.js';
import type { FxQuote } from '../storage/store.js';
import { calendarOf, hasCalendar } from './business-hours.js';
import { convert, convertBack, parseRateTable } from './rates.js';

const QUOTE_OK = '000.000.100';
/** What a payment is charged in when the quote request names no target currency. */
const DEFAULT_TARGET = 'BRL';

const tables = new Map<string, ReadonlyMap<string, string>>();
function rateTable(text: string): ReadonlyMap<string, string> {
  let table = tables.get(text);
  if (!table) {
    table = parseRateTable(text);
    tables.set(text, table);
  }
  return table;
}

function quoteView(q: FxQuote, now: EpochMs): Record<string, unknown> {
  const status = q.paymentId !== null ? 'USED' : now >= q.validUntil ? 'EXPIRED' : 'VALID';
  return {
    id: q.id,
    sourceCurrency: q.sourceCurrency,
    targetCurrency: q.targetCurrency,
    rate: q.rate,
    validUntil: formatTimestamp(q.validUntil),
    status,
    ...(q.paymentId !== null ? { paymentId: q.paymentId } : {}),
    result: resultView(QUOTE_OK),
  };
}

export async function createQuote(ctx: RelayContext, entity: EntityRecord, params: FlatParams): Promise<Outcome> {
  const now = ctx.clock.now();
  const source = params.get('currency') ?? '';
  const target = params.get('targetCurrency') ?? DEFAULT_TARGET;
  if (!hasCalendar(target)) throw new ApiError('invalidParameters', [{ name: 'targetCurrency', value: target, message: 'quotes are given for BRL, MXN and COP' }]);
  const rate = rateTable(ctx.config.reports.quoteRates).get(`${source}:${target}`);
  if (rate === undefined) throw new ApiError('noQuoteRate', [{ name: 'currency', value: source, message: `no rate from ${source} to ${target}` }]);
  const quote: FxQuote = {
    id: newPaymentId(now),
    entityId: entity.id,
    sourceCurrency: source,
    targetCurrency: target,
    rate,
    createdAt: now,
    validUntil: calendarOf(target).addBusinessHours(now, ctx.config.reports.quoteBusinessHours),
    paymentId: null,
    usedAt: null,
  };
  await ctx.store.quotes.insert(quote);
  const body = quoteView(quote, now);
  const amount = params.get('amount');
  if (amount !== undefined) {
    const converted = convert(parseAmount(amount), rate);
    if (converted > MAX_AMOUNT_MINOR) throw new ApiError('invalidParameters', [{ name: 'amount', value: amount, message: 'converted, the amount is beyond the largest amount' }]);
    Object.assign(body, { amount, targetAmount: formatAmount(converted) });
  }
  return { kind: 'ok', body };
}

export async function readQuote(ctx: RelayContext, entity: EntityRecord, id: string): Promise<Outcome> {
  const quote = await ctx.store.quotes.find(entity.id, id);
  if (!quote) throw new ApiError('notFound');
  return { kind: 'ok', body: quoteView(quote, ctx.clock.now()) };
}

/** A quote a payment holds: give it back (release) if the payment is declined or not written. */
export interface HeldQuote {
  quote: PaymentFxQuote;
  release(): Promise<void>;
}

/**
 * Takes the payment's quoteId for it, or explains why not: another entity's or unknown
 * (700.100.100), charged in another currency, expired, or used by another payment.
 */
export async function holdQuote(ctx: RelayContext, entityId: string, params: FlatParams, paymentId: string, now: EpochMs): Promise<HeldQuote | undefined> {
  const id = params.get('quoteId');
  if (id === undefined) return undefined;
  const refusal = (name: 'quoteNotFound' | 'quoteMismatch' | 'quoteExpired' | 'quoteUsed', message: string) => new ApiError(name, [{ name: 'quoteId', value: id, message }]);
  const quote = await ctx.store.quotes.find(entityId, id);
  if (!quote) throw refusal('quoteNotFound', 'no quote of this entity');
  if (quote.targetCurrency !== params.get('currency')) throw refusal('quoteMismatch', `the quote is charged in ${quote.targetCurrency}`);
  if (now >= quote.validUntil) throw refusal('quoteExpired', `valid until ${formatTimestamp(quote.validUntil)}`);
  if (!(await ctx.store.quotes.use(entityId, id, paymentId, now))) throw refusal('quoteUsed', 'used by another payment');
  return {
    quote: { id: quote.id, rate: quote.rate, sourceCurrency: quote.sourceCurrency },
    release: () => ctx.store.quotes.release(id, paymentId),
  };
}

/** What a quoted payment's answer adds: the quote, and the price in the merchant's currency. */
export function quotedFields(held: HeldQuote, amount: number): Record<string, unknown> {
  return {
    presentationAmount: formatAmount(convertBack(amount, held.quote.rate)),
    presentationCurrency: held.quote.sourceCurrency,
    fxQuote: { id: held.quote.id, rate: held.quote.rate },
  };
}
