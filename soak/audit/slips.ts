// Every slip confirmed at most once: at most one RC record references a slip, however often the
// bank's confirmation came (the soak sends a second one now and then, on another relay).

import { verdict, type AuditInput, type Verdict } from './verdict.js';

export async function slipsConfirmedOnce({ db, ledger }: AuditInput): Promise<Verdict> {
  const { rows } = await db.query<{ referenced_id: string; n: string }>(
    "select referenced_id, count(*) as n from payments where payment_type = 'RC' and referenced_id = any($1::text[]) group by referenced_id having count(*) > 1",
    [ledger.slips],
  );
  return verdict('every slip confirmed at most once', ledger.slips.length, rows.map((r) => `slip ${r.referenced_id}: ${r.n} confirmations`));
}
