// npm run bench:webhooks — webhook delivery on one relay with its embedded SQLite store, to a local
// receiver in a process of its own (bench/receiver-server.ts, answering 200 at once).
//
// 1. Deliveries per second: BENCH_DELIVERIES (default 5,000) events are queued for one endpoint,
//    then the relay's jobs runner delivers them (read, encrypt, send, record each attempt). The
//    baseline, in the same run: as many bare POSTs of a notification-sized body through the same
//    sender, as concurrent as the runner (what the network and the receiver allow at most).
//    Target: at least 1,000 deliveries/s.
// 2. Payments per second with webhooks on (the entity has an endpoint; the runner delivers while
//    payments arrive) against off (no endpoint), autocannon with 50 connections, in alternation,
//    BENCH_ROUNDS rounds. Target: with / without >= 0.8.

import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../server/src/app/build-app.js';
import { createContext } from '../server/src/app/create-context.js';
import { relayPlugins } from '../server/src/app/route-sets.js';
import type { AppContext } from '../server/src/app/context.js';
import { createEntity, createMerchant } from '../server/src/merchants/bootstrap.js';
import { defaultConfig } from '../server/src/config/config.js';
import { paymentEvent } from '../server/src/webhooks/events.js';
import { encryptNotification } from '../server/src/webhooks/cipher.js';
import { createWebhookSender } from '../server/src/webhooks/send.js';

