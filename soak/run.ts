// One soak run, start to end: its own PostgreSQL and Redis, the relays, the receivers and their
// endpoints, the load and the faults side by side, a drain (the webhooks still owed are sent),
// then the audit and the figures. main.ts and the short test both run it.

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import pg from 'pg';
import { createEntity } from '../server/src/merchants/bootstrap.js';
import { openPostgresStore } from '../server/src/storage/index.js';
import { runAudit, type AuditReport } from './audit/index.js';
import { faultPlan, runFaults, type FaultRecord } from './faults.js';
import { computeFigures, type Figures } from './figures.js';
import { sampleMemory } from './memory.js';
import type { SoakOptions } from './options.js';
import { seededRandom } from './random.js';
import { startReceivers } from './receivers.js';
import { startRelays } from './relays.js';
import { startServices } from './services.js';
import { Merchant } from './traffic/client.js';
import { emptyLedger } from './traffic/ledger.js';
import { runLoad, type LoadStats } from './traffic/load.js';
import { registerEndpoints } from './webhook-endpoints.js';

export interface SoakResult {
  options: SoakOptions;
  faults: FaultRecord[];
  load: LoadStats;
  audit: AuditReport;
  figures: Figures;
}

/** How long the drain waits for the webhooks still owed once the load stops, ms. */
const DRAIN_MS = 60_000;

export async function runSoak(options: SoakOptions, log: (line: string) => void): Promise<SoakResult> {
  const durationMs = Math.round(options.minutes * 60_000);
  const random = seededRandom(options.seed);
  await mkdir(options.out, { recursive: true });
  const services = await startServices();
  log(`PostgreSQL ${services.databaseUrl}, Redis ${services.redisUrl}, folder ${services.folder}`);
  const cleanups: Array<() => Promise<unknown>> = [() => services.close()];
  const cleanUp = async (): Promise<void> => {
    for (const cleanup of cleanups.splice(0)) await cleanup().catch((error: unknown) => log(`cleanup: ${(error as Error).message}`));
  };
  // Ctrl-C mid-run: the relays, PostgreSQL and Redis are stopped, not left running on their ports.
  const interrupted = (): void => {
    log('interrupted: stopping the relays, PostgreSQL and Redis');
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const { relays, credentials } = await startRelays(options.relays, {
      dataDir: join(services.folder, 'data'),
      logDir: options.out,
      env: { DATABASE_URL: services.databaseUrl, REDIS_URL: services.redisUrl, REDIS_PREFIX: 'soak:' },
    });
    cleanups.unshift(() => Promise.all(relays.map((r) => r.terminate())));
    log(`${relays.length} relays: ${relays.map((r) => `${r.id} ${r.url}`).join(', ')}`);

    const store = await openPostgresStore(services.databaseUrl);
    const entity = await store.entities.find(credentials.entityId);
    if (!entity) throw new Error('the test channel is missing');
    const clockEntity = await createEntity(store, { merchantId: entity.merchantId, name: 'Soak clock channel', settings: {} }, Date.now());
    await store.close();

    const receivers = await startReceivers(Math.round(durationMs * 0.3));
    cleanups.unshift(() => Promise.all(receivers.map((r) => r.close())));
    const merchant = new Merchant(relays, credentials, `soak${options.seed}`);
    await registerEndpoints(merchant, credentials.entityId, receivers);
    log(`receivers: ${receivers.map((r) => r.name).join(', ')}`);

    const memory = sampleMemory(relays, 2_000);
    const ledger = emptyLedger();
    const shop = { merchant, ledger, random, entityId: credentials.entityId, clockEntityId: clockEntity.id };
    const runStart = Date.now();
    const plan = faultPlan(seededRandom(options.seed + 1), durationMs);
    log(`run ${options.minutes} min, ${options.rate} flows/s, seed ${options.seed}; faults at ${plan.map((p) => `${p.kind}+${Math.round(p.at / 1000)}s`).join(', ')}`);
    const [load, faults] = await Promise.all([runLoad(shop, options.rate, runStart + durationMs), runFaults(plan, { services, relays, receivers, log }, seededRandom(options.seed + 2), runStart)]);
    const loadEnd = Date.now();
    log(`load ended: ${load.started} flows (${load.failed} threw), ${merchant.samples.length} requests`);
    for (const error of load.errors) log(`  flow error: ${error}`);

    const db = new pg.Client({ connectionString: services.databaseUrl });
    await db.connect();
    cleanups.unshift(() => db.end());
    await drain(db, receivers, log);
    memory.stop();
    const audit = await runAudit({ db, ledger, samples: merchant.samples, faults, receivers, rss: memory.samples, relayIds: relays.map((r) => r.id), keyPrefix: merchant.runId, runStart, loadEnd, auditAt: Date.now() });
    const figures = computeFigures({ samples: merchant.samples, faults, runStart, loadEnd, db: await deliveryRows(db), rss: memory.samples, arrivals: Object.fromEntries(receivers.map((r) => [r.name, r.arrivals])) });
    return { options, faults, load, audit, figures };
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await cleanUp();
  }
}

/** Waits until no delivery is pending (retries after seconds, see relays.ts) or DRAIN_MS passed. */
async function drain(db: pg.Client, receivers: ReadonlyArray<{ failUntil: number }>, log: (line: string) => void): Promise<void> {
  const deadline = Date.now() + DRAIN_MS;
  // The failing receiver must have come back, or its deliveries could never end.
  const recovered = Math.max(...receivers.map((r) => r.failUntil));
  for (;;) {
    const { rows } = await db.query<{ n: string }>("select count(*) as n from webhook_deliveries where state = 'pending'");
    const pending = Number(rows[0]?.n ?? 0);
    if ((pending === 0 && Date.now() > recovered) || Date.now() > deadline) {
      log(`drain: ${pending} deliveries still pending`);
      return;
    }
    await pause(1_000);
  }
}

export interface DeliveryRow {
  created: number;
  delivered: number | null;
  state: string;
}

async function deliveryRows(db: pg.Client): Promise<DeliveryRow[]> {
  const { rows } = await db.query<{ created_at: string; delivered_at: string | null; state: string }>('select created_at, delivered_at, state from webhook_deliveries');
  return rows.map((r) => ({ created: Number(r.created_at), delivered: r.delivered_at === null ? null : Number(r.delivered_at), state: r.state }));
}
