// Captures never exceed the authorization; refunds never exceed what was captured (a PA) or debited
// (a DB); refunds and open chargebacks together never exceed it either. Summed from the follow-up
// rows themselves, and the payment's running totals held to those sums. A slip's confirmation (RC)
// captures its PA as a capture does.

import { verdict, type AuditInput, type Verdict } from './verdict.js';

interface Totals {
  id: string;
  payment_type: string;
  amount: string;
  captured_amount: string;
  refunded_amount: string;
  chargeback_amount: string;
  captures: string;
  refunds: string;
  chargebacks: string;
  chargeback_reversals: string;
}

export async function followUpBounds({ db }: AuditInput): Promise<Verdict> {
  const { rows } = await db.query<Totals>(`
    select p.id, p.payment_type, p.amount, p.captured_amount, p.refunded_amount, p.chargeback_amount,
      coalesce(sum(f.amount) filter (where f.payment_type in ('CP', 'RC') and f.status = 'success'), 0) as captures,
      coalesce(sum(f.amount) filter (where f.payment_type = 'RF' and f.status = 'success'), 0) as refunds,
      coalesce(sum(f.amount) filter (where f.payment_type = 'CB' and f.status = 'success'), 0) as chargebacks,
      coalesce(sum(f.amount) filter (where f.payment_type = 'CR' and f.status = 'success'), 0) as chargeback_reversals
    from payments p left join payments f on f.referenced_id = p.id
    where p.payment_type in ('PA', 'DB') and p.status = 'success'
    group by p.id`);
  const findings: string[] = [];
  for (const r of rows) {
    const [amount, captures, refunds, open] = [BigInt(r.amount), BigInt(r.captures), BigInt(r.refunds), BigInt(r.chargebacks) - BigInt(r.chargeback_reversals)];
    const paid = r.payment_type === 'PA' ? captures : amount;
    if (r.payment_type === 'PA' && captures > amount) findings.push(`PA ${r.id}: captured ${captures} of an authorization of ${amount}`);
    if (refunds > paid) findings.push(`${r.payment_type} ${r.id}: refunded ${refunds} of ${paid} ${r.payment_type === 'PA' ? 'captured' : 'debited'}`);
    if (refunds + open > paid) findings.push(`${r.payment_type} ${r.id}: refunds ${refunds} and open chargebacks ${open} exceed ${paid}`);
    if (r.payment_type === 'PA' && BigInt(r.captured_amount) !== captures) findings.push(`PA ${r.id}: captured_amount ${r.captured_amount}, its captures sum to ${captures}`);
    if (BigInt(r.refunded_amount) !== refunds) findings.push(`${r.payment_type} ${r.id}: refunded_amount ${r.refunded_amount}, its refunds sum to ${refunds}`);
  }
  return verdict('captures and refunds stay within what was authorized, captured or debited', rows.length, findings);
}
