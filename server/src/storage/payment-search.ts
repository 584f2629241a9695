// The back office's payment list as SQL: a merchant's payments across the channels it is given,
// newest first by (created_at, id), filtered, searched, in keyset pages.
//
// Why one query per channel (and per kind of search), joined by UNION: `entity_id IN (…)` with
// ORDER BY created_at would make both databases read every matching payment of every channel and
// sort them, a million rows for a large merchant. One channel's rows come in order from an index
// whose first column is entity_id (migration 019: one per filter, 013's for the plain list), so
// each part reads its newest matches and stops at a page; the union sorts at most a page per part.
// A search is split the same way: a payment id, a checkout id, a merchantTransactionId, a card's
// last four and an e-mail each read their own index; UNION (not ALL) drops a payment two parts
// found.

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

/** One term per kind of search the text could be; merchantTransactionId is free text, always one. */
export function searchTerms(q: string): Term[] {
  const text = q.trim();
  const terms: Term[] = [(eb) => eb('merchant_transaction_id', '=', text)];
  if (isPaymentId(text)) terms.push((eb) => eb('id', '=', text));
  if (isCheckoutId(text)) terms.push((eb) => eb('checkout_id', '=', text));
  if (/^\d{4}$/.test(text)) terms.push((eb) => eb('card_last4', '=', text));
  if (text.includes('@')) terms.push((eb) => eb('customer_email', '=', text.toLowerCase()));
  return terms;
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
    // A plain bound on created_at lets both databases seek the index; the row value picks up within the cursor's millisecond.
    terms.push((eb) => eb('created_at', '<=', after.createdAt));
    terms.push((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.createdAt, after.id)));
  }
  return terms;
}

/** One channel's newest `take` payments that match `terms`, in index order. */
function part(db: Kysely<Database>, entityId: string, terms: readonly Term[], take: number) {
  let q = db.selectFrom('payments').select(LISTED_COLUMNS).where('entity_id', '=', entityId);
  for (const term of terms) q = q.where(term);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(take);
}

/** The newest `take` payments of the channels matching the search after the cursor, newest first. */
export function searchQuery(db: Kysely<Database>, entityIds: readonly string[], search: PaymentSearch, after: PaymentCursor | undefined, take: number) {
  const filters = filterTerms(search, after);
  const kinds: (Term | undefined)[] = search.q !== undefined ? searchTerms(search.q) : [undefined];
  const parts = entityIds.flatMap((entityId) => kinds.map((kind) => part(db, entityId, kind ? [kind, ...filters] : filters, take)));
  const [first, ...rest] = parts.map((p, n) => db.selectFrom(p.as(`p${n}`)).selectAll());
  if (first === undefined) return undefined;
  if (rest.length === 0) return parts[0];
  let union = first;
  for (const next of rest) union = union.union(next);
  return union.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(take);
}
