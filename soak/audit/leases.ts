// Nothing held by a dead relay after its lease: at the audit every relay is up again, so no
// idempotency key may still be in progress, and no job still running, past its lease and the
// in-doubt job's round that resolves it.

import { verdict, type AuditInput, type Verdict } from './verdict.js';

/** The in-doubt job runs every 30 s; a claim is resolved at the latest this long after its lease, ms. */
const RESOLVE_WITHIN_MS = 35_000;

export async function nothingHeldPastLease({ db, auditAt }: AuditInput): Promise<Verdict> {
  const before = auditAt - RESOLVE_WITHIN_MS;
  const keys = await db.query<{ key: string; owner: string; lease_until: string }>("select key, owner, lease_until from idempotency_keys where state = 'in-progress' and lease_until < $1", [before]);
  const jobs = await db.query<{ id: string; kind: string; lease_owner: string; lease_until: string }>("select id, kind, lease_owner, lease_until from jobs where state = 'running' and lease_until < $1", [before]);
  const counted = await db.query<{ n: string }>("select (select count(*) from idempotency_keys) + (select count(*) from jobs) as n");
  const findings = [
    ...keys.rows.map((k) => `key ${k.key} still in progress under ${k.owner}, its lease ran out at ${new Date(Number(k.lease_until)).toISOString()}`),
    ...jobs.rows.map((j) => `job ${j.id} (${j.kind}) still running under ${j.lease_owner}, its lease ran out at ${new Date(Number(j.lease_until)).toISOString()}`),
  ];
  return verdict('no key or job held past its lease', Number(counted.rows[0]?.n ?? 0), findings);
}