const DELIVERIES = Number.parseInt(process.env.BENCH_DELIVERIES ?? '5000', 10);
const ROUNDS = Number.parseInt(process.env.BENCH_ROUNDS ?? '3', 10);
const DURATION_S = Number.parseInt(process.env.BENCH_SECONDS ?? '5', 10);
const CONNECTIONS = 50;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function receiver(): Promise<{ url: string; count(): Promise<number>; close(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./receiver-server.ts', import.meta.url))], { stdio: ['pipe', 'pipe', 'inherit'] });
  let text = '';
  const lines: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    let at: number;
    while ((at = text.indexOf('\n')) >= 0) {
      lines.push(text.slice(0, at));
      text = text.slice(at + 1);
    }
  });
  const nextLine = async (): Promise<string> => {
    for (;;) {
      const line = lines.shift();
      if (line !== undefined) return line;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  const url = (await nextLine()).replace(/^listening /, '');
  return {
    url,
    // The receiver answers "count" on its stdin with how many POSTs it has had.
    count: async () => {
      child.stdin.write('count\n');
      return Number(await nextLine());
    },
    close: async () => {
      const exit = once(child, 'exit');
      child.kill('SIGTERM');
      await exit;
    },
  };
}

async function relay(): Promise<{ ctx: AppContext; url: string; token: string; entityId: string; hooked: string; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'paywidgets-bench-webhooks-'));
  const config = { ...defaultConfig, dataDir, publicUrl: 'http://127.0.0.1', demoPort: 0, throttle: { ...defaultConfig.throttle, payments: 0 }, jobs: { ...defaultConfig.jobs, pollMs: 20 } };
  const ctx = await createContext(config);
  const sink = new Writable({ write: (_c, _e, done) => done() });
  const app = await buildApp(ctx, { logger: { stream: sink }, plugins: relayPlugins() });
  const { merchant, accessToken } = await createMerchant(ctx.store, { name: 'Bench' }, Date.now(), ctx.vault);
  const plain = await createEntity(ctx.store, { merchantId: merchant.id, name: 'Without webhooks', settings: {} }, Date.now());
  const hooked = await createEntity(ctx.store, { merchantId: merchant.id, name: 'With webhooks', settings: {} }, Date.now());
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    ctx,
    url,
    token: accessToken,
    entityId: plain.id,
    hooked: hooked.id,
    close: async () => {
      await app.close();
      await ctx.jobs.stop();
      await ctx.webhooks.close();
      await ctx.throttle.close();
      await ctx.store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const paymentBody = (entityId: string) =>
  new URLSearchParams({ entityId, amount: '92.00', currency: 'EUR', paymentBrand: 'VISA', paymentType: 'DB', 'card.number': '4200000000000000', 'card.holder': 'Jane Jones', 'card.expiryMonth': '05', 'card.expiryYear': '2034', 'card.cvv': '123', merchantTransactionId: 'order-12345678' }).toString();

async function paymentsPerSecond(url: string, token: string, entityId: string): Promise<number> {
  const options = { url: `${url}/v1/payments`, connections: CONNECTIONS, method: 'POST' as const, headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` }, body: paymentBody(entityId), workers: 1 };
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`payments failed: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const r = await relay();
const rx = await receiver();
try {
  const endpoint = await r.ctx.webhooks.create((await r.ctx.store.entities.find(r.hooked))!, { url: rx.url, eventTypes: [] });
  if (endpoint.endpoint.state !== 'active') throw new Error('the receiver did not acknowledge the activation');

  // 1. Deliveries per second.
  const answer = JSON.stringify({ id: '0'.repeat(32), paymentType: 'DB', amount: '92.00', currency: 'EUR', result: { code: '000.100.110', description: 'Request successfully processed' } });
  const now = r.ctx.clock.now();
  const events = Array.from({ length: DELIVERIES }, (_, i) => paymentEvent(r.ctx, 'paymentCreated', { id: `${i}`.padStart(32, '0'), entityId: r.hooked, referencedId: null, amount: 9200, currency: 'EUR' }, answer));
  for (let i = 0; i < events.length; i += 500) await r.ctx.store.webhooks.emit(events.slice(i, i + 500).map((e) => ({ ...e, createdAt: now })));
  const before = await rx.count();
  const started = performance.now();
  await r.ctx.jobs.start(silent);
  while ((await rx.count()) - before < DELIVERIES) await new Promise((resolve) => setTimeout(resolve, 20));
  // Sent is not yet recorded: wait for the runner to write the last attempts, too.
  for (;;) {
    const counts = await r.ctx.store.jobs.count('webhook-delivery');
    if (counts.queued + counts.running === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const deliveriesPerSecond = DELIVERIES / ((performance.now() - started) / 1000);

  const sender = createWebhookSender({ allowPrivate: true });
  const sealed = encryptNotification('0'.repeat(64), `{"type":"PAYMENT","action":"CREATED","payload":${events[0]?.payload ?? '{}'}}`);
  const bareStart = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: defaultConfig.jobs.concurrency }, async () => {
      while (next++ < DELIVERIES) await sender.send({ url: rx.url, headers: { 'X-Initialization-Vector': sealed.iv, 'X-Authentication-Tag': sealed.tag }, body: sealed.body });
    }),
  );
  const barePerSecond = DELIVERIES / ((performance.now() - bareStart) / 1000);
  sender.close();

  console.log(`\nwebhook deliveries, ${DELIVERIES} queued for one endpoint, one relay, SQLite, jobs concurrency ${defaultConfig.jobs.concurrency}\n`);
  console.log('| what | per second |');
  console.log('|---|---|');
  console.log(`| deliveries by the jobs runner (read, encrypt, send, record) | ${deliveriesPerSecond.toFixed(0)} |`);
  console.log(`| bare POSTs of the same body, same sender, same concurrency | ${barePerSecond.toFixed(0)} |`);
  console.log(`\ndeliveries/s: ${deliveriesPerSecond.toFixed(0)} (target >= 1000); share of the bare send rate: ${(deliveriesPerSecond / barePerSecond).toFixed(2)}`);

  // 2. Payments with webhooks on and off.
  const rows: { off: number; on: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const off = await paymentsPerSecond(r.url, r.token, r.entityId);
    const on = await paymentsPerSecond(r.url, r.token, r.hooked);
    rows.push({ off, on });
  }
  console.log(`\nDB payments, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s, the jobs runner delivering meanwhile\n`);
  console.log('| round | without webhooks req/s | with webhooks req/s | ratio |');
  console.log('|---|---|---|---|');
  rows.forEach((row, i) => console.log(`| ${i + 1} | ${row.off.toFixed(0)} | ${row.on.toFixed(0)} | ${(row.on / row.off).toFixed(2)} |`));
  const ratios = rows.map((row) => row.on / row.off).sort((a, b) => a - b);
  console.log(`\npayments with webhooks / without, median: ${(ratios[Math.floor(ratios.length / 2)] ?? Number.NaN).toFixed(2)} (target >= 0.8)`);
  const delivered = (await r.ctx.store.jobs.count('webhook-delivery')).done;
  console.log(`deliveries done by the end: ${delivered}`);
} finally {
  await rx.close();
  await r.close();
}
