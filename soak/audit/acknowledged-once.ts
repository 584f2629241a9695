// Every payment the relays acknowledged exists exactly once in the database, with the type and
// amount it was acknowledged with, and no authorization the simulator approved is left neither
// written down nor voided (money held on a card with no payment to show for it).

import { verdict, type AuditInput, type Verdict } from './verdict.js';

export async function acknowledgedOnce({ db, ledger }: AuditInput): Promise<Verdict> {
  const findings: string[] = [];
  const ids = ledger.payments.map((p) => p.id);
  const { rows } = await db.query<{ id: string; payment_type: string; amount: string; status: string }>('select id, payment_type, amount, status from payments where id = any($1::text[])', [ids]);
  const found = new Map<string, typeof rows>();
  for (const row of rows) found.set(row.id, [...(found.get(row.id) ?? []), row]);
  const seen = new Set<string>();
  for (const payment of ledger.payments) {
    // A replayed answer books the same payment again: once per id.
    if (seen.has(payment.id)) continue;
    seen.add(payment.id);
    const stored = found.get(payment.id) ?? [];
    if (stored.length !== 1) {
      findings.push(`${payment.kind} ${payment.id} (key ${payment.key || 'none'}): acknowledged, ${stored.length} rows in payments`);
      continue;
    }
    const row = stored[0]!;
    if (row.payment_type !== payment.paymentType) findings.push(`${payment.id}: acknowledged as ${payment.paymentType}, stored as ${row.payment_type}`);
    if (payment.paymentType !== 'RV' && BigInt(row.amount) !== BigInt(payment.amount)) findings.push(`${payment.id}: acknowledged ${payment.amount}, stored ${row.amount}`);
    if (row.status !== 'success' && row.status !== 'pending') findings.push(`${payment.id}: acknowledged as a success, stored ${row.status}`);
  }
  const orphans = await db.query<{ reference: string; payment_id: string; entity_id: string; payment_type: string; amount: string; created_at: string }>(
    "select reference, payment_id, entity_id, payment_type, amount, created_at from simulator_authorizations j where state = 'approved' and not exists (select 1 from payments p where p.id = j.payment_id)",
  );
  for (const row of orphans.rows) {
    findings.push(`simulator authorization ${row.reference} (${row.payment_type} ${row.amount}, entity ${row.entity_id}, at ${new Date(Number(row.created_at)).toISOString()}) approved for ${row.payment_id}, which was never written, and not voided`);
  }
  return verdict('every acknowledged payment exists exactly once', seen.size, findings);
}
