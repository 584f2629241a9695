// The relay's metrics in prom-client: a registry of its own per relay (never prom-client's global
// one, so two relays in one process, as in tests, count apart), every series carrying the relay's
// id as the `relay` label (RELAY_ID), so sums over several relays add up. The families and what
// they mean are listed in docs/metrics.md.
//
// Events arrive through the RelayMetrics methods (domain/metrics.ts). Each keeps the series it has
// made in maps keyed by the label values themselves, so a repeated event finds its series without
// building a key string. What every request counts (its answer, its latency, its store calls, its
// payment) goes to series taken once for their labels (cell-families.ts).

import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CheckoutEvent, JobRunOutcome, RelayMetrics, ScheduleChargeOutcome, WebhookAttemptOutcome } from '../domain/metrics.js';
import type { PaymentStatus } from '../domain/records.js';
import type { Clock } from '../domain/clock.js';
import type { Store } from '../storage/store.js';
import type { ResultClass } from './result-class.js';
import { CounterFamily, HistogramFamily, type CounterCell, type HistogramCell } from './cell-families.js';

/** Latency buckets of an HTTP answer or a store call, seconds: a payment is a few ms, a slow one 100s of ms. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A webhook attempt waits up to WEBHOOK_TIMEOUT_MS (10 s by default). */
const WEBHOOK_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** A schedule fires on time within a poll (0.25 s) or late by a runner's outage: seconds to hours. */
const LATENESS_BUCKETS = [0.5, 1, 5, 15, 60, 300, 900, 3600, 21600];
const JOB_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60];

/** Rows a scrape's queries look at, at most (storage/job-backlog.ts): a count past it reads as this. */
export const BACKLOG_SCAN_LIMIT = 10_000;

export interface PrometheusMetricsOptions {
  relayId: string;
  clock: Clock;
}

/** One child per value of the first label, then of the second, then of the third. */
type Children3<T> = Map<string, Map<string, Map<string, T>>>;

function child3<T>(map: Children3<T>, a: string, b: string, c: string, make: () => T): T {
  let level1 = map.get(a);
  if (!level1) map.set(a, (level1 = new Map()));
  let level2 = level1.get(b);
  if (!level2) level1.set(b, (level2 = new Map()));
  let found = level2.get(c);
  if (!found) level2.set(c, (found = make()));
  return found;
}

function child2<T>(map: Map<string, Map<string, T>>, a: string, b: string, make: () => T): T {
  let level1 = map.get(a);
  if (!level1) map.set(a, (level1 = new Map()));
  let found = level1.get(b);
  if (!found) level1.set(b, (found = make()));
  return found;
}

function child1<T>(map: Map<string, T>, a: string, make: () => T): T {
  let found = map.get(a);
  if (!found) map.set(a, (found = make()));
  return found;
}

type CounterChild = Counter.Internal;
type HistogramChild = Histogram.Internal<string>;

/** The counters and the latency of one HTTP route (route pattern and method), made when the route is registered. */
export class RouteSeries {
  readonly #requests: CounterFamily;
  readonly #route: string;
  readonly #method: string;
  /** By status, then by result class. */
  readonly #byStatus = new Map<number, Map<ResultClass, CounterCell>>();
  readonly latency: HistogramCell;

  constructor(requests: CounterFamily, latency: HistogramFamily, route: string, method: string) {
    this.#requests = requests;
    this.#route = route;
    this.#method = method;
    this.latency = latency.cell(route, method);
  }

