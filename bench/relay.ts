// npm run bench:relay — DB payments with a test card through the real relay (embedded SQLite store,
// durable commits) against a bare Fastify route that parses the same form body and returns a
// payment-sized JSON, in a process of its own (bench/bare-server.ts). Both on this machine, 50
// connections each, one after the other. The load
// generator runs in a worker thread, on the other core: in the servers' own thread it would take
// the same share of every request on both sides and flatter the ratio.
// Prints req/s, p50 and p99 latency and the ratio relay/bare (budget: ratio >= 0.5, p99 < 20 ms),
// and each server's main-thread CPU per request with their ratio: what a payment costs against the
// bare route, whatever else the machine is doing.
// A shared virtual machine drifts by tens of percent within a minute, so the two are measured in
// alternation, ROUNDS times (BENCH_ROUNDS, default 3), and the ratio of each round is reported
// with their median: a drift then shows as spread between rounds instead of skewing one side.
// Then, to show where a payment's time goes, the same body through the relay's API pipeline on two
// bench-only routes: one that answers at once (authentication, strict body parsing, entity,
// throttle, envelope, log line) and one that also validates the parameters against the catalogue.
// BENCH_STAGES=0 skips them.
// The script runs with the relay's own V8 heap flags (`npm start`'s --max-semi-space-size), and the
// bare server is given the same ones: both sides run as they would in production.

import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { buildApp } from '../server/src/app/build-app.js';
import { createEntity, createMerchant } from '../server/src/merchants/bootstrap.js';
import { defaultConfig, loadConfig } from '../server/src/config/config.js';
import { registerApiRoute } from '../server/src/http/api-route.js';
import { relayPlugins } from '../server/src/app/route-sets.js';
import type { AppContext } from '../server/src/app/context.js';
import { createContext } from '../server/src/app/create-context.js';

const CONNECTIONS = 50;
/** The V8 heap flags this script runs with (package.json), passed on to the bare server. */
const heapFlags = process.execArgv.filter((flag) => /^--(max|min)-semi-space-size=/.test(flag));
const DURATION_S = Number.parseInt(process.env.BENCH_SECONDS ?? '6', 10);
const ROUNDS = Number.parseInt(process.env.BENCH_ROUNDS ?? '3', 10);
const WARMUP_S = 2;

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /**
   * Busy time of the servers' thread per request, µs (event-loop utilization): what a request costs
   * the server, steadier than req/s on a busy machine. The load generator's thread is not in it.
   */
  busyUs: number;
  /**
   * CPU time of the server's main thread per request, µs, as the kernel counts it (Linux): the same
   * measure for both servers, whichever process they run in, so their ratio is the cost of a
   * payment against the bare route's, steadier than their req/s when the machine drifts.
   */
  cpuUs: number;
}

const TICKS_PER_SECOND = 100;

/**
 * CPU time a process's main thread has used, µs (utime + stime of /proc/PID/task/PID/stat, in
 * clock ticks of 10 ms: fine over seconds of load); NaN where there is no /proc.
 */
function mainThreadCpuUs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces: utime, stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

async function measure(name: string, url: string, headers: Record<string, string>, body: string, serverPid: number): Promise<Figures> {
  const options = { url, connections: CONNECTIONS, method: 'POST' as const, headers, body, workers: 1 };
  await autocannon({ ...options, duration: WARMUP_S });
  const before = performance.eventLoopUtilization();
  const cpuBefore = mainThreadCpuUs(serverPid);
  const result = await autocannon({ ...options, duration: DURATION_S });
  const requests = Math.max(1, result.requests.total);
  const cpuUs = (mainThreadCpuUs(serverPid) - cpuBefore) / requests;
  const busyUs = (performance.eventLoopUtilization(before).active * 1000) / requests;
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx, busyUs, cpuUs };
}

/**
 * The bare route in a process of its own (bench/bare-server.ts), as a separate service would be:
 * its thread time is its own, so only its req/s and latency are compared.
 */
