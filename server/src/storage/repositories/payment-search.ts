// The back office's payment list: a merchant's payments across the channels the caller may see,
// newest first, filtered and searched (../payment-search.ts), in keyset pages on (created_at, id).
// A cursor names the last payment shown, so a page holds still while payments arrive: new ones are
// newer than any cursor and land before the first page. Only listing columns are read, never the
// stored answer, and of a card only its last four digits.

import type { Selectable } from 'kysely';
import { isListedMethod, type ListedMethod } from '../../domain/payment-listing.js';
import type { EpochMs, PaymentStatus } from '../../domain/records.js';
import { checkoutPaymentIds, couldBeCheckout, searchQuery, type PaymentCursor, type PaymentSearch } from '../payment-search.js';
import type { PaymentsTable } from '../schema.js';
import type { Scope } from './scope.js';

export type { ListedStatus, PaymentCursor, PaymentSearch } from '../payment-search.js';
export { LISTED_STATUSES } from '../payment-search.js';

/** A payment as the list shows it. */
export interface ListedPayment {
  id: string;
  createdAt: EpochMs;
  entityId: string;
  paymentType: string;
  paymentBrand: string | null;
  method: ListedMethod | null;
  /** Minor units. */
  amount: number;
  currency: string;
  status: PaymentStatus;
  resultCode: string;
  merchantTransactionId: string | null;
  cardLast4: string | null;
  customerEmail: string | null;
  /** Open chargebacks, minor units. */
  chargebackAmount: number;
}

export interface ListedPage {
  payments: ListedPayment[];
  /** The cursor of the next (older) page; undefined on the last one. */
  next: PaymentCursor | undefined;
}

export interface PaymentSearchRepository {
  /**
   * The payments of `entityIds` matching `search`, newest first, at most `limit`, after `after`.
   * No channel given: no payment.
   */
  list(entityIds: readonly string[], search: PaymentSearch, after: PaymentCursor | undefined, limit: number): Promise<ListedPage>;
}

type ListedRow = Pick<Selectable<PaymentsTable>, 'id' | 'created_at' | 'entity_id' | 'payment_type' | 'payment_brand' | 'method' | 'amount' | 'currency' | 'status' | 'result_code' | 'merchant_transaction_id' | 'card_last4' | 'customer_email' | 'chargeback_amount'>;

function listedFromRow(r: ListedRow): ListedPayment {
  return {
    id: r.id,
    createdAt: Number(r.created_at),
    entityId: r.entity_id,
    paymentType: r.payment_type,
    paymentBrand: r.payment_brand,
    method: r.method !== null && isListedMethod(r.method) ? r.method : null,
    amount: Number(r.amount),
    currency: r.currency,
    status: r.status as PaymentStatus,
    resultCode: r.result_code,
    merchantTransactionId: r.merchant_transaction_id,
    cardLast4: r.card_last4,
    customerEmail: r.customer_email,
    chargebackAmount: Number(r.chargeback_amount),
  };
}

export class KyselyPaymentSearch implements PaymentSearchRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  async list(entityIds: readonly string[], search: PaymentSearch, after: PaymentCursor | undefined, limit: number): Promise<ListedPage> {
    // One more than asked tells whether another page follows.
    const checkoutPayments = search.q !== undefined && couldBeCheckout(search.q) ? await checkoutPaymentIds(this.#s.db, search.q) : [];
    const query = searchQuery(this.#s.db, entityIds, search, after, limit + 1, checkoutPayments);
    const rows: ListedRow[] = query ? await query.execute() : [];
    const payments = rows.slice(0, limit).map(listedFromRow);
    const last = payments.at(-1);
    return { payments, next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : undefined };
  }
}

/** A cursor as the API hands it out: opaque, base64url of its time and id. */
export function cursorText(c: PaymentCursor): string {
  return Buffer.from(`${c.createdAt}.${c.id}`, 'utf8').toString('base64url');
}

/** The cursor a text names, or undefined when it names none (the API answers 400). */
export function parseCursor(text: string): PaymentCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return undefined;
  const match = /^(\d{1,16})\.([A-Za-z0-9.-]{1,48})$/.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match) return undefined;
  const createdAt = Number(match[1]);
  return Number.isSafeInteger(createdAt) ? { createdAt, id: match[2] as string } : undefined;
}
