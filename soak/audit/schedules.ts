// No schedule occurrence charged twice or skipped: each schedule's occurrences are a day apart with
// none missing and none `skipped` (the clock moves a day at a time and steps through every run),
// each charged occurrence has one payment, and the schedule has no payment beyond them.

import { verdict, type AuditInput, type Verdict } from './verdict.js';

const DAY_MS = 86_400_000;

export async function schedulesOnce({ db, ledger }: AuditInput): Promise<Verdict> {
  const findings: string[] = [];
  const ids = ledger.schedules.map((s) => s.id);
  const { rows: occurrences } = await db.query<{ schedule_id: string; scheduled_at: string; status: string; payment_id: string | null }>(
    'select schedule_id, scheduled_at, status, payment_id from schedule_occurrences where schedule_id = any($1::text[]) order by schedule_id, scheduled_at',
    [ids],
  );
  const paymentIds = occurrences.flatMap((o) => (o.payment_id ? [o.payment_id] : []));
  const { rows: payments } = await db.query<{ id: string; n: string }>('select id, count(*) as n from payments where id = any($1::text[]) group by id', [paymentIds]);
  const stored = new Map(payments.map((p) => [p.id, Number(p.n)]));
  const bySchedule = new Map<string, typeof occurrences>();
  for (const o of occurrences) bySchedule.set(o.schedule_id, [...(bySchedule.get(o.schedule_id) ?? []), o]);
  for (const [scheduleId, list] of bySchedule) {
    for (let i = 0; i < list.length; i++) {
      const o = list[i]!;
      if (o.status === 'skipped') findings.push(`schedule ${scheduleId}: the run of ${new Date(Number(o.scheduled_at)).toISOString()} was skipped`);
      if (o.status === 'charged' && (!o.payment_id || stored.get(o.payment_id) !== 1)) findings.push(`schedule ${scheduleId}: the run of ${new Date(Number(o.scheduled_at)).toISOString()} is charged with ${o.payment_id ? stored.get(o.payment_id) ?? 0 : 0} payments`);
      const previous = list[i - 1];
      if (previous && Number(o.scheduled_at) - Number(previous.scheduled_at) !== DAY_MS) {
        findings.push(`schedule ${scheduleId}: runs ${new Date(Number(previous.scheduled_at)).toISOString()} and ${new Date(Number(o.scheduled_at)).toISOString()} are not a day apart`);
      }
    }
    const used = new Set(list.flatMap((o) => (o.payment_id ? [o.payment_id] : [])));
    if (used.size !== list.filter((o) => o.payment_id).length) findings.push(`schedule ${scheduleId}: two runs share a payment`);
  }
  // The charges of a schedule name it in their answer: none may exist beyond its occurrences'.
  for (const scheduleId of ids) {
    const { rows } = await db.query<{ id: string }>('select id from payments where response_json like $1', [`%"scheduleId":"${scheduleId}"%`]);
    const known = new Set((bySchedule.get(scheduleId) ?? []).flatMap((o) => (o.payment_id ? [o.payment_id] : [])));
    for (const row of rows) if (!known.has(row.id)) findings.push(`schedule ${scheduleId}: payment ${row.id} belongs to no run`);
  }
  return verdict('no schedule run charged twice or skipped', occurrences.length, findings, `${ids.length} schedules`);
}
