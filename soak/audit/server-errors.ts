// The answers' rule: while the database is away (a restart, its connections cut) a relay may
// answer 503 and nothing else of the 5xx family; at any other time no 5xx at all. A request that
// got no answer (a relay killed under it) is the client's network error, not an answer.

import type { FaultRecord } from '../faults.js';
import { verdict, type AuditInput, type Verdict } from './verdict.js';

/** After the database is back, pools reconnect and a request already waiting may still end in 503, ms. */
export const DATABASE_GRACE_MS = 5_000;

export function databaseAway(faults: readonly FaultRecord[]): Array<[number, number]> {
  return faults.filter((f) => f.kind === 'postgres-restart' || f.kind === 'postgres-terminate').map((f) => [f.start, f.end + DATABASE_GRACE_MS]);
}

export async function serverErrors({ samples, faults }: AuditInput): Promise<Verdict> {
  const away = databaseAway(faults);
  const findings: string[] = [];
  const nearest = (at: number): string => {
    const fault = [...faults].sort((a, b) => Math.abs(a.start - at) - Math.abs(b.start - at))[0];
    return fault ? `${fault.kind}${fault.target ? ` ${fault.target}` : ''} at ${new Date(fault.start).toISOString()}` : 'no fault';
  };
  let counted = 0;
  for (const s of samples) {
    if (s.status < 500) continue;
    counted += 1;
    const end = s.at + s.ms;
    const duringOutage = away.some(([from, to]) => end >= from && s.at <= to);
    if (s.status === 503 && duringOutage) continue;
    findings.push(`${s.kind} on ${s.relay} at ${new Date(s.at).toISOString()} (${s.ms} ms): ${s.status} ${s.code ?? ''} ${duringOutage ? 'during a database outage' : 'outside any database outage'}; nearest fault: ${nearest(s.at)}`);
  }
  return verdict('503 only while the database is away, no 5xx otherwise', samples.length, findings, `${counted} answers were 5xx`);
}
