// The work a request causes logs under the request's id: a payment's webhook deliveries (and a
// redelivery, under the id of the request that asked for it), a redirect payment's expiry job (and
// the notification it queues), and each charge of a schedule (with the charge's own id, and its
// payment's notification). The requests go over real HTTP; the runner's rounds are run here, with
// the clock moved, and its log read from the relay's stream. On SQLite and on PostgreSQL.

import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/config.js';
import { openPostgresStore } from '../../src/storage/index.js';
import { POSTGRES_URL, postgresUnreachable } from '../../../e2e/support/relay-cluster.js';
import { formBody, startTestRelayWith, testCard, type TestRelay } from '../helper.js';
import { captureLog, type LogCapture } from '../support/log-lines.js';
import { startReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { occurrenceId } from '../../src/schedules/fire.js';

const postgresMissing = await postgresUnreachable();
if (postgresMissing !== undefined && process.env.REQUIRE_POSTGRES === '1') throw new Error(`PostgreSQL is unreachable: ${postgresMissing}`);
const DATABASES = postgresMissing === undefined ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

let relay: TestRelay;
let log: LogCapture;
let receiver: WebhookReceiver;
let base: string;
let endpointId: string;

async function start(database: 'sqlite' | 'postgres'): Promise<void> {
  log = captureLog();
  const overrides = { logLevel: 'debug', webhooks: { ...defaultConfig.webhooks, jitter: false, timeoutMs: 2_000 } };
  const logTo = { stream: log.stream, format: 'json' as const };
  if (database === 'sqlite') {
    relay = await startTestRelayWith({ overrides, log: logTo });
  } else {
    const schema = `pw_test_${randomBytes(6).toString('hex')}`;
    relay = await startTestRelayWith({
      overrides,
      log: logTo,
      openStore: () => openPostgresStore(POSTGRES_URL, { schema }),
      afterClose: async () => {
        const client = new pg.Client({ connectionString: POSTGRES_URL });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`).finally(() => client.end());
      },
    });
  }
  relay.ctx.jobs.logTo(relay.app.log);
  await relay.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(relay.app.server.address() as AddressInfo).port}`;
  receiver = await startReceiver();
  const endpoint = await relay.post('/v1/webhooks', { entityId: relay.merchant.entityId, url: receiver.url });
  expect(endpoint.json().state).toBe('active');
  receiver.secrets.push(endpoint.json().secret as string);
  endpointId = endpoint.json().id as string;
}

async function post(path: string, requestId: string, form: Record<string, string>): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${relay.merchant.token}`, 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': requestId },
    body: formBody({ entityId: relay.merchant.entityId, ...form }),
  });
  expect(res.headers.get('x-request-id')).toBe(requestId);
  const body = (await res.json()) as Record<string, unknown>;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

/** Rounds of the runner until one claims nothing. */
async function runJobs(): Promise<void> {
  for (let round = 0; round < 10; round++) if ((await relay.ctx.jobs.runDue()).claimed === 0) return;
}

describe.each(DATABASES)('request ids on the work a request causes, on %s', (database) => {
  beforeAll(async () => start(database));
  afterAll(async () => {
    await receiver?.close();
    await relay?.close();
  });

  it("a payment's webhook delivery logs under the payment's request id", async () => {
    const payment = await post('/v1/payments', 'pay-hook-1', { amount: '10.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard() });
    await runJobs();
    expect(receiver.notifications().some((n) => n.payload.id === payment.id)).toBe(true);
    const delivered = log.of('pay-hook-1').filter((l) => l.msg === 'webhook delivered');
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ status: 200, attempt: 1, state: 'delivered', recordId: payment.id });
    // The job that sent it logged its run under the same id.
    expect(log.of('pay-hook-1').some((l) => l.msg === 'job done' && l.kind === 'webhook-delivery')).toBe(true);

    // Sent again on the merchant's request: under that request's id, naming the payment.
    await post(`/v1/webhooks/${endpointId}/redeliveries`, 'redeliver-1', { eventId: delivered[0]?.eventId as string });
    await runJobs();
    expect(log.of('redeliver-1').filter((l) => l.msg === 'webhook delivered')).toMatchObject([{ recordId: payment.id, eventId: delivered[0]?.eventId }]);
  });

  it("a redirect payment's expiry job logs under the payment's request id, and so does the notification it queues", async () => {
    const payment = await post('/v1/payments', 'pay-redirect-1', { amount: '25.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'PAYPAL', shopperResultUrl: 'https://shop.example/return' });
    await runJobs();
    const before = log.of('pay-redirect-1').filter((l) => l.msg === 'webhook delivered').length;
    relay.clock.advance(defaultConfig.redirectExpiryMs + 1_000);
    await runJobs();
    const lines = log.of('pay-redirect-1');
    expect(lines.some((l) => l.msg === 'job done' && l.kind === 'redirect-expiry')).toBe(true);
    // The created (pending) notification, then the expiry's.
    expect(lines.filter((l) => l.msg === 'webhook delivered')).toHaveLength(before + 1);
    const read = await relay.get(`/v1/payments/${payment.id as string}?entityId=${relay.merchant.entityId}`);
    expect((read.json() as { result: { code: string } }).result.code).toBe('100.396.103');
  });

  it("each charge of a schedule logs under the id of the request that created it, with its own charge id, and so does the charge's notification", async () => {
    const registration = await post('/v1/registrations', 'register-1', { paymentBrand: 'VISA', ...testCard() });
    const schedule = await post('/scheduling/v1/schedules', 'schedule-42', {
      registrationId: registration.id as string,
      amount: '19.99',
      currency: 'EUR',
      paymentType: 'DB',
      'job.dayOfMonth': '1',
      'job.month': '*',
    });
    await runJobs();
    const charges: string[] = [];
    for (const month of [11, 12]) {
      const at = month === 11 ? Date.UTC(2026, 11, 1, 0, 0, 0, 300) : Date.UTC(2027, 0, 1, 0, 0, 0, 300);
      relay.clock.set(at);
      await runJobs();
      charges.push(occurrenceId(schedule.id as string, at - 300));
    }
    const lines = log.of('schedule-42');
    const charged = lines.filter((l) => l.msg === 'schedule charge');
    expect(charged.map((l) => l.chargeId)).toEqual(charges);
    for (const l of charged) expect(l).toMatchObject({ result: 'charged', scheduleId: schedule.id });
    // Each charge's payment was told of under the schedule's request id.
    const paymentIds = charged.map((l) => l.paymentId as string);
    for (const id of paymentIds) expect(receiver.notifications().some((n) => n.payload.id === id)).toBe(true);
    expect(lines.filter((l) => l.msg === 'webhook delivered')).toHaveLength(2);
    // Nothing of the charges is logged under another request's id.
    for (const l of log.lines()) if (typeof l.chargeId === 'string' && charges.includes(l.chargeId)) expect(l.reqId).toBe('schedule-42');
  });
});
