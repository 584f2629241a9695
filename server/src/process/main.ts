// The relay process: configuration, logging, the test merchant on an empty store, listening, the
// demo shop on a second origin, the jobs runner, and a clean shutdown (shutdown.ts). Everything
// else lives in app/.

import { buildApp } from '../app/build-app.js';
import { ensureTestMerchant } from '../merchants/bootstrap.js';
import { loadConfig } from '../config/config.js';
import { resolveInDoubtRequests } from '../jobs/in-doubt.js';
import { startDemoShop } from '../demo/index.js';
import { relayPlugins } from '../app/route-sets.js';
import { createContext } from '../app/create-context.js';
import { exitOnSignals } from './shutdown.js';
import { BACKOFFICE_DIST_DIR, buildBackofficeApp } from '../backoffice/app.js';
import { startMetricsServer } from '../metrics/metrics-server.js';

const config = loadConfig();
const ctx = await createContext(config);
const app = await buildApp(ctx, { logger: true, plugins: relayPlugins() });
// From here on a SIGTERM stops cleanly; closers registered later are still run.
exitOnSignals(app, ctx);

const merchant = await ensureTestMerchant(ctx.store, config, ctx.clock.now(), ctx.vault);
if (merchant.created && merchant.credentials) {
  app.log.info(`test merchant created; credentials written to ${config.dataDir}/test-merchant.json`);
  process.stdout.write(`\nTest merchant credentials (also in ${config.dataDir}/test-merchant.json):\n${JSON.stringify(merchant.credentials, null, 2)}\n\n`);
}

// Before this relay claims any key: its own claims from before a restart, and any whose lease ran
// out, were left by a crash. Claims of other live relays are theirs; the in-doubt job takes them
// once their leases expire.
await resolveInDoubtRequests(ctx, app.log, 'at-start-up');
await app.listen({ port: config.port, host: config.host });
if (config.databaseUrl !== '' && config.redisUrl === '') {
  // Relays sharing a database usually run side by side; each would let through the whole limit.
  app.log.warn('DATABASE_URL is set but REDIS_URL is not: this relay throttles alone; relays on one database let through their limits added up');
}
if (ctx.prometheus && config.metrics.port > 0) {
  // A listener of its own for Prometheus (docs/metrics.md), on loopback unless METRICS_HOST says otherwise.
  const metricsServer = await startMetricsServer(ctx.prometheus, ctx.store, config.metrics);
  ctx.closers.push({ name: 'metrics listener', close: () => metricsServer.close() });
  app.log.info({ url: `${metricsServer.url}/metrics` }, 'metrics served');
}
if (config.jobs.enabled) {
  await ctx.jobs.start(app.log);
  // A relay that runs jobs is ready only while its runner keeps finishing rounds.
  ctx.readiness.push({ name: 'jobs runner', check: async () => (ctx.jobs.alive() ? true : 'the jobs runner has stopped finishing rounds') });
}

if (config.backofficePort > 0) {
  // Its own port, so its own origin: the card fields' origin and the back office's share nothing.
  const backoffice = await buildBackofficeApp(ctx, { distDir: BACKOFFICE_DIST_DIR, logger: app.log.child({ part: 'backoffice' }), publicUrl: config.backofficePublicUrl });
  await backoffice.listen({ port: config.backofficePort, host: config.host });
  // Closed before the store it reads, after the relay stopped taking requests.
  ctx.closers.push({ name: 'back office', close: () => backoffice.close() });
  process.stdout.write(`Back office: ${config.backofficePublicUrl}${merchant.credentials ? `  (sign in as ${merchant.credentials.backOffice.email}, password in ${config.dataDir}/test-merchant.json)` : ''}\n`);
}

if (config.demoPort > 0) {
  const credentials = await readTestMerchant(config.dataDir);
  if (credentials) {
    const demo = await startDemoShop({ port: config.demoPort, host: config.host, relayUrl: config.publicUrl, credentials, logger: app.log });
    // Registered last, so closed first: it is a client of this relay, not something it depends on.
    ctx.closers.push({ name: 'demo shop', close: () => demo.close() });
    process.stdout.write(`Demo shop: ${demo.url}  (pay with 4200000000000000, any future expiry, CVV 123)\n`);
  } else {
    app.log.warn('demo shop not started: no test-merchant.json in the data folder');
  }
}

async function readTestMerchant(dataDir: string) {
  const { readFile } = await import('node:fs/promises');
  try {
    return JSON.parse(await readFile(`${dataDir}/test-merchant.json`, 'utf8')) as { entityId: string; accessToken: string; webhookSecret?: string };
  } catch {
    return undefined;
  }
}
