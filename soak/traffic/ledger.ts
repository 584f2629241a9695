// What the relays acknowledged to the merchant, as the merchant's own books keep it: the audit
// holds the database to these (every acknowledged payment exists exactly once, with the amount
// and type it was acknowledged with).

export interface AcknowledgedPayment {
  /** The Idempotency-Key it was sent with (also its merchantTransactionId); '' for a widget submit. */
  key: string;
  id: string;
  paymentType: string;
  /** Minor units. */
  amount: number;
  referencedId: string | undefined;
  kind: string;
}

export interface Ledger {
  payments: AcknowledgedPayment[];
  /** Every id answered under each key: more than one id for a key is a second payment. */
  idsByKey: Map<string, Set<string>>;
  checkouts: Array<{ checkoutId: string; paymentId: string }>;
  registrations: string[];
  schedules: Array<{ id: string; entityId: string }>;
  slips: string[];
  chargebacks: Array<{ paymentId: string; chargebackId: string }>;
  /** Reads and reports that answered 200. */
  reads: number;
}

export const emptyLedger = (): Ledger => ({ payments: [], idsByKey: new Map(), checkouts: [], registrations: [], schedules: [], slips: [], chargebacks: [], reads: 0 });

export function acknowledge(ledger: Ledger, payment: AcknowledgedPayment): void {
  ledger.payments.push(payment);
  if (payment.key === '') return;
  const ids = ledger.idsByKey.get(payment.key) ?? new Set<string>();
  ids.add(payment.id);
  ledger.idsByKey.set(payment.key, ids);
}

/** Minor units as the API's decimal text (two decimals: every currency the soak uses has two). */
export function decimal(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}