  answered(status: number, result: ResultClass, seconds: number): void {
    let byResult = this.#byStatus.get(status);
    if (!byResult) this.#byStatus.set(status, (byResult = new Map()));
    let counter = byResult.get(result);
    if (!counter) byResult.set(result, (counter = this.#requests.cell(this.#route, this.#method, String(status), result)));
    counter.inc();
    this.latency.observe(seconds);
  }
}

export class PrometheusMetrics implements RelayMetrics {
  readonly enabled = true;
  readonly registry = new Registry();
  readonly #clock: Clock;
  readonly #httpRequests: CounterFamily;
  readonly #httpLatency: HistogramFamily;
  readonly #payments: CounterFamily;
  readonly #settlements: CounterFamily;
  readonly #checkouts = new Map<CheckoutEvent, CounterChild>();
  readonly #jobRuns: Counter<string>;
  readonly #jobDuration: Histogram<string>;
  readonly #jobsRunning: Gauge<string>;
  readonly #jobTakeovers: Counter<string>;
  readonly #jobsDue: Gauge<string>;
  readonly #oldestDue: Gauge<string>;
  readonly #webhookAttempts = new Map<WebhookAttemptOutcome, CounterChild>();
  readonly #webhookLatency: Histogram<string>;
  readonly #webhookBacklog: Gauge<string>;
  readonly #webhookOldest: Gauge<string>;
  readonly #endpointsDisabled: Counter<string>;
  readonly #fired: Counter<string>;
  readonly #lateness: Histogram<string>;
  readonly #charges: Counter<string>;
  readonly #throttled: Counter<string>;
  readonly #redisFallbacks: Counter<string>;
  readonly #dbLatency: HistogramFamily;
  readonly #pool: Gauge<string>;
  readonly #replays: Counter<string>;
  readonly #inDoubt: Counter<string>;
  readonly #sampleFailures: Counter<string>;
  readonly #paymentChildren: Children3<CounterCell> = new Map();
  readonly #settlementChildren: Children3<CounterCell> = new Map();
  readonly #jobRunChildren = new Map<string, Map<string, CounterChild>>();
  readonly #jobDurationChildren = new Map<string, HistogramChild>();
  readonly #runningChildren = new Map<string, Gauge.Internal<string>>();
  readonly #takeoverChildren = new Map<string, CounterChild>();
  readonly #chargeChildren = new Map<string, CounterChild>();
  readonly #throttleChildren = new Map<string, CounterChild>();
  /** Kinds reported due at the last scrape: a kind no longer due reads 0, not its old count. */
  #dueKinds = new Set<string>();
  /** The database sample under way: overlapping scrapes share it. */
  #sampling: Promise<void> | undefined;

  constructor(options: PrometheusMetricsOptions) {
    this.#clock = options.clock;
    const registers = [this.registry];
    this.registry.setDefaultLabels({ relay: options.relayId });
    collectDefaultMetrics({ register: this.registry });
    const registry = this.registry;
    this.#httpRequests = new CounterFamily('paywidgets_http_requests_total', 'HTTP answers by route pattern, method, status and result class', ['route', 'method', 'status', 'result'], registry);
    this.#httpLatency = new HistogramFamily('paywidgets_http_request_duration_seconds', 'Time from request to answer sent, by route pattern and method', ['route', 'method'], LATENCY_BUCKETS, registry);
    this.#payments = new CounterFamily('paywidgets_payments_total', 'Payment records written, by paymentType, paymentBrand and the status they were written with', ['type', 'brand', 'outcome'], registry);
    this.#settlements = new CounterFamily('paywidgets_payment_settlements_total', 'Pending payments settled (3-D Secure, redirect, voucher slip), by paymentType, paymentBrand and final status', ['type', 'brand', 'outcome'], registry);
    const checkouts = new Counter({ name: 'paywidgets_checkouts_total', help: 'Checkouts prepared, paid, and expired without a success', labelNames: ['event'], registers });
    for (const event of ['prepared', 'paid', 'expired'] as const) this.#checkouts.set(event, checkouts.labels(event));
    this.#jobRuns = new Counter({ name: 'paywidgets_jobs_runs_total', help: 'Tries of jobs ended on this relay, by kind and outcome (done, retried, rescheduled, failed)', labelNames: ['kind', 'outcome'], registers });
    this.#jobDuration = new Histogram({ name: 'paywidgets_job_run_duration_seconds', help: 'Time a job try ran, by kind', labelNames: ['kind'], buckets: JOB_BUCKETS, registers });
    this.#jobsRunning = new Gauge({ name: 'paywidgets_jobs_running', help: 'Jobs running on this relay now, by kind', labelNames: ['kind'], registers });
    this.#jobTakeovers = new Counter({ name: 'paywidgets_jobs_lease_takeovers_total', help: "Jobs claimed after another runner's lease on them ran out, by kind", labelNames: ['kind'], registers });
    this.#jobsDue = new Gauge({ name: 'paywidgets_jobs_due', help: `Jobs due now and not yet claimed, by kind (all relays; counted up to ${BACKLOG_SCAN_LIMIT})`, labelNames: ['kind'], registers });
    this.#oldestDue = new Gauge({ name: 'paywidgets_jobs_oldest_due_age_seconds', help: 'How long the oldest due job has waited past its time (all relays); 0 when none is due', registers });
    const webhookAttempts = new Counter({ name: 'paywidgets_webhook_deliveries_total', help: 'Webhook delivery attempts by outcome (delivered, retry, failed, gone)', labelNames: ['outcome'], registers });
    for (const outcome of ['delivered', 'retry', 'failed', 'gone'] as const) this.#webhookAttempts.set(outcome, webhookAttempts.labels(outcome));
    this.#webhookLatency = new Histogram({ name: 'paywidgets_webhook_delivery_duration_seconds', help: "Time a receiver took to answer a delivery attempt (or the attempt's timeout)", buckets: WEBHOOK_BUCKETS, registers });
    this.#webhookBacklog = new Gauge({ name: 'paywidgets_webhook_backlog', help: `Webhook deliveries waiting to be sent or retried (all relays; counted up to ${BACKLOG_SCAN_LIMIT})`, registers });
    this.#webhookOldest = new Gauge({ name: 'paywidgets_webhook_backlog_oldest_age_seconds', help: 'Age of the oldest webhook delivery still waiting (all relays); 0 when none is', registers });
    this.#endpointsDisabled = new Counter({ name: 'paywidgets_webhook_endpoints_disabled_total', help: 'Webhook endpoints disabled because their receiver answered 410 Gone', registers });
    this.#fired = new Counter({ name: 'paywidgets_schedule_occurrences_fired_total', help: 'Occurrences of schedules fired (due to be charged)', registers });
    this.#lateness = new Histogram({ name: 'paywidgets_schedule_lateness_seconds', help: 'How late an occurrence was fired after its scheduled time', buckets: LATENESS_BUCKETS, registers });
    this.#charges = new Counter({ name: 'paywidgets_schedule_charges_total', help: "Charges of schedules' occurrences by outcome (charged, declined, failed, closed, not-due)", labelNames: ['outcome'], registers });
    this.#throttled = new Counter({ name: 'paywidgets_throttle_rejections_total', help: 'Requests refused by the per-entity throttle (800.120.100), by operation', labelNames: ['operation'], registers });
    this.#redisFallbacks = new Counter({ name: 'paywidgets_throttle_redis_fallbacks_total', help: 'Requests that passed uncounted because Redis did not answer', registers });
    this.#dbLatency = new HistogramFamily('paywidgets_db_call_duration_seconds', "Time of the store's calls (queries, their wait for a connection included), by repository", ['repository'], LATENCY_BUCKETS, registry);
    this.#pool = new Gauge({ name: 'paywidgets_db_pool_connections', help: 'PostgreSQL pool connections by state (open, idle, waiting callers, max)', labelNames: ['state'], registers });
    this.#replays = new Counter({ name: 'paywidgets_idempotency_replays_total', help: 'Requests answered with the stored answer of their Idempotency-Key', registers });
    this.#inDoubt = new Counter({ name: 'paywidgets_idempotency_claims_in_doubt_total', help: 'Idempotency claims left in doubt by a relay that died, resolved and released', registers });
    this.#sampleFailures = new Counter({ name: 'paywidgets_metrics_sample_failures_total', help: "Scrapes whose database figures could not be read (they keep the last values)", registers });
    // Series whose labels are known are there from the first scrape, at 0: rate() sees their first event.
    for (const outcome of ['charged', 'declined', 'failed', 'closed', 'not-due'] as const) this.#chargeChildren.set(outcome, this.#charges.labels(outcome));
    for (const state of ['total', 'idle', 'waiting', 'max']) this.#pool.labels(state);
  }

  /** The series of one route, made once when the route is registered (http-metrics.ts). */
  route(route: string, method: string): RouteSeries {
    return new RouteSeries(this.#httpRequests, this.#httpLatency, route, method);
  }

  /** The latency of one repository's calls (timed-store.ts), made once per repository. */
  storeCalls(repository: string): HistogramCell {
    return this.#dbLatency.cell(repository);
  }

  paymentWritten(paymentType: string, brand: string | null, status: PaymentStatus): void {
    child3(this.#paymentChildren, paymentType, brand ?? 'none', status, () => this.#payments.cell(paymentType, brand ?? 'none', status)).inc();
  }

  paymentSettled(paymentType: string, brand: string | null, status: PaymentStatus): void {
    child3(this.#settlementChildren, paymentType, brand ?? 'none', status, () => this.#settlements.cell(paymentType, brand ?? 'none', status)).inc();
  }

  checkout(event: CheckoutEvent, count = 1): void {
    this.#checkouts.get(event)?.inc(count);
  }

  jobRan(kind: string, seconds: number): void {
    child1(this.#jobDurationChildren, kind, () => this.#jobDuration.labels(kind)).observe(seconds);
  }

  jobEnded(kind: string, outcome: JobRunOutcome): void {
    child2(this.#jobRunChildren, kind, outcome, () => this.#jobRuns.labels(kind, outcome)).inc();
  }

  jobRunning(kind: string, delta: 1 | -1): void {
    child1(this.#runningChildren, kind, () => this.#jobsRunning.labels(kind)).inc(delta);
  }

  jobLeaseTakenOver(kind: string): void {
    child1(this.#takeoverChildren, kind, () => this.#jobTakeovers.labels(kind)).inc();
  }

  webhookAttempt(outcome: WebhookAttemptOutcome, seconds: number): void {
    this.#webhookAttempts.get(outcome)?.inc();
    this.#webhookLatency.observe(seconds);
  }

  webhookEndpointDisabled(): void {
    this.#endpointsDisabled.inc();
  }

  scheduleFired(latenessSeconds: number): void {
    this.#fired.inc();
    this.#lateness.observe(latenessSeconds);
  }

  scheduleCharge(outcome: ScheduleChargeOutcome): void {
    this.#chargeChildren.get(outcome)?.inc();
  }

  throttleRejected(operation: string): void {
    child1(this.#throttleChildren, operation, () => this.#throttled.labels(operation)).inc();
  }

  throttleRedisFallback(): void {
    this.#redisFallbacks.inc();
  }

  idempotentReplay(): void {
    this.#replays.inc();
  }

  claimsInDoubtResolved(count: number): void {
    if (count > 0) this.#inDoubt.inc(count);
  }

  /**
   * The text of GET /metrics. The figures only the database knows are read first, by bounded
   * queries (storage/job-backlog.ts); a database that does not answer leaves them as they were
   * and the rest is still served.
   */
  async scrape(store: Store): Promise<string> {
    this.#sampling ??= this.#sample(store).finally(() => (this.#sampling = undefined));
    await this.#sampling;
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  async #sample(store: Store): Promise<void> {
    const pool = store.poolUse();
    if (pool) {
      this.#pool.labels('total').set(pool.total);
      this.#pool.labels('idle').set(pool.idle);
      this.#pool.labels('waiting').set(pool.waiting);
      this.#pool.labels('max').set(pool.max);
    }
    const now = this.#clock.now();
    try {
      const backlog = await store.jobs.backlog(now, BACKLOG_SCAN_LIMIT);
      const kinds = new Set(Object.keys(backlog.dueByKind));
      for (const kind of this.#dueKinds) if (!kinds.has(kind)) this.#jobsDue.labels(kind).set(0);
      for (const [kind, n] of Object.entries(backlog.dueByKind)) this.#jobsDue.labels(kind).set(n);
      this.#dueKinds = kinds;
      this.#oldestDue.set(backlog.oldestDueAt === null ? 0 : Math.max(0, now - backlog.oldestDueAt) / 1000);
      this.#webhookBacklog.set(backlog.webhookWaiting);
      this.#webhookOldest.set(backlog.webhookOldestAt === null ? 0 : Math.max(0, now - backlog.webhookOldestAt) / 1000);
    } catch {
      this.#sampleFailures.inc();
    }
  }
}
