// Each family of the relay's metrics moves when its event happens: a real relay (SQLite file) on
// a real port with METRICS_TOKEN, driven over HTTP, its jobs run by the test with a moved clock,
// and /metrics read over HTTP before and after each event.

import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { defaultConfig } from '../../src/config/config.js';
import { JOB_KINDS } from '../../src/app/job-kinds.js';
import { resolveInDoubtRequests } from '../../src/jobs/in-doubt.js';
import { browserData, startTestRelay, testCard, type TestRelay } from '../helper.js';
import { startReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { parseMetrics, valueOf, type Sample } from './scrape.js';

const TOKEN = 'metrics-token-0123456789abcdef';
const MINUTE = 60_000;
const RELAY = 'relay-metrics';

let relay: TestRelay;
let url: string;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  relay = await startTestRelay({
    relayId: RELAY,
    metrics: { ...defaultConfig.metrics, token: TOKEN },
    webhooks: { ...defaultConfig.webhooks, jitter: false, timeoutMs: 2_000 },
    // A directory: the probe job's append fails, so its tries are retried.
    jobProbeLog: '/',
  });
  url = await relay.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  // The receivers first: a delivery waiting on one ends at once instead of at its timeout.
  while (receivers.length > 0) await receivers.pop()?.close();
});
afterAll(async () => relay.close());

async function scrape(): Promise<Sample[]> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return parseMetrics(await res.text());
}

/** A figure before and after `event`: the difference. */
async function change(name: string, labels: Record<string, string>, event: () => Promise<unknown>): Promise<number> {
  const before = valueOf(await scrape(), name, { relay: RELAY, ...labels });
  await event();
  return valueOf(await scrape(), name, { relay: RELAY, ...labels }) - before;
}

async function post(path: string, form: Record<string, string>, headers: Record<string, string> = {}, token = relay.merchant.token): Promise<Response> {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', authorization: `Bearer ${token}`, ...headers },
    body: new URLSearchParams(form).toString(),
  });
}

