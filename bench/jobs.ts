// npm run bench:jobs — jobs run per second by two real relay processes on one store, on SQLite (one
// file) and on PostgreSQL (one database; skipped with a message when it is unreachable). Each
// relay runs the `probe` job kind (it appends a line to /dev/null: the handler costs next to
// nothing, so the figure is the runner's and the database's). The jobs are queued due a moment
// later, so the clock starts when the relays may start on them and stops when the last is done.
//
// Baseline, in the same run and on the same database once the relays are stopped: the store's own
// claim-and-complete loop, two of them in this process, with no handler and no relay around them.
// The ratio relays/baseline is what the runner costs beyond its SQL.
//
// BENCH_JOBS (default 20000) jobs per measure.

import { performance } from 'node:perf_hooks';
import { setTimeout as pause } from 'node:timers/promises';
import { postgresUnreachable, startCluster, type RelayCluster } from '../e2e/support/relay-cluster.js';
import { jobRecord } from '../server/src/domain/job.js';
import { JOB_KINDS } from '../server/src/app/job-kinds.js';
import type { Store } from '../server/src/storage/store.js';

const JOBS = Number.parseInt(process.env.BENCH_JOBS ?? '20000', 10);
/** Jobs are due this long after queueing starts: every one is written before any runs, ms. */
const START_DELAY_MS = 5_000;
const LEASE_MS = 60_000;

const probes = (kind: string, count: number, runAt: number) => Array.from({ length: count }, (_, i) => jobRecord({ kind, payload: { i }, runAt }, runAt, 5));

async function enqueueAll(store: Store, kind: string, runAt: number): Promise<void> {
  const jobs = probes(kind, JOBS, runAt);
  for (let i = 0; i < jobs.length; i += 5_000) await store.jobs.enqueue(jobs.slice(i, i + 5_000));
}

/** Jobs/s of the relays: from the moment the jobs are due until the last is done. */
async function relaysRate(cluster: RelayCluster, store: Store): Promise<number> {
  const before = (await store.jobs.count(JOB_KINDS.probe)).done;
  const due = Date.now() + START_DELAY_MS;
  await enqueueAll(store, JOB_KINDS.probe, due);
  await pause(Math.max(0, due - Date.now()));
  // On a busy machine queueing may outlast the delay: then only what is left is timed.
  const doneAtStart = (await store.jobs.count(JOB_KINDS.probe)).done - before;
  if (doneAtStart > JOBS / 2) throw new Error(`the relays ran ${doneAtStart} jobs while they were being queued; raise BENCH_JOBS`);
  const start = performance.now();
  for (;;) {
    const done = (await store.jobs.count(JOB_KINDS.probe)).done - before;
    if (done >= JOBS) break;
    await pause(20);
  }
  return (JOBS - doneAtStart) / ((performance.now() - start) / 1000);
}

/** Jobs/s of two bare claim-and-complete loops on the store (no relay running). */
async function baselineRate(store: Store): Promise<number> {
  const kind = 'bench-floor';
  const now = Date.now();
  await enqueueAll(store, kind, now);
  const start = performance.now();
  const loop = async (owner: string) => {
    for (;;) {
      const t = Date.now();
      const claimed = await store.jobs.claim(owner, t, t + LEASE_MS, 100);
      if (claimed.length === 0) return;
      await store.jobs.complete(owner, claimed.map((j) => j.id), Date.now());
    }
  };
  await Promise.all([loop('floor-a'), loop('floor-b')]);
  return JOBS / ((performance.now() - start) / 1000);
}

async function bench(kind: 'sqlite' | 'postgres'): Promise<void> {
  const cluster = await startCluster(kind, 2, { RELAY_JOB_PROBE_LOG: '/dev/null', JOBS_POLL_MS: '20', LOG_LEVEL: 'warn' });
  try {
    const store = await cluster.openStore();
    const relays = await relaysRate(cluster, store);
    for (const relay of cluster.relays) await relay.stop();
    const floor = await baselineRate(store);
    const label = kind === 'postgres' ? 'PostgreSQL' : 'SQLite    ';
    console.log(`${label}  two relays: ${Math.round(relays).toLocaleString('en')} jobs/s   bare claim+complete loops: ${Math.round(floor).toLocaleString('en')} jobs/s   ratio ${(relays / floor).toFixed(2)}`);
  } finally {
    await cluster.close();
  }
}

console.log(`bench:jobs — ${JOBS.toLocaleString('en')} jobs per measure, two relay processes on one store`);
await bench('sqlite');
const reason = await postgresUnreachable();
if (reason === undefined) await bench('postgres');
else console.log(`PostgreSQL  skipped: unreachable (${reason})`);
