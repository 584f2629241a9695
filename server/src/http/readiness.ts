// Readiness: whether a load balancer should send this relay traffic. Parts of the relay register
// checks into HttpContext.readiness; GET /ready runs them all, in parallel, each bounded by a
// timeout, so a check that hangs (a database that black-holes packets) still gives an answer.

import { outageReason } from '../storage/outage.js';
import type { Store } from '../storage/store.js';

export interface ReadinessCheck {
  name: string;
  /** true when ready; a string says why not. Throwing counts as not ready, with the error as reason. */
  check(): Promise<true | string>;
}

export interface ReadinessReport {
  ready: boolean;
  /** Every check by name: "ok" or the reason it failed. */
  checks: Record<string, string>;
}

async function bounded(check: ReadinessCheck, timeoutMs: number): Promise<true | string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs);
  });
  try {
    return await Promise.race([check.check().catch((error: unknown) => outageReason(error)), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(checks: readonly ReadinessCheck[], timeoutMs: number): Promise<ReadinessReport> {
  const results = await Promise.all(checks.map((check) => bounded(check, timeoutMs)));
  const report: ReadinessReport = { ready: true, checks: {} };
  checks.forEach((check, i) => {
    const result = results[i];
    report.checks[check.name] = result === true ? 'ok' : String(result);
    if (result !== true) report.ready = false;
  });
  return report;
}

/** The store's own checks: the database answers, and its schema is the one this code expects. */
export function storeReadiness(store: Store): ReadinessCheck[] {
  return [
    {
      name: 'database',
      check: async () => {
        await store.ping();
        return true;
      },
    },
    {
      name: 'migrations',
      check: async () => {
        const pending = await store.pendingMigrations();
        return pending.length === 0 ? true : `not applied: ${pending.join(', ')}`;
      },
    },
  ];
}