const payment = (extra: Record<string, string> = {}, entityId = relay.merchant.entityId) => ({ entityId, amount: '10.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard(), ...extra });

describe('HTTP requests', () => {
  it('are counted by route pattern, method, status and result class, never by the raw URL', async () => {
    const made = await post('/v1/payments', payment());
    expect(made.status).toBe(200);
    const id = ((await made.json()) as { id: string }).id;
    const read = { route: '/v1/payments/:id', method: 'GET', status: '200', result: 'success' };
    expect(await change('paywidgets_http_requests_total', read, () => fetch(`${url}/v1/payments/${id}?entityId=${relay.merchant.entityId}`, { headers: { authorization: `Bearer ${relay.merchant.token}` } }))).toBe(1);
    const bad = { route: '/v1/payments', method: 'POST', status: '400', result: 'rejected_input' };
    expect(await change('paywidgets_http_requests_total', bad, () => post('/v1/payments', payment({ amount: '10.0.0' })))).toBe(1);
    const samples = await scrape();
    const routes = samples.filter((s) => s.name === 'paywidgets_http_requests_total').map((s) => s.labels.route ?? '');
    expect(routes).toContain('/v1/payments/:id');
    // No id of any payment, checkout or entity in a label.
    for (const route of routes) expect(route).not.toMatch(/[0-9a-f]{32}/);
    expect(valueOf(samples, 'paywidgets_http_request_duration_seconds_count', { relay: RELAY, route: '/v1/payments', method: 'POST' })).toBeGreaterThanOrEqual(2);
  });
});

describe('payments', () => {
  it('count a success and a decline by type, brand and outcome, with the answers as success and declined', async () => {
    const success = { type: 'DB', brand: 'VISA', outcome: 'success' };
    expect(await change('paywidgets_payments_total', success, () => post('/v1/payments', payment()))).toBe(1);
    const declined = { type: 'PA', brand: 'VISA', outcome: 'declined' };
    const answers = { route: '/v1/payments', method: 'POST', result: 'declined' };
    const before = await scrape();
    const res = await post('/v1/payments', payment({ paymentType: 'PA', 'card.holder': '800.100.152' }));
    expect(((await res.json()) as { result: { code: string } }).result.code).toBe('800.100.152');
    const after = await scrape();
    expect(valueOf(after, 'paywidgets_payments_total', declined) - valueOf(before, 'paywidgets_payments_total', declined)).toBe(1);
    expect(valueOf(after, 'paywidgets_http_requests_total', answers) - valueOf(before, 'paywidgets_http_requests_total', answers)).toBe(1);
  });

  it('count a capture as a payment of its own type', async () => {
    const authorized = (await (await post('/v1/payments', payment({ paymentType: 'PA' }))).json()) as { id: string };
    const capture = { type: 'CP', brand: 'VISA', outcome: 'success' };
    expect(await change('paywidgets_payments_total', capture, () => post(`/v1/payments/${authorized.id}`, { entityId: relay.merchant.entityId, paymentType: 'CP', amount: '10.00', currency: 'EUR' }))).toBe(1);
  });

  it('count an idempotent replay once, and the payment once', async () => {
    const headers = { 'idempotency-key': 'metrics-replay-1' };
    await post('/v1/payments', payment(), headers);
    const before = await scrape();
    const again = await post('/v1/payments', payment(), headers);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const after = await scrape();
    expect(valueOf(after, 'paywidgets_idempotency_replays_total') - valueOf(before, 'paywidgets_idempotency_replays_total')).toBe(1);
    expect(valueOf(after, 'paywidgets_payments_total') - valueOf(before, 'paywidgets_payments_total')).toBe(0);
  });
});

describe('payment settlements', () => {
  it('count a 3-D Secure payment pending when made, then its settlement with the final outcome', async () => {
    const pending = { type: 'DB', brand: 'VISA', outcome: 'pending' };
    let redirect = '';
    expect(
      await change('paywidgets_payments_total', pending, async () => {
        const res = await post('/v1/payments', payment({ 'card.number': '4711100000000000', shopperResultUrl: 'https://shop.example/result', ...browserData() }));
        redirect = new URL(((await res.json()) as { redirect: { url: string } }).redirect.url).pathname;
      }),
    ).toBe(1);
    const settled = { type: 'DB', brand: 'VISA', outcome: 'success' };
    const answer = () => fetch(`${url}${redirect}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'returnCode=000.400.110' });
    expect(await change('paywidgets_payment_settlements_total', settled, answer)).toBe(1);
  });
});

describe('checkouts', () => {
  const prepare = async () => ((await (await post('/v1/checkouts', { entityId: relay.merchant.entityId, amount: '49.90', currency: 'EUR', paymentType: 'DB' })).json()) as { id: string }).id;

  it('count one prepared, and one paid when the widget pays it', async () => {
    let id = '';
    expect(await change('paywidgets_checkouts_total', { event: 'prepared' }, async () => (id = await prepare()))).toBe(1);
    const paid = await change('paywidgets_checkouts_total', { event: 'paid' }, () =>
      fetch(`${url}/v1/checkouts/${encodeURIComponent(id)}/payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', origin: 'http://relay.test', 'sec-fetch-site': 'same-origin' },
        body: new URLSearchParams({ paymentBrand: 'VISA', shopperResultUrl: 'https://shop.example/result', ...testCard() }).toString(),
      }).then(async (res) => expect(res.status, await res.text()).toBe(200)),
    );
    expect(paid).toBe(1);
  });

  it('count one expired, unpaid, in the housekeeping round after its expiry (test clock)', async () => {
    await prepare();
    relay.clock.advance(defaultConfig.checkoutTtlMs + defaultConfig.jobs.housekeepingEveryMs);
    // The one prepared before it was paid: only the unpaid one counts.
    expect(await change('paywidgets_checkouts_total', { event: 'expired' }, () => relay.ctx.jobs.runDue())).toBe(1);
    // The round of the next period counts the next period's, not these again.
    relay.clock.advance(defaultConfig.jobs.housekeepingEveryMs);
    expect(await change('paywidgets_checkouts_total', { event: 'expired' }, () => relay.ctx.jobs.runDue())).toBe(0);
  });
});

