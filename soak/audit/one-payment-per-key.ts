// No retry with the same Idempotency-Key made a second payment: every answer under one key named
// the same payment, and the database holds at most one payment per key (the soak sends each key
// again as merchantTransactionId), and at most one success per checkout. Chargebacks, their
// reversals and slip confirmations carry the merchantTransactionId of the payment they reference,
// so they are left out of the count (slips.ts counts the confirmations).

import { verdict, type AuditInput, type Verdict } from './verdict.js';

export async function onePaymentPerKey({ db, ledger, keyPrefix }: AuditInput): Promise<Verdict> {
  const findings: string[] = [];
  for (const [key, ids] of ledger.idsByKey) if (ids.size > 1) findings.push(`key ${key} was answered with ${ids.size} payments: ${[...ids].join(', ')}`);
  const prefix = `${keyPrefix}-%`;
  const doubled = await db.query<{ mtid: string; n: string; ids: string }>(
    "select merchant_transaction_id as mtid, count(*) as n, string_agg(id || ':' || payment_type || ':' || status, ' ') as ids from payments where merchant_transaction_id like $1 and payment_type not in ('CB', 'CR', 'RC') group by merchant_transaction_id having count(*) > 1",
    [prefix],
  );
  for (const row of doubled.rows) findings.push(`key ${row.mtid}: ${row.n} payments in the database (${row.ids})`);
  const checkouts = await db.query<{ checkout_id: string; n: string }>(
    "select checkout_id, count(*) as n from payments where checkout_id is not null and status = 'success' group by checkout_id having count(*) > 1",
  );
  for (const row of checkouts.rows) findings.push(`checkout ${row.checkout_id}: ${row.n} successful payments`);
  const keyed = await db.query<{ n: string }>('select count(*) as n from payments where merchant_transaction_id like $1', [prefix]);
  return verdict('no key (and no checkout) made a second payment', Number(keyed.rows[0]?.n ?? 0) + ledger.checkouts.length, findings);
}
