// Every setting of the relay in one object, with its default and unit. Read once from the
// environment by loadConfig(); tests build a Config with overrides instead of touching process.env.

import { hostname } from 'node:os';
import { failpointsFrom, type Failpoint } from './failpoint.js';
import type { ThrottledOperation } from '../domain/records.js';

export type LogFormat = 'json' | 'pretty';
import { trustProxyFrom, type TrustProxy } from './trust-proxy.js';
import { parseRetryLadder } from '../domain/retry-ladder.js';
import { defaultReportsConfig, reportsConfigFrom, type ReportsConfig } from './reports.js';

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
  /**
   * Origin the back office is reached at by its people (its own origin, never the card fields'):
   * the links of invitations point there.
   */
  backofficePublicUrl: string;
  /** TCP port of the back office (its own origin, never the relay's); 0 disables it. */
  backofficePort: number;
  /** TCP port of the demo shop (a second origin); 0 disables it. */
  demoPort: number;
  /** Folder of the embedded SQLite store, the test merchant file and the card key. */
  dataDir: string;
  /** postgres://… switches the store to PostgreSQL; empty = SQLite under dataDir. */
  databaseUrl: string;
  /** 64 hex chars (32 bytes): key that encrypts stored card numbers; empty = read/create DATA_DIR/card-key. */
  cardKeyHex: string;
  /** More card keys, "id:hex,id:hex" (CARD_KEYS), for hosts that get them from a secret manager (crypto/keyring.ts). */
  cardKeysText: string;
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
  /**
   * Business days after issue until the simulator confirms a voucher slip, by brand; a brand not
   * named takes its default (vouchers/brands.ts: BOLETO 2, OXXO 1, BALOTO 1).
   * VOUCHER_CONFIRM_BUSINESS_DAYS: one number for every brand, or "BOLETO=3,OXXO=1".
   */
  voucherConfirmBusinessDays: Partial<Record<'BOLETO' | 'OXXO' | 'BALOTO', number>>;
  /** An Idempotency-Key is kept, and replays its answer, this long; then it is unused again, ms (24 hours). */
  idempotencyTtlMs: number;
  /** Per-entity throttling: operations allowed per window (one second) per entity; 0 = no limit. */
  throttle: { windowMs: number } & Record<ThrottledOperation, number>;
  /** redis://… counts the throttle in Redis, shared by every relay process; empty = in this process. */
  redisUrl: string;
  /** Prefix of every key the relay writes to Redis. */
  redisPrefix: string;
  /** Checkout lifetime, milliseconds (30 minutes). */
  checkoutTtlMs: number;
  /**
   * A redirect payment (online transfer, PayPal, virtual account) the shopper never comes back
   * from expires as declined after this long, ms (REDIRECT_EXPIRY_MINUTES, 30: a checkout's life).
   */
  redirectExpiryMs: number;
  /** Declines after which a checkout locks (card testing, L8). */
  checkoutMaxDeclines: number;
  /** Status reads allowed per checkout per minute. */
  checkoutStatusReadsPerMinute: number;
  /** Log level of pino. */
  logLevel: string;
  /** JSON lines for machines, or readable lines (pino-pretty) for a person at a terminal. */
  logFormat: LogFormat;
  /** PostgreSQL: how long to wait for a connection, then for a query's answer, ms (an outage answers 503, never hangs). */
  databaseConnectTimeoutMs: number;
  databaseQueryTimeoutMs: number;
  /** GET /ready: the longest any readiness check may take before it counts as failed, ms. */
  readyTimeoutMs: number;
  /** SIGTERM: how long in-flight requests may still take before their connections are closed, ms. */
  shutdownGraceMs: number;
  /** Crash tests only (failpoint.ts): points where the process kills itself. Empty in production. */
  failpoints: ReadonlySet<Failpoint>;
  /**
   * This relay's name among the relays sharing a store: it owns idempotency claims and job leases
   * under it. Unique per running relay; the same after a restart, so a restarted relay takes back
   * at once what it held (default: host name and port).
   */
  relayId: string;
  /** An idempotency claim is its relay's for this long; then another relay may resolve it, ms. */
  claimLeaseMs: number;
  /** The jobs runner (jobs/runner.ts). */
  jobs: JobsConfig;
  /** Tests only: a file the `probe` job kind appends "jobId relayId" lines to; empty = no such kind. */
  jobProbeLog: string;
  /** Webhook delivery (webhooks/). */
  webhooks: WebhooksConfig;
  /** Reports, settlement, the reconciliation file and currency quotes (reports.ts). */
  reports: ReportsConfig;
  /** Prometheus metrics (docs/metrics.md): off unless a port or a token is set. */
  metrics: MetricsConfig;
}

