// Every setting of the relay in one object, with its default and unit. Read once from the
// environment by loadConfig(); tests build a Config with overrides instead of touching process.env.

import { failpointsFrom, type Failpoint } from './failpoint.js';
import { trustProxyFrom, type TrustProxy } from './trust-proxy.js';

export interface Config {
  /** TCP port of the relay. */
  port: number;
  /** Address to listen on. */
  host: string;
  /**
   * Origin the relay is reached at by browsers and merchants: redirect URLs, and the origin the
   * card frame's submit must come from.
   */
  publicUrl: string;
  /** Proxies whose X-Forwarded-* headers are believed (trust-proxy.ts); false = none. */
  trustProxy: TrustProxy;
  /** TCP port of the demo shop (a second origin); 0 disables it. */
  demoPort: number;
  /** Folder of the embedded SQLite store, the test merchant file and the card key. */
  dataDir: string;
  /** postgres://… switches the store to PostgreSQL; empty = SQLite under dataDir. */
  databaseUrl: string;
  /** 64 hex chars (32 bytes): key that encrypts stored card numbers; empty = read/create DATA_DIR/card-key. */
  cardKeyHex: string;
  /** Test vs live flavour of ids (checkout id suffix); the simulator is used in both here. */
  environment: 'test' | 'live';
  /** Build identifier returned as buildNumber. */
  buildNumber: string;
  /** Largest accepted request body, bytes. */
  bodyLimitBytes: number;
  /** Most parameters accepted in one form body. */
  maxParameters: number;
  /** Reversal cut-off after the referenced payment, milliseconds (72 hours). */
  reversalCutoffMs: number;
  /** An Idempotency-Key is kept, and replays its answer, this long; then it is unused again, ms (24 hours). */
  idempotencyTtlMs: number;
  /** Per-entity throttling: operations allowed per window. */
  throttle: { windowMs: number; payments: number; followUps: number; registrations: number; checkouts: number; reads: number };
  /** Checkout lifetime, milliseconds (30 minutes). */
  checkoutTtlMs: number;
  /** Declines after which a checkout locks (card testing, L8). */
  checkoutMaxDeclines: number;
  /** Status reads allowed per checkout per minute. */
  checkoutStatusReadsPerMinute: number;
  /** Log level of pino. */
  logLevel: string;
  /** Crash tests only (failpoint.ts): points where the process kills itself. Empty in production. */
  failpoints: ReadonlySet<Failpoint>;
}

export const defaultConfig: Config = {
  port: 8080,
  host: '0.0.0.0',
  publicUrl: '',
  trustProxy: false,
  demoPort: 8081,
  dataDir: './data',
  databaseUrl: '',
  cardKeyHex: '',
  environment: 'test',
  buildNumber: 'paywidgets-0.1.0',
  bodyLimitBytes: 256 * 1024, // 256 KiB: a full cart of 1000 items fits
  maxParameters: 4000,
  reversalCutoffMs: 72 * 60 * 60 * 1000,
  idempotencyTtlMs: 24 * 60 * 60 * 1000,
  throttle: { windowMs: 1000, payments: 200, followUps: 200, registrations: 100, checkouts: 200, reads: 400 },
  checkoutTtlMs: 30 * 60 * 1000,
  checkoutMaxDeclines: 5,
  checkoutStatusReadsPerMinute: 2,
  logLevel: 'info',
  failpoints: new Set(),
};

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a whole number, got ${JSON.stringify(raw)}`);
  return Number.parseInt(raw, 10);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFrom(env, 'PORT', defaultConfig.port);
  const environment = env.RELAY_ENVIRONMENT === 'live' ? 'live' : 'test';
  return {
    ...defaultConfig,
    port,
    host: env.HOST ?? defaultConfig.host,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    demoPort: intFrom(env, 'DEMO_PORT', defaultConfig.demoPort),
    dataDir: env.DATA_DIR ?? defaultConfig.dataDir,
    databaseUrl: env.DATABASE_URL ?? '',
    cardKeyHex: env.CARD_KEY ?? '',
    environment,
    logLevel: env.LOG_LEVEL ?? defaultConfig.logLevel,
    checkoutMaxDeclines: intFrom(env, 'CHECKOUT_MAX_DECLINES', defaultConfig.checkoutMaxDeclines),
    idempotencyTtlMs: intFrom(env, 'IDEMPOTENCY_TTL_HOURS', defaultConfig.idempotencyTtlMs / 3_600_000) * 3_600_000,
    failpoints: failpointsFrom(env.RELAY_FAILPOINTS),
  };
}