async function bareServer(): Promise<{ url: string; pid: number; close(): Promise<void> }> {
  const child = spawn(process.execPath, [...heapFlags, '--import', 'tsx', fileURLToPath(new URL('./bare-server.ts', import.meta.url))], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const line = /^listening (\S+)$/m.exec(text);
      if (line?.[1]) resolve(line[1]);
    });
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code}) before listening`)));
  });
  return {
    url,
    pid: child.pid ?? -1,
    close: async () => {
      const exit = once(child, 'exit');
      child.kill('SIGTERM');
      await exit;
    },
  };
}

/** The stage routes: the API pipeline answering a fixed body, without and with validation. */
function stageRoutes(ctx: AppContext) {
  const answer = async () => ({ kind: 'ok' as const, body: { id: '0'.repeat(32), result: { code: '000.100.110' } } });
  return async (app: FastifyInstance) => {
    registerApiRoute(app, ctx, { method: 'POST', url: '/bench/pipeline', operation: null, throttle: 'payments', run: answer });
    registerApiRoute(app, ctx, { method: 'POST', url: '/bench/validated', operation: 'payment', throttle: 'payments', run: answer });
  };
}

async function relayServer(): Promise<{ url: string; token: string; entityId: string; throttle: string; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'paywidgets-bench-'));
  // The payments limit lifted (THROTTLE_PAYMENTS=0 unless set): the bench measures the relay, not
  // the limit. A limit too high to reach (THROTTLE_PAYMENTS=1000000) measures the counting too, in
  // process or, with REDIS_URL, in Redis.
  const fromEnv = loadConfig({ THROTTLE_PAYMENTS: '0', ...process.env });
  const config = {
    ...defaultConfig,
    dataDir,
    publicUrl: 'http://127.0.0.1',
    demoPort: 0,
    logLevel: 'info',
    throttle: fromEnv.throttle,
    redisUrl: fromEnv.redisUrl,
    redisPrefix: fromEnv.redisPrefix,
    // DATABASE_URL measures the relay on PostgreSQL (a database of its own: the bench writes to it).
    databaseUrl: fromEnv.databaseUrl,
    // METRICS_TOKEN (or METRICS_PORT) measures the relay with its metrics on: every answer counted and timed.
    metrics: fromEnv.metrics,
  };
  const ctx = await createContext(config);
  // The production logger, writing to a sink: its cost is part of the figure.
  const sink = new Writable({ write: (_c, _e, done) => done() });
  const app = await buildApp(ctx, { logger: { stream: sink }, plugins: [...relayPlugins(), stageRoutes(ctx)] });
  const { merchant, accessToken } = await createMerchant(ctx.store, { name: 'Bench' }, Date.now(), ctx.vault);
  const entity = await createEntity(ctx.store, { merchantId: merchant.id, name: 'Bench', settings: {} }, Date.now());
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    token: accessToken,
    entityId: entity.id,
    throttle: `payments limit ${config.throttle.payments === 0 ? '0 (no limit)' : config.throttle.payments}, counted ${config.redisUrl ? 'in Redis' : 'in process'}; metrics ${ctx.prometheus ? 'on' : 'off'}`,
    close: async () => {
      await app.close();
      await ctx.throttle.close();
      await ctx.store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function body(entityId: string): string {
  return new URLSearchParams({
    entityId,
    amount: '92.00',
    currency: 'EUR',
    paymentBrand: 'VISA',
    paymentType: 'DB',
    'card.number': '4200000000000000',
    'card.holder': 'Jane Jones',
    'card.expiryMonth': '05',
    'card.expiryYear': '2034',
    'card.cvv': '123',
    merchantTransactionId: 'order-12345678',
    'customer.givenName': 'Jane',
    'customer.surname': 'Jones',
    'customer.email': 'jane@example.com',
    'customer.ip': '192.0.2.10',
    'billing.street1': 'Main Street 1',
    'billing.city': 'Berlin',
    'billing.postcode': '10115',
    'billing.country': 'DE',
    'shipping.street1': 'Main Street 1',
    'shipping.city': 'Berlin',
    'shipping.postcode': '10115',
    'shipping.country': 'DE',
    'customParameters[SHOPPER_note]': 'bench',
    testMode: 'INTERNAL',
  }).toString();
}

/** The size of one answer's body, to show the bare route answers as much as the relay. */
async function answerBytes(url: string, headers: Record<string, string>, payload: string): Promise<number> {
  const res = await fetch(url, { method: 'POST', headers, body: payload });
  return (await res.arrayBuffer()).byteLength;
}

const headersFor = (token?: string) => ({ 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', ...(token ? { authorization: `Bearer ${token}` } : {}) });

const relay = await relayServer();
const bare = await bareServer();
try {
  const payload = body(relay.entityId);
  // BENCH_ONLY=relay or =bare measures one side (for profiling); the ratio needs both.
  const only = process.env.BENCH_ONLY;
  const none: Figures = { name: 'not measured', rps: Number.NaN, p50: Number.NaN, p99: Number.NaN, errors: 0, non2xx: 0, busyUs: Number.NaN, cpuUs: Number.NaN };
  const rounds: { bare: Figures; relay: Figures }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bareRound = only === 'relay' ? none : await measure('bare Fastify route', `${bare.url}/v1/payments`, headersFor(), payload, bare.pid);
    const relayRound = only === 'bare' ? none : await measure('relay DB payment', `${relay.url}/v1/payments`, headersFor(relay.token), payload, process.pid);
    rounds.push({ bare: bareRound, relay: relayRound });
  }
  console.log(`\nPOST /v1/payments, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s each (after ${WARMUP_S} s warm-up), ${payload.split('&').length} parameters`);
  console.log(`throttle: ${relay.throttle}; V8 heap flags of both servers: ${heapFlags.join(' ') || 'none'}`);
  console.log(`answer bytes: bare ${await answerBytes(`${bare.url}/v1/payments`, headersFor(), payload)}, relay ${await answerBytes(`${relay.url}/v1/payments`, headersFor(relay.token), payload)}\n`);
  console.log('| round | server | req/s | p50 ms | p99 ms | server µs/req | thread CPU µs/req | errors | non-2xx | ratio | CPU ratio |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  rounds.forEach(({ bare: b, relay: r }, i) => {
    const ratio = (r.rps / b.rps).toFixed(2);
    const cpuRatio = (b.cpuUs / r.cpuUs).toFixed(2);
    for (const f of [b, r]) console.log(`| ${i + 1} | ${f.name} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f === b ? '(own process)' : f.busyUs.toFixed(0)} | ${f.cpuUs.toFixed(0)} | ${f.errors} | ${f.non2xx} | ${f === r ? ratio : ''} | ${f === r ? cpuRatio : ''} |`);
  });
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  const ratio = median(rounds.map((r) => r.relay.rps / r.bare.rps));
  const relayP99 = median(rounds.map((r) => r.relay.p99));
  const cpuRatio = median(rounds.map((r) => r.bare.cpuUs / r.relay.cpuUs));
  console.log(`\nratio relay/bare, median of ${ROUNDS} rounds: ${ratio.toFixed(2)} (budget >= 0.5); relay p99, median: ${relayP99} ms (budget < 20 ms)`);
  // What the ratio would be with each server's main thread alone on a core: its cost against the bare route's.
  console.log(`CPU ratio, bare thread CPU per request / relay's, median: ${cpuRatio.toFixed(2)}`);
  const last = rounds[rounds.length - 1];
  const bareFigures = last?.bare ?? none;
  const relayFigures = last?.relay ?? none;
  if (!only && process.env.BENCH_STAGES !== '0') {
    const stages = [
      await measure('relay API pipeline, fixed answer', `${relay.url}/bench/pipeline`, headersFor(relay.token), payload, process.pid),
      await measure('relay API pipeline + validation', `${relay.url}/bench/validated`, headersFor(relay.token), payload, process.pid),
    ];
    console.log('\nWhere the time goes (server µs/req: busy time of the servers\' thread per request):\n');
    console.log('| route | req/s | p50 ms | p99 ms | server µs/req | thread CPU µs/req |');
    console.log('|---|---|---|---|---|---|');
    for (const f of [bareFigures, ...stages, relayFigures]) console.log(`| ${f.name} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f === bareFigures ? '(own process)' : f.busyUs.toFixed(0)} | ${f.cpuUs.toFixed(0)} |`);
  }
} finally {
  await relay.close();
  await bare.close();
}