export interface MetricsConfig {
  /** TCP port of a listener of its own that serves only GET /metrics; 0 = none. */
  port: number;
  /** Address that listener binds to: loopback unless the operator says otherwise. */
  host: string;
  /** Bearer token that opens GET /metrics on the relay's own port; empty = not served there. */
  token: string;
}

export interface WebhooksConfig {
  /** An attempt must be answered 2xx within this long, connection included, ms. */
  timeoutMs: number;
  /** The waits after each failed attempt, the last one repeating (domain/retry-ladder.ts). */
  retrySteps: string;
  /** Attempts stop this long after the first one; the delivery is then failed. */
  retryMaxAge: string;
  /** Spread each wait by up to ±10% (off in tests that check the exact times). */
  jitter: boolean;
  /** Deliveries one endpoint may have in flight from one relay. */
  endpointConcurrency: number;
  /**
   * Deliver to loopback and private addresses. Off by default in the live environment (an endpoint
   * must not reach into the relay's network); on in test, where receivers run on the same machine.
   */
  allowPrivate: boolean;
}

export interface JobsConfig {
  /** Run jobs in this process; off for a relay that should only answer requests. */
  enabled: boolean;
  /** How often an idle runner looks for due jobs, ms. */
  pollMs: number;
  /** A claimed job is its runner's for this long; then another runner may claim it again, ms. */
  leaseMs: number;
  /** Jobs claimed at once by one runner. */
  batchSize: number;
  /** Jobs of one batch run at the same time. */
  concurrency: number;
  /** Tries before a job is kept as failed. */
  maxAttempts: number;
  /** The first retry waits this long; each next one twice as long, ms. */
  retryBaseMs: number;
  /** No retry waits longer than this, ms. */
  retryMaxMs: number;
  /** Finished jobs are forgotten after this long, ms. */
  keepFinishedMs: number;
  /** How often housekeeping and the in-doubt resolution run, ms. */
  housekeepingEveryMs: number;
  inDoubtEveryMs: number;
}

export const defaultConfig: Config = {
  port: 8080,
  host: '0.0.0.0',
  publicUrl: '',
  trustProxy: false,
  backofficePublicUrl: 'http://localhost:8082',
  backofficePort: 8082,
  demoPort: 8081,
  dataDir: './data',
  databaseUrl: '',
  cardKeyHex: '',
  cardKeysText: '',
  environment: 'test',
  buildNumber: 'paywidgets-0.1.0',
  bodyLimitBytes: 256 * 1024, // 256 KiB: a full cart of 1000 items fits
  maxParameters: 4000,
  reversalCutoffMs: 72 * 60 * 60 * 1000,
  voucherConfirmBusinessDays: {},
  idempotencyTtlMs: 24 * 60 * 60 * 1000,
  throttle: { windowMs: 1000, payments: 200, followUps: 200, registrations: 100, checkouts: 200, reads: 400 },
  redisUrl: '',
  redisPrefix: 'paywidgets:',
  checkoutTtlMs: 30 * 60 * 1000,
  redirectExpiryMs: 30 * 60 * 1000,
  checkoutMaxDeclines: 5,
  checkoutStatusReadsPerMinute: 2,
  logLevel: 'info',
  logFormat: 'json',
  databaseConnectTimeoutMs: 5_000,
  databaseQueryTimeoutMs: 15_000,
  readyTimeoutMs: 2_000,
  shutdownGraceMs: 8_000,
  failpoints: new Set(),
  relayId: 'relay',
  jobProbeLog: '',
  claimLeaseMs: 2 * 60 * 1000,
  jobs: {
    enabled: true,
    pollMs: 250,
    leaseMs: 60_000,
    batchSize: 100,
    concurrency: 64,
    maxAttempts: 10,
    retryBaseMs: 1_000,
    retryMaxMs: 60 * 60 * 1000,
    keepFinishedMs: 7 * 24 * 60 * 60 * 1000,
    housekeepingEveryMs: 10 * 60 * 1000,
    inDoubtEveryMs: 30_000,
  },
  reports: defaultReportsConfig,
  metrics: { port: 0, host: '127.0.0.1', token: '' },
  webhooks: {
    timeoutMs: 10_000,
    retrySteps: '1m,2m,4m,8m,15m,30m,1h,1d',
    retryMaxAge: '30d',
    jitter: true,
    endpointConcurrency: 16,
    allowPrivate: true,
  },
};

function flagFrom(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1' || raw === 'on') return true;
  if (raw === 'false' || raw === '0' || raw === 'off') return false;
  throw new Error(`${name} must be true or false, got ${JSON.stringify(raw)}`);
}

