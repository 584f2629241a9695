// The back office's payment list as SQL: a merchant's payments across the channels it is given,
// newest first by (created_at, id), filtered, searched, in keyset pages.
//
// Why one query per channel (and per kind of search), joined by UNION: `entity_id IN (…)` with
// ORDER BY created_at would make both databases read every matching payment of every channel and
// sort them, a million rows for a large merchant. One channel's rows come in order from an index
// whose first column is entity_id (013's time index, which 019 gave every filtered column, so a
// filter is checked on the index as it is walked; a search's own index), so each part reads its
// newest matches and stops at a page; the union sorts at most a page per part.
// A search is split the same way: a merchantTransactionId, a card's last four and an e-mail each
// read their own index, a payment id (and a checkout's payments, found by the checkout's index
// first) the primary key; UNION (not ALL) drops a payment two parts found.

import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { isCheckoutId, isPaymentId } from '../domain/ids.js';
import type { EpochMs } from '../domain/records.js';
import type { Database } from './schema.js';

export type ListedStatus = 'success' | 'pending' | 'declined' | 'chargedBack';
export const LISTED_STATUSES: readonly ListedStatus[] = ['success', 'pending', 'declined', 'chargedBack'];

/** What the list is narrowed to; every field optional. Amounts in minor units, times epoch ms. */
export interface PaymentSearch {
  /** Created at or after. */
  from?: EpochMs;
  /** Created before. */
  to?: EpochMs;
  /** chargedBack: an open chargeback (chargeback_amount > 0), whatever the status. */
  status?: ListedStatus;
  paymentType?: string;
  brand?: string;
  method?: string;
  amountMin?: number;
  amountMax?: number;
  /** The search box: a payment id, a checkout id, a merchantTransactionId, 4 digits, an e-mail. */
  q?: string;
}

/** Where a page ended: its last payment's creation time and id. */
export interface PaymentCursor {
  createdAt: EpochMs;
  id: string;
}

export const LISTED_COLUMNS = [
  'id',
  'created_at',
  'entity_id',
  'payment_type',
  'payment_brand',
  'method',
  'amount',
  'currency',
  'status',
  'result_code',
  'merchant_transaction_id',
  'card_last4',
  'customer_email',
  'chargeback_amount',
] as const;

type Eb = ExpressionBuilder<Database, 'payments'>;
type Term = (eb: Eb) => Expression<SqlBool>;

/**
 * A kind of search: its term, and whether it names one payment by id. Such a part is read by the
 * primary key across the channels at once (`entity_id IN`): asked per channel, or for several ids
 * in one IN list, SQLite (no statistics) would rather walk the channel's time index, for the order
 * the union sorts by, than sort a row or two.
 */
interface SearchKind {
  term: Term;
  byId: boolean;
}

/** What the search text could be a checkout id of: its payments' ids, looked up first (checkoutPaymentIds). */
export function couldBeCheckout(q: string): boolean {
  return isCheckoutId(q.trim());
}

/** The ids of a checkout's payments: by the checkout's own index, whatever the channel (the search then scopes them). */
export async function checkoutPaymentIds(db: Kysely<Database>, q: string): Promise<string[]> {
  const rows = await db.selectFrom('payments').select('id').where('checkout_id', '=', q.trim()).limit(MAX_CHECKOUT_PAYMENTS).execute();
  return rows.map((r) => r.id);
}

/** More attempts than a checkout allows (CHECKOUT_MAX_DECLINES and a success). */
const MAX_CHECKOUT_PAYMENTS = 100;

/**
 * One kind per thing the text could be; merchantTransactionId is free text, always one. A payment
 * id and the payments of a checkout (`checkoutPayments`, looked up before) are ids, one kind.
 */
export function searchKinds(q: string, checkoutPayments: readonly string[]): SearchKind[] {
  const text = q.trim();
  const kinds: SearchKind[] = [{ term: (eb) => eb('merchant_transaction_id', '=', text), byId: false }];
  const ids = [...(isPaymentId(text) ? [text] : []), ...checkoutPayments];
  for (const id of new Set(ids)) kinds.push({ term: (eb) => eb('id', '=', id), byId: true });
  if (/^\d{4}$/.test(text)) kinds.push({ term: (eb) => eb('card_last4', '=', text), byId: false });
  if (text.includes('@')) kinds.push({ term: (eb) => eb('customer_email', '=', text.toLowerCase()), byId: false });
  return kinds;
}

function filterTerms(s: PaymentSearch, after: PaymentCursor | undefined): Term[] {
  const terms: Term[] = [];
  if (s.from !== undefined) terms.push((eb) => eb('created_at', '>=', s.from as number));
  if (s.to !== undefined) terms.push((eb) => eb('created_at', '<', s.to as number));
  if (s.status === 'chargedBack') terms.push(() => sql<SqlBool>`chargeback_amount > 0`);
  else if (s.status !== undefined) terms.push((eb) => eb('status', '=', s.status as string));
  if (s.paymentType !== undefined) terms.push((eb) => eb('payment_type', '=', s.paymentType as string));
  if (s.brand !== undefined) terms.push((eb) => eb('payment_brand', '=', s.brand as string));
  if (s.method !== undefined) terms.push((eb) => eb('method', '=', s.method as string));
  if (s.amountMin !== undefined) terms.push((eb) => eb('amount', '>=', s.amountMin as number));
  if (s.amountMax !== undefined) terms.push((eb) => eb('amount', '<=', s.amountMax as number));
  if (after) {
    // A plain bound on created_at lets both databases seek the index; the rest picks up within the
    // cursor's millisecond. Not as a row value ((created_at, id) < (?, ?)): SQLite takes one for a
    // narrow range of the time index and would walk it rather than the filter's own index.
    terms.push((eb) => eb('created_at', '<=', after.createdAt));
    terms.push((eb) => eb.or([eb('created_at', '<', after.createdAt), eb('id', '<', after.id)]));
  }
  return terms;
}

/** The newest `take` payments of `entityIds` (one channel, or any of them) that match `terms`, in index order. */
function part(db: Kysely<Database>, entityIds: readonly string[], terms: readonly Term[], take: number) {
  let q = db.selectFrom('payments').select(LISTED_COLUMNS);
  q = entityIds.length === 1 ? q.where('entity_id', '=', entityIds[0] as string) : q.where('entity_id', 'in', [...entityIds]);
  for (const term of terms) q = q.where(term);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(take);
}

/** The newest `take` payments of the channels matching the search after the cursor, newest first. */
export function searchQuery(db: Kysely<Database>, entityIds: readonly string[], search: PaymentSearch, after: PaymentCursor | undefined, take: number, checkoutPayments: readonly string[] = []) {
  if (entityIds.length === 0) return undefined;
  const filters = filterTerms(search, after);
  const kinds: (SearchKind | undefined)[] = search.q !== undefined ? searchKinds(search.q, checkoutPayments) : [undefined];
  const parts = kinds.flatMap((kind) => {
    if (!kind) return entityIds.map((entityId) => part(db, [entityId], filters, take));
    if (kind.byId) return [part(db, entityIds, [kind.term, ...filters], take)];
    return entityIds.map((entityId) => part(db, [entityId], [kind.term, ...filters], take));
  });
  const [only, ...more] = parts;
  if (only === undefined || more.length === 0) return only;
  const [first, ...rest] = parts.map((p, n) => db.selectFrom(p.as(`p${n}`)).selectAll());
  let union = first as NonNullable<typeof first>;
  for (const next of rest) union = union.union(next);
  return union.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(take);
}
