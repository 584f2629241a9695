// The payment list's query string (docs/back-office-api.md, "Payments (payments.read; actions as
// named)"), read into the store's search: every parameter checked, and every failing one named in
// one 400 (invalidParameters), so a bad value never reaches the database and the page can mark
// each field it came from.

import { parseAmount } from '../../domain/money.js';
import { isListedMethod, LISTED_METHODS } from '../../domain/payment-listing.js';
import { LISTED_STATUSES, parseCursor, type ListedStatus, type PaymentCursor, type PaymentSearch } from '../../storage/repositories/payment-search.js';
import { BackofficeError, type ParameterError } from '../contract.js';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;
/** Longer than any id, reference (AN255 is the longest merchantTransactionId) or address searched for. */
const MAX_SEARCH = 255;

export interface PaymentListQuery {
  search: PaymentSearch;
  /** One channel (entity id) of the merchant's, or every channel the person may see. */
  channel: string | undefined;
  after: PaymentCursor | undefined;
  limit: number;
}

const EPOCH_MS = /^\d{1,15}$/;
const PAYMENT_TYPE = /^[A-Z]{2}$/;
const BRAND = /^[A-Z0-9_]{1,32}$/;
const ENTITY_ID = /^[A-Za-z0-9]{1,48}$/;

/** Reads the query; throws a BackofficeError naming every failing parameter. */
export function readPaymentListQuery(query: unknown): PaymentListQuery {
  const errors: ParameterError[] = [];
  const source = (typeof query === 'object' && query !== null ? query : {}) as Record<string, unknown>;
  /** A parameter's one value: absent, or refused when sent more than once. */
  const text = (name: string): string | undefined => {
    const value = source[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') {
      errors.push({ name, message: 'must be given once' });
      return undefined;
    }
    return value;
  };
  const matching = (name: string, shape: RegExp, message: string): string | undefined => {
    const value = text(name);
    if (value === undefined || shape.test(value)) return value;
    errors.push({ name, message });
    return undefined;
  };
  const time = (name: string): number | undefined => {
    const value = matching(name, EPOCH_MS, 'must be a time in epoch milliseconds');
    return value === undefined ? undefined : Number(value);
  };
  const amount = (name: string): number | undefined => {
    const value = text(name);
    if (value === undefined) return undefined;
    try {
      return parseAmount(value);
    } catch {
      errors.push({ name, message: 'must be an amount such as 12.50' });
      return undefined;
    }
  };

  const search: PaymentSearch = {};
  const from = time('from');
  const to = time('to');
  if (from !== undefined) search.from = from;
  if (to !== undefined) search.to = to;
  if (from !== undefined && to !== undefined && to < from) errors.push({ name: 'to', message: 'must not be before from' });

  const status = text('status');
  if (status !== undefined) {
    if ((LISTED_STATUSES as readonly string[]).includes(status)) search.status = status as ListedStatus;
    else errors.push({ name: 'status', message: `must be one of ${LISTED_STATUSES.join(', ')}` });
  }
  const paymentType = matching('paymentType', PAYMENT_TYPE, 'must be a payment type such as DB or PA');
  if (paymentType !== undefined) search.paymentType = paymentType;
  const brand = matching('brand', BRAND, 'must be a brand code such as VISA');
  if (brand !== undefined) search.brand = brand;
  const method = text('method');
  if (method !== undefined) {
    if (isListedMethod(method)) search.method = method;
    else errors.push({ name: 'method', message: `must be one of ${LISTED_METHODS.join(', ')}` });
  }
  const amountMin = amount('amountMin');
  const amountMax = amount('amountMax');
  if (amountMin !== undefined) search.amountMin = amountMin;
  if (amountMax !== undefined) search.amountMax = amountMax;
  if (amountMin !== undefined && amountMax !== undefined && amountMax < amountMin) errors.push({ name: 'amountMax', message: 'must not be below amountMin' });

  const q = text('q')?.trim();
  if (q !== undefined && q.length > MAX_SEARCH) errors.push({ name: 'q', message: `must be at most ${MAX_SEARCH} characters` });
  else if (q) search.q = q;

  const channel = matching('channel', ENTITY_ID, 'must be a channel id');
  const afterText = text('after');
  const after = afterText === undefined ? undefined : parseCursor(afterText);
  if (afterText !== undefined && after === undefined) errors.push({ name: 'after', message: 'must be the next cursor of a previous page' });
  const limitText = matching('limit', /^\d{1,3}$/, `must be a whole number from 1 to ${MAX_LIMIT}`);
  const limit = limitText === undefined ? DEFAULT_LIMIT : Number(limitText);
  if (limitText !== undefined && (limit < 1 || limit > MAX_LIMIT)) errors.push({ name: 'limit', message: `must be a whole number from 1 to ${MAX_LIMIT}` });

  if (errors.length > 0) throw new BackofficeError('invalidParameters', `invalid parameters: ${errors.map((e) => e.name).join(', ')}`, { parameters: errors });
  return { search, channel, after, limit };
}