function webhooksFrom(env: NodeJS.ProcessEnv, environment: Config['environment']): WebhooksConfig {
  const webhooks: WebhooksConfig = {
    timeoutMs: positive(env, 'WEBHOOK_TIMEOUT_MS', defaultConfig.webhooks.timeoutMs),
    retrySteps: env.WEBHOOK_RETRY_STEPS || defaultConfig.webhooks.retrySteps,
    retryMaxAge: env.WEBHOOK_RETRY_MAX_AGE || defaultConfig.webhooks.retryMaxAge,
    jitter: flagFrom(env, 'WEBHOOK_RETRY_JITTER', defaultConfig.webhooks.jitter),
    endpointConcurrency: positive(env, 'WEBHOOK_ENDPOINT_CONCURRENCY', defaultConfig.webhooks.endpointConcurrency),
    allowPrivate: flagFrom(env, 'WEBHOOK_ALLOW_PRIVATE', environment !== 'live'),
  };
  // A ladder that cannot be read stops the relay at start, not at the first failed delivery.
  parseRetryLadder(webhooks.retrySteps, webhooks.retryMaxAge);
  return webhooks;
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a whole number, got ${JSON.stringify(raw)}`);
  return Number.parseInt(raw, 10);
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const n = intFrom(env, name, fallback);
  if (n < 1) throw new Error(`${name} must be at least 1, got ${n}`);
  return n;
}

/** Highest throttle limit accepted, operations per second; beyond it, 0 (no limit) says it better. */
export const MAX_THROTTLE_LIMIT = 1_000_000;

/** The environment variable of each throttled operation's limit. */
export const THROTTLE_VARIABLES: Readonly<Record<ThrottledOperation, string>> = {
  payments: 'THROTTLE_PAYMENTS',
  followUps: 'THROTTLE_FOLLOW_UPS',
  registrations: 'THROTTLE_REGISTRATIONS',
  checkouts: 'THROTTLE_CHECKOUTS',
  reads: 'THROTTLE_READS',
};

/** A throttle limit from text: a whole number from 0 (no limit) to MAX_THROTTLE_LIMIT, else undefined. */
export function throttleLimitOf(text: string): number | undefined {
  if (!/^\d{1,7}$/.test(text)) return undefined;
  const limit = Number(text);
  return limit <= MAX_THROTTLE_LIMIT ? limit : undefined;
}

/** An http(s) origin (a trailing slash is dropped), as links to the back office are built on it. */
function backofficePublicUrlFrom(raw: string | undefined): string {
  if (raw === undefined || raw === '') return defaultConfig.backofficePublicUrl;
  const text = raw.replace(/\/$/, '');
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== text) {
    throw new Error(`BACKOFFICE_PUBLIC_URL must be an http(s) origin without path, like https://backoffice.example, got ${JSON.stringify(raw)}`);
  }
  return url.origin;
}

function redisUrlFrom(raw: string | undefined): string {
  if (raw === undefined || raw === '') return '';
  // The URL may hold a password: the message names the scheme only.
  if (!/^rediss?:\/\/[^/]/.test(raw)) throw new Error('REDIS_URL must start with redis:// or rediss:// and name a host');
  return raw;
}

function throttleFrom(env: NodeJS.ProcessEnv): Config['throttle'] {
  const throttle = { ...defaultConfig.throttle };
  for (const [operation, name] of Object.entries(THROTTLE_VARIABLES) as [ThrottledOperation, string][]) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const limit = throttleLimitOf(raw);
    if (limit === undefined) {
      throw new Error(`${name} must be a whole number of operations per second from 0 (no limit) to ${MAX_THROTTLE_LIMIT}, got ${JSON.stringify(raw)}`);
    }
    throttle[operation] = limit;
  }
  return throttle;
}

const VOUCHER_BRANDS = ['BOLETO', 'OXXO', 'BALOTO'] as const;

/** VOUCHER_CONFIRM_BUSINESS_DAYS: "2" for every brand, or "BOLETO=3,OXXO=1"; each 0-30. */
export function voucherConfirmDaysFrom(raw: string | undefined): Config['voucherConfirmBusinessDays'] {
  if (raw === undefined || raw.trim() === '') return {};
  const days = (text: string): number => {
    if (!/^\d{1,2}$/.test(text) || Number(text) > 30) throw new Error(`VOUCHER_CONFIRM_BUSINESS_DAYS: ${JSON.stringify(text)} is not a number of business days (0-30)`);
    return Number(text);
  };
  const trimmed = raw.trim();
  if (/^\d+$/.test(trimmed)) return Object.fromEntries(VOUCHER_BRANDS.map((b) => [b, days(trimmed)]));
  const out: Config['voucherConfirmBusinessDays'] = {};
  for (const part of trimmed.split(',')) {
    const [brand = '', value = ''] = part.split('=').map((x) => x.trim());
    if (!(VOUCHER_BRANDS as readonly string[]).includes(brand)) throw new Error(`VOUCHER_CONFIRM_BUSINESS_DAYS: unknown brand ${JSON.stringify(brand)} (BOLETO, OXXO, BALOTO)`);
    out[brand as (typeof VOUCHER_BRANDS)[number]] = days(value);
  }
  return out;
}

