// The back office's chargebacks: the CB records of a merchant's channels (payments/chargeback.ts
// writes them: a record of the payments table referencing the payment it charges back, its reason
// as its result code), newest first in keyset pages on (created_at, id), with the payment they
// charge back; and the CR records that reversed them. A CB is open until a CR reverses it (the
// lifecycle marks the CB reversed in the CR's transaction), closed after. Listing columns only, and
// of a card its last four digits.

import type { EpochMs } from '../../domain/records.js';
import type { Scope } from './scope.js';

export type ChargebackState = 'open' | 'closed';

export interface ChargebackCursor {
  createdAt: EpochMs;
  id: string;
}

/** A chargeback as the list shows it, with the payment it charges back. */
export interface ListedChargeback {
  id: string;
  entityId: string;
  createdAt: EpochMs;
  /** Minor units, in the payment's currency. */
  amount: number;
  currency: string;
  reasonCode: string;
  reversed: boolean;
  /** When the settlement run took it (yyyy-MM-dd); null while unsettled. */
  settlementDate: string | null;
  payment: {
    id: string;
    paymentType: string;
    paymentBrand: string | null;
    amount: number;
    createdAt: EpochMs;
    merchantTransactionId: string | null;
    cardLast4: string | null;
  };
}

/** A CR record: the reversal of the chargeback `chargebackId` (from its answer, as the file reads it). */
export interface ChargebackReversal {
  id: string;
  paymentId: string;
  chargebackId: string | null;
  amount: number;
  createdAt: EpochMs;
}

export interface ChargebackPage {
  chargebacks: ListedChargeback[];
  next: ChargebackCursor | undefined;
}

export interface ChargebacksRepository {
  /** The CB records of `entityIds` (open, closed, or both), newest first, at most `limit`, after `after`. */
  list(entityIds: readonly string[], state: ChargebackState | undefined, after: ChargebackCursor | undefined, limit: number): Promise<ChargebackPage>;
  /** The CR records of these payments of `entityIds`. */
  reversalsOf(entityIds: readonly string[], paymentIds: readonly string[]): Promise<ChargebackReversal[]>;
}

function chargebackIdOf(responseJson: string): string | null {
  try {
    const id = (JSON.parse(responseJson) as { chargebackId?: unknown }).chargebackId;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

export class KyselyChargebacks implements ChargebacksRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  async list(entityIds: readonly string[], state: ChargebackState | undefined, after: ChargebackCursor | undefined, limit: number): Promise<ChargebackPage> {
    if (entityIds.length === 0) return { chargebacks: [], next: undefined };
    let q = this.#s.db
      .selectFrom('payments as c')
      .innerJoin('payments as p', (join) => join.onRef('p.id', '=', 'c.referenced_id').onRef('p.entity_id', '=', 'c.entity_id'))
      .select([
        'c.id as id',
        'c.entity_id as entityId',
        'c.created_at as createdAt',
        'c.amount as amount',
        'c.currency as currency',
        'c.result_code as reasonCode',
        'c.reversed as reversed',
        'c.settlement_date as settlementDate',
        'p.id as paymentId',
        'p.payment_type as paymentType',
        'p.payment_brand as paymentBrand',
        'p.amount as paymentAmount',
        'p.created_at as paymentCreatedAt',
        'p.merchant_transaction_id as merchantTransactionId',
        'p.card_last4 as cardLast4',
      ])
      .where('c.entity_id', 'in', [...entityIds])
      .where('c.payment_type', '=', 'CB');
    if (state !== undefined) q = q.where('c.reversed', '=', state === 'closed' ? 1 : 0);
    if (after) {
      const { createdAt, id } = after;
      q = q.where('c.created_at', '<=', createdAt).where((eb) => eb(eb.refTuple('c.created_at', 'c.id'), '<', eb.tuple(createdAt, id)));
    }
    const rows = await q.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(limit + 1).execute();
    const page = rows.slice(0, limit).map(
      (r): ListedChargeback => ({
        id: r.id,
        entityId: r.entityId,
        createdAt: Number(r.createdAt),
        amount: Number(r.amount),
        currency: r.currency,
        reasonCode: r.reasonCode,
        reversed: Number(r.reversed) === 1,
        settlementDate: r.settlementDate,
        payment: {
          id: r.paymentId,
          paymentType: r.paymentType,
          paymentBrand: r.paymentBrand,
          amount: Number(r.paymentAmount),
          createdAt: Number(r.paymentCreatedAt),
          merchantTransactionId: r.merchantTransactionId,
          cardLast4: r.cardLast4,
        },
      }),
    );
    const last = page.at(-1);
    return { chargebacks: page, next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : undefined };
  }

  async reversalsOf(entityIds: readonly string[], paymentIds: readonly string[]): Promise<ChargebackReversal[]> {
    if (entityIds.length === 0 || paymentIds.length === 0) return [];
    const rows = await this.#s.db
      .selectFrom('payments')
      .select(['id', 'referenced_id', 'response_json', 'amount', 'created_at'])
      .where('referenced_id', 'in', [...new Set(paymentIds)])
      .where('entity_id', 'in', [...entityIds])
      .where('payment_type', '=', 'CR')
      .execute();
    return rows.map((r) => ({ id: r.id, paymentId: r.referenced_id ?? '', chargebackId: chargebackIdOf(r.response_json), amount: Number(r.amount), createdAt: Number(r.created_at) }));
  }
}