describe('webhooks and jobs', () => {
  async function endpoint(answer: (n: number) => number): Promise<WebhookReceiver> {
    const receiver = await startReceiver((n) => (n === 0 ? 200 : answer(n - 1)));
    receivers.push(receiver);
    const res = await post('/v1/webhooks', { entityId: relay.merchant.entityId, url: receiver.url });
    expect(res.status).toBe(200);
    onTestFinished(async () => {
      await fetch(`${url}/v1/webhooks/${((await res.json()) as { id: string }).id}?entityId=${relay.merchant.entityId}`, { method: 'DELETE', headers: { authorization: `Bearer ${relay.merchant.token}` } });
    });
    return receiver;
  }

  it('count a delivery delivered and its job done, with the attempt latency', async () => {
    await endpoint(() => 200);
    await post('/v1/payments', payment());
    const before = await scrape();
    await relay.ctx.jobs.runDue();
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('paywidgets_webhook_deliveries_total', { outcome: 'delivered' })).toBe(1);
    expect(delta('paywidgets_webhook_delivery_duration_seconds_count')).toBe(1);
    expect(delta('paywidgets_jobs_runs_total', { kind: JOB_KINDS.webhookDelivery, outcome: 'done' })).toBe(1);
    expect(delta('paywidgets_job_run_duration_seconds_count', { kind: JOB_KINDS.webhookDelivery })).toBe(1);
  });

  it('count a failed attempt as a retry, its job rescheduled, and the backlog with its age until it is delivered', async () => {
    await endpoint((n) => (n === 0 ? 500 : 200));
    await post('/v1/payments', payment());
    const before = await scrape();
    await relay.ctx.jobs.runDue();
    relay.clock.advance(30_000);
    const after = await scrape();
    expect(valueOf(after, 'paywidgets_webhook_deliveries_total', { outcome: 'retry' }) - valueOf(before, 'paywidgets_webhook_deliveries_total', { outcome: 'retry' })).toBe(1);
    expect(valueOf(after, 'paywidgets_jobs_runs_total', { kind: JOB_KINDS.webhookDelivery, outcome: 'rescheduled' }) - valueOf(before, 'paywidgets_jobs_runs_total', { kind: JOB_KINDS.webhookDelivery, outcome: 'rescheduled' })).toBe(1);
    expect(valueOf(after, 'paywidgets_webhook_backlog')).toBe(1);
    expect(valueOf(after, 'paywidgets_webhook_backlog_oldest_age_seconds')).toBe(30);
    relay.clock.advance(MINUTE);
    await relay.ctx.jobs.runDue();
    const done = await scrape();
    expect(valueOf(done, 'paywidgets_webhook_backlog')).toBe(0);
    expect(valueOf(done, 'paywidgets_webhook_backlog_oldest_age_seconds')).toBe(0);
  });

  it('count a 410 Gone as gone, and its endpoint disabled', async () => {
    await endpoint(() => 410);
    await post('/v1/payments', payment());
    expect(await change('paywidgets_webhook_endpoints_disabled_total', {}, () => relay.ctx.jobs.runDue())).toBe(1);
    expect(valueOf(await scrape(), 'paywidgets_webhook_deliveries_total', { outcome: 'gone' })).toBeGreaterThanOrEqual(1);
  });

  it('count a job that fails for good, one retried, the jobs due by kind with the oldest one\'s wait, and a lease taken over', async () => {
    const now = relay.clock.now();
    await relay.ctx.jobs.enqueue({ kind: 'no-such-kind', payload: {}, runAt: now - 90_000 });
    const due = await scrape();
    expect(valueOf(due, 'paywidgets_jobs_due', { kind: 'no-such-kind' })).toBe(1);
    expect(valueOf(due, 'paywidgets_jobs_oldest_due_age_seconds')).toBe(90);
    await relay.ctx.jobs.enqueue({ kind: JOB_KINDS.probe, payload: {}, runAt: now });
    await relay.ctx.jobs.runDue();
    const ran = await scrape();
    expect(valueOf(ran, 'paywidgets_jobs_runs_total', { kind: 'no-such-kind', outcome: 'failed' })).toBe(1);
    expect(valueOf(ran, 'paywidgets_jobs_runs_total', { kind: JOB_KINDS.probe, outcome: 'retried' })).toBe(1);
    expect(valueOf(ran, 'paywidgets_jobs_due', { kind: 'no-such-kind' })).toBe(0);
    expect(valueOf(ran, 'paywidgets_jobs_running')).toBe(0);

    // Another relay claims a job and dies: once its lease has run out, this relay takes it over.
    await relay.ctx.jobs.enqueue({ kind: JOB_KINDS.housekeeping, payload: { slot: -1 }, runAt: relay.clock.now(), uniqueKey: 'metrics-takeover' });
    const [held] = await relay.ctx.store.jobs.claim('relay-gone', relay.clock.now(), relay.clock.now() + 1_000, 1);
    expect(held?.uniqueKey).toBe('metrics-takeover');
    relay.clock.advance(2_000);
    expect(await change('paywidgets_jobs_lease_takeovers_total', { kind: JOB_KINDS.housekeeping }, () => relay.ctx.jobs.runDue())).toBe(1);
  });
});