/** LOG_FORMAT wins; otherwise readable lines when stdout is a terminal, JSON when it is a pipe or file. */
export function logFormatFrom(env: NodeJS.ProcessEnv, stdoutIsTty: boolean): LogFormat {
  const raw = env.LOG_FORMAT;
  if (raw === undefined || raw === '') return stdoutIsTty ? 'pretty' : 'json';
  if (raw === 'json' || raw === 'pretty') return raw;
  throw new Error(`LOG_FORMAT must be json or pretty, got ${JSON.stringify(raw)}`);
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
    backofficePublicUrl: backofficePublicUrlFrom(env.BACKOFFICE_PUBLIC_URL),
    backofficePort: intFrom(env, 'BACKOFFICE_PORT', defaultConfig.backofficePort),
    demoPort: intFrom(env, 'DEMO_PORT', defaultConfig.demoPort),
    dataDir: env.DATA_DIR ?? defaultConfig.dataDir,
    databaseUrl: env.DATABASE_URL ?? '',
    cardKeyHex: env.CARD_KEY ?? '',
    cardKeysText: env.CARD_KEYS ?? '',
    environment,
    logLevel: env.LOG_LEVEL ?? defaultConfig.logLevel,
    logFormat: logFormatFrom(env, process.stdout.isTTY === true),
    shutdownGraceMs: intFrom(env, 'SHUTDOWN_GRACE_MS', defaultConfig.shutdownGraceMs),
    checkoutMaxDeclines: intFrom(env, 'CHECKOUT_MAX_DECLINES', defaultConfig.checkoutMaxDeclines),
    voucherConfirmBusinessDays: voucherConfirmDaysFrom(env.VOUCHER_CONFIRM_BUSINESS_DAYS),
    redirectExpiryMs: positive(env, 'REDIRECT_EXPIRY_MINUTES', defaultConfig.redirectExpiryMs / 60_000) * 60_000,
    idempotencyTtlMs: intFrom(env, 'IDEMPOTENCY_TTL_HOURS', defaultConfig.idempotencyTtlMs / 3_600_000) * 3_600_000,
    throttle: throttleFrom(env),
    redisUrl: redisUrlFrom(env.REDIS_URL),
    redisPrefix: env.REDIS_PREFIX ?? defaultConfig.redisPrefix,
    failpoints: failpointsFrom(env.RELAY_FAILPOINTS),
    relayId: env.RELAY_ID || `${hostname()}:${port}`,
    jobProbeLog: env.RELAY_JOB_PROBE_LOG ?? '',
    claimLeaseMs: intFrom(env, 'IDEMPOTENCY_CLAIM_LEASE_SECONDS', defaultConfig.claimLeaseMs / 1000) * 1000,
    jobs: {
      ...defaultConfig.jobs,
      enabled: env.JOBS !== 'off',
      pollMs: intFrom(env, 'JOBS_POLL_MS', defaultConfig.jobs.pollMs),
      leaseMs: intFrom(env, 'JOBS_LEASE_SECONDS', defaultConfig.jobs.leaseMs / 1000) * 1000,
      batchSize: positive(env, 'JOBS_BATCH', defaultConfig.jobs.batchSize),
      concurrency: positive(env, 'JOBS_CONCURRENCY', defaultConfig.jobs.concurrency),
      maxAttempts: positive(env, 'JOBS_MAX_ATTEMPTS', defaultConfig.jobs.maxAttempts),
    },
    webhooks: webhooksFrom(env, environment),
    reports: reportsConfigFrom(env),
    metrics: metricsFrom(env),
  };
}

/** As a Bearer token is read (http/auth.ts): long enough to guess at no better than by chance. */
const METRICS_TOKEN = /^[A-Za-z0-9._~+/=-]{16,512}$/;

function metricsFrom(env: NodeJS.ProcessEnv): MetricsConfig {
  const token = env.METRICS_TOKEN ?? '';
  // The token itself is never quoted: the message may reach a log.
  if (token !== '' && !METRICS_TOKEN.test(token)) {
    throw new Error('METRICS_TOKEN must be 16 to 512 characters of A-Z a-z 0-9 . _ ~ + / = -');
  }
  const port = intFrom(env, 'METRICS_PORT', defaultConfig.metrics.port);
  if (port > 65_535) throw new Error(`METRICS_PORT must be a TCP port (1-65535, or 0 for none), got ${port}`);
  return { port, host: env.METRICS_HOST || defaultConfig.metrics.host, token };
}
