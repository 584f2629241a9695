// The relay process: configuration, logging, the test merchant on an empty store, listening, the
// demo shop on a second origin, and a graceful shutdown. Everything else lives in app.ts.

import { buildApp } from '../app/build-app.js';
import { ensureTestMerchant } from '../merchants/bootstrap.js';
import { loadConfig } from './config.js';
import { startHousekeeping } from '../jobs/housekeeping.js';
import { resolveInDoubtRequests } from '../jobs/in-doubt.js';
import { startDemoShop, type DemoShop } from '../demo/index.js';
import { relayPlugins } from '../app/route-sets.js';
import { createContext } from '../app/create-context.js';

const config = loadConfig();
const ctx = await createContext(config);
const app = await buildApp(ctx, { logger: true, plugins: relayPlugins() });

const merchant = await ensureTestMerchant(ctx.store, config, ctx.clock.now(), ctx.vault);
if (merchant.created && merchant.credentials) {
  app.log.info(`test merchant created; credentials written to ${config.dataDir}/test-merchant.json`);
  process.stdout.write(`\nTest merchant credentials (also in ${config.dataDir}/test-merchant.json):\n${JSON.stringify(merchant.credentials, null, 2)}\n\n`);
}

// Before any request can claim a key: every claim in progress now was left by a crash.
await resolveInDoubtRequests(ctx, app.log);
await app.listen({ port: config.port, host: config.host });
const housekeeping = startHousekeeping(ctx, app.log);

let demo: DemoShop | undefined;
if (config.demoPort > 0) {
  const credentials = await readTestMerchant(config.dataDir);
  if (credentials) {
    demo = await startDemoShop({ port: config.demoPort, host: config.host, relayUrl: config.publicUrl, credentials, logger: app.log });
    process.stdout.write(`Demo shop: ${demo.url}  (pay with 4200000000000000, any future expiry, CVV 123)\n`);
  } else {
    app.log.warn('demo shop not started: no test-merchant.json in the data folder');
  }
}

async function readTestMerchant(dataDir: string) {
  const { readFile } = await import('node:fs/promises');
  try {
    return JSON.parse(await readFile(`${dataDir}/test-merchant.json`, 'utf8')) as { entityId: string; accessToken: string };
  } catch {
    return undefined;
  }
}

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received, closing`);
  await demo?.close();
  await app.close();
  await housekeeping.stop();
  await ctx.store.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
