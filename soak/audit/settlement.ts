// Settlement aggregations equal the ledger's sums: each aggregation's count and totals are those of
// its reconciliation records, its net follows from them, every record's payment exists with that
// amount, and no payment is settled in two aggregations.

import { verdict, type AuditInput, type Verdict } from './verdict.js';

export async function settlementSums({ db }: AuditInput): Promise<Verdict> {
  const findings: string[] = [];
  const { rows } = await db.query<Record<string, string>>(`
    select a.id, a.record_count, a.settled_amount, a.refunded_amount, a.fee_amount, a.chargeback_amount, a.chargeback_reversal_amount, a.net_amount,
      (select count(*) from reconciliation_records r where r.aggregation_id = a.id) as records,
      (select coalesce(sum(settlement_amount), 0) from reconciliation_records r where r.aggregation_id = a.id and reconciliation_type = 'SETTLED' and cashflow = 'POS') as settled,
      (select coalesce(sum(settlement_amount), 0) from reconciliation_records r where r.aggregation_id = a.id and reconciliation_type = 'SETTLED' and cashflow = 'NEG') as refunded,
      (select coalesce(sum(settlement_amount), 0) from reconciliation_records r where r.aggregation_id = a.id and reconciliation_type = 'FEE') as fees,
      (select coalesce(sum(settlement_amount), 0) from reconciliation_records r where r.aggregation_id = a.id and reconciliation_type = 'CHARGEBACK') as chargebacks,
      (select coalesce(sum(settlement_amount), 0) from reconciliation_records r where r.aggregation_id = a.id and reconciliation_type not in ('SETTLED', 'FEE', 'CHARGEBACK')) as reversals
    from settlement_aggregations a`);
  for (const a of rows) {
    const pairs: Array<[string, string | undefined, string | undefined]> = [
      ['record_count', a.record_count, a.records],
      ['settled_amount', a.settled_amount, a.settled],
      ['refunded_amount', a.refunded_amount, a.refunded],
      ['fee_amount', a.fee_amount, a.fees],
      ['chargeback_amount', a.chargeback_amount, a.chargebacks],
      ['chargeback_reversal_amount', a.chargeback_reversal_amount, a.reversals],
    ];
    for (const [name, stored, summed] of pairs) if (BigInt(stored ?? 0) !== BigInt(summed ?? 0)) findings.push(`aggregation ${a.id}: ${name} ${stored}, its records sum to ${summed}`);
    const net = BigInt(a.settled ?? 0) - BigInt(a.refunded ?? 0) - BigInt(a.fees ?? 0) - BigInt(a.chargebacks ?? 0) + BigInt(a.reversals ?? 0);
    if (BigInt(a.net_amount ?? 0) !== net) findings.push(`aggregation ${a.id}: net_amount ${a.net_amount}, its records make ${net}`);
  }
  const mismatched = await db.query<{ payment_id: string; amount: string; stored: string | null }>(
    "select r.payment_id, r.amount, p.amount as stored from reconciliation_records r left join payments p on p.id = r.payment_id where r.reconciliation_type <> 'FEE' and (p.id is null or p.amount <> r.amount)",
  );
  for (const r of mismatched.rows) findings.push(`reconciliation record of ${r.payment_id}: amount ${r.amount}, the payment ${r.stored ?? 'does not exist'}`);
  const twice = await db.query<{ payment_id: string; n: string }>(
    "select payment_id, count(distinct aggregation_id) as n from reconciliation_records where reconciliation_type <> 'FEE' group by payment_id having count(distinct aggregation_id) > 1",
  );
  for (const r of twice.rows) findings.push(`payment ${r.payment_id} settled in ${r.n} aggregations`);
  return verdict('settlement aggregations equal the sums of what they settle', rows.length, findings, `${rows.length} aggregations`);
}