describe('schedules', () => {
  it('count an occurrence fired with its lateness, and its charge', async () => {
    const registration = (await (await post('/v1/registrations', { entityId: relay.merchant.entityId, paymentBrand: 'VISA', ...testCard() })).json()) as { id: string };
    const created = await post('/scheduling/v1/schedules', { entityId: relay.merchant.entityId, registrationId: registration.id, amount: '19.99', currency: 'EUR', paymentType: 'DB', 'job.dayOfMonth': '1', 'job.month': '*' });
    expect(created.status).toBe(200);
    const next = new Date(relay.clock.now());
    const firstOfMonth = Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 1);
    relay.clock.set(firstOfMonth + 2_000);
    const before = await scrape();
    // Fired in one round, charged in the next.
    await relay.ctx.jobs.runDue();
    await relay.ctx.jobs.runDue();
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('paywidgets_schedule_occurrences_fired_total')).toBe(1);
    expect(delta('paywidgets_schedule_lateness_seconds_count')).toBe(1);
    expect(delta('paywidgets_schedule_lateness_seconds_sum')).toBe(2);
    expect(delta('paywidgets_schedule_charges_total', { outcome: 'charged' })).toBe(1);
    expect(delta('paywidgets_payments_total', { type: 'DB', outcome: 'success' })).toBe(1);
  });
});

describe('throttle, store and idempotency claims', () => {
  it('count a throttle rejection by operation', async () => {
    const limited = await relay.addMerchant({ throttle: { payments: 1 } });
    const twice = async () => {
      expect((await post('/v1/payments', payment({}, limited.entityId), {}, limited.token)).status).toBe(200);
      expect((await post('/v1/payments', payment({}, limited.entityId), {}, limited.token)).status).toBe(429);
    };
    expect(await change('paywidgets_throttle_rejections_total', { operation: 'payments' }, twice)).toBe(1);
  });

  it("time store calls by repository: a payment's write is the store's own, its read the payments repository's", async () => {
    let id = '';
    const write = async () => (id = ((await (await post('/v1/payments', payment())).json()) as { id: string }).id);
    expect(await change('paywidgets_db_call_duration_seconds_count', { repository: 'store' }, write)).toBeGreaterThanOrEqual(1);
    const read = () => fetch(`${url}/v1/payments/${id}?entityId=${relay.merchant.entityId}`, { headers: { authorization: `Bearer ${relay.merchant.token}` } });
    expect(await change('paywidgets_db_call_duration_seconds_count', { repository: 'payments' }, read)).toBeGreaterThanOrEqual(1);
  });

  it('count claims left in doubt by a relay that died, once resolved', async () => {
    const now = relay.clock.now();
    await relay.ctx.store.idempotency.claim(relay.merchant.entityId, 'metrics-in-doubt', 'h', now, 0, { owner: 'relay-gone', leaseUntil: now + 1_000 });
    relay.clock.advance(2_000);
    const silent = { info: () => undefined };
    expect(await change('paywidgets_idempotency_claims_in_doubt_total', {}, () => resolveInDoubtRequests(relay.ctx, silent, 'while-serving'))).toBe(1);
  });
});
