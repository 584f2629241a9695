// Scheduled payments through the API, on a relay with a ManualClock: creation (validation, the
// registration checks, Idempotency-Key), reading with occurrences, the list by registration,
// charges made by the jobs runner as the clock moves (a PAYMENT event each, declines recorded),
// the missed-run rule, cancelling (and cancelling by deleting the registration), and a cancel
// that races a charge.
import { hash } from 'node:crypto';
import type { CompiledQuery } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';
import { listeningReceiver } from '../support/webhook-receiver.js';
import { CHARGES_PER_JOB, occurrenceId } from '../../src/schedules/fire.js';

/** Whether a batch handed to the store's writer is a payment's write (writePayment, storage/writes/payment.ts). */
const writesPayment = (statements: readonly CompiledQuery[]): boolean => statements.some((q) => q.sql.startsWith('insert into "payments"'));

let relay: TestRelay;
beforeEach(async () => {
  relay = await startTestRelay();
});
afterEach(async () => {
  await relay.close();
});

async function register(card = testCard()): Promise<string> {
  const res = await relay.post('/v1/registrations', { entityId: relay.merchant.entityId, paymentBrand: 'VISA', ...card });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}

function schedule(registrationId: string, job: Record<string, string> = { 'job.dayOfMonth': '1', 'job.month': '*' }, headers?: Record<string, string>) {
  return relay.post('/scheduling/v1/schedules', { entityId: relay.merchant.entityId, registrationId, amount: '19.99', currency: 'EUR', paymentType: 'DB', merchantTransactionId: 'sub-0042-monthly', ...job }, headers ? { headers } : {});
}

const read = (id: string) => relay.get(`/scheduling/v1/schedules/${id}?entityId=${relay.merchant.entityId}`);

/** Two rounds of the runner: the first fires what is due and queues charges, the second charges. */
async function runJobs(): Promise<void> {
  await relay.ctx.jobs.runDue();
  await relay.ctx.jobs.runDue();
}

interface Occurrence {
  scheduledAt: string;
  status: string;
  paymentId?: string;
  result?: { code: string };
}

describe('creating a schedule', () => {
  it('answers with its id, the job echoed with its Quartz expression, and reads back active with its next run', async () => {
    const registrationId = await register();
    const res = await schedule(registrationId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Record<string, unknown> & { id: string };
    expect(body).toMatchObject({
      registrationId,
      paymentType: 'DB',
      amount: '19.99',
      currency: 'EUR',
      merchantTransactionId: 'sub-0042-monthly',
      job: { dayOfMonth: '1', month: '*', expression: '0 0 0 1 * ? *' },
      timeZone: 'UTC',
      result: { code: '000.000.000' },
    });
    expect(body.id).toMatch(/^[0-9a-f]{32}$/);
    const got = await read(body.id);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ id: body.id, status: 'active', nextRunAt: '2026-12-01 00:00:00+0000', occurrences: [] });
  });

  it('refuses a bad job with the spec job code and the failing parameter, and writes nothing', async () => {
    const registrationId = await register();
    const cases: [Record<string, string>, string, string][] = [
      [{ 'job.hour': '24' }, '100.250.121', 'job.hour'],
      [{ 'job.minute': '61' }, '100.250.122', 'job.minute'],
      [{ 'job.dayOfMonth': '32' }, '100.250.123', 'job.dayOfMonth'],
      [{ 'job.month': '13' }, '100.250.124', 'job.month'],
      [{ 'job.dayOfWeek': '8' }, '100.250.125', 'job.dayOfWeek'],
      [{ 'job.dayOfMonth': '1', 'job.dayOfWeek': '2' }, '100.250.120', 'job.dayOfWeek'],
      [{}, '100.250.100', 'job.expression'],
      [{ 'job.expression': '0 0 12 1 * ? 2020' }, '100.250.120', 'job.expression'],
    ];
    for (const [job, code, name] of cases) {
      const res = await schedule(registrationId, job);
      expect(res.statusCode, JSON.stringify(job)).toBe(400);
      const result = (res.json() as { result: { code: string; parameterErrors: { name: string }[] } }).result;
      expect(result.code, JSON.stringify(job)).toBe(code);
      expect(result.parameterErrors[0]?.name).toBe(name);
    }
    const list = await relay.get(`/scheduling/v1/schedules?entityId=${relay.merchant.entityId}&registrationId=${registrationId}`);
    expect((list.json() as { schedules: unknown[] }).schedules).toEqual([]);
  });

  it('needs a registration of the entity that is not deleted', async () => {
    const missing = await schedule('0'.repeat(32));
    expect([missing.statusCode, (missing.json() as { result: { code: string } }).result.code]).toEqual([400, '100.150.200']);
    const other = await relay.addMerchant();
    const foreign = await relay.post('/v1/registrations', { entityId: other.entityId, paymentBrand: 'VISA', ...testCard() }, { token: other.token });
    const notOurs = await schedule((foreign.json() as { id: string }).id);
    expect((notOurs.json() as { result: { code: string } }).result.code).toBe('100.150.200');
    const registrationId = await register();
    await relay.del(`/v1/registrations/${registrationId}?entityId=${relay.merchant.entityId}`);
    const deleted = await schedule(registrationId);
    expect([deleted.statusCode, (deleted.json() as { result: { code: string } }).result.code]).toEqual([400, '100.150.202']);
  });

  it('creates once per Idempotency-Key', async () => {
    const registrationId = await register();
    const first = await schedule(registrationId, undefined, { 'idempotency-key': 'sub-42-create' });
    const again = await schedule(registrationId, undefined, { 'idempotency-key': 'sub-42-create' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((again.json() as { id: string }).id).toBe((first.json() as { id: string }).id);
    const list = await relay.get(`/scheduling/v1/schedules?entityId=${relay.merchant.entityId}&registrationId=${registrationId}`);
    expect((list.json() as { schedules: { id: string; status: string }[] }).schedules.map((s) => s.id)).toEqual([(first.json() as { id: string }).id]);
  });

  it('needs the Bearer token of the entity', async () => {
    const registrationId = await register();
    const res = await relay.post('/scheduling/v1/schedules', { entityId: relay.merchant.entityId, registrationId, amount: '1.00', currency: 'EUR', paymentType: 'DB', 'job.hour': '1' }, { token: null });
    expect(res.statusCode).toBe(401);
  });
});

describe('a schedule running', () => {
  it('charges each run with a REPEATED payment that names its schedule, and tells of it by a PAYMENT event', async () => {
    const receiver = await listeningReceiver(relay.post, relay.merchant.entityId);
    onTestFinished(() => receiver.close());
    const registrationId = await register();
    const { id } = (await schedule(registrationId)).json() as { id: string };
    await runJobs();
    expect(((await read(id)).json() as { occurrences: unknown[] }).occurrences).toEqual([]);
    relay.clock.set(Date.UTC(2026, 11, 1, 0, 0, 0, 300));
    await runJobs();
    const got = (await read(id)).json() as { occurrences: Occurrence[]; nextRunAt: string };
    expect(got.nextRunAt).toBe('2027-01-01 00:00:00+0000');
    expect(got.occurrences).toHaveLength(1);
    const [o] = got.occurrences;
    expect(o).toMatchObject({ scheduledAt: '2026-12-01 00:00:00+0000', status: 'succeeded', result: { code: '000.100.110' } });
    const payment = await relay.get(`/v1/payments/${o?.paymentId}?entityId=${relay.merchant.entityId}`);
    expect(payment.json()).toMatchObject({ id: o?.paymentId, paymentType: 'DB', amount: '19.99', currency: 'EUR', registrationId, recurringType: 'REPEATED', merchantTransactionId: 'sub-0042-monthly', scheduleId: id });
    const events = await relay.ctx.store.webhooks.eventsOf(o?.paymentId ?? '');
    expect(events.map((e) => e.type)).toEqual(['PAYMENT']);
    // Running the charge job again (a retry) charges nothing more.
    await relay.ctx.jobs.runDue();
    expect(((await read(id)).json() as { occurrences: Occurrence[] }).occurrences).toHaveLength(1);
  });

  it('records a declined charge on its occurrence and goes on', async () => {
    // The card expires at the end of December 2026: January's charge is declined.
    const registrationId = await register(testCard('4200000000000000', { 'card.expiryMonth': '12', 'card.expiryYear': '2026' }));
    const { id } = (await schedule(registrationId)).json() as { id: string };
    for (const month of [11, 12, 13]) {
      relay.clock.set(Date.UTC(2026, month, 1, 0, 0, 1));
      await runJobs();
    }
    const got = (await read(id)).json() as { occurrences: Occurrence[]; status: string; nextRunAt: string };
    expect(got.occurrences.map((o) => [o.scheduledAt.slice(0, 10), o.status, o.result?.code])).toEqual([
      ['2026-12-01', 'succeeded', '000.100.110'],
      ['2027-01-01', 'declined', '100.100.303'],
      ['2027-02-01', 'declined', '100.100.303'],
    ]);
    expect(got.occurrences[1]?.paymentId).toMatch(/^[0-9a-f]{32}$/);
    expect([got.status, got.nextRunAt]).toEqual(['active', '2027-03-01 00:00:00+0000']);
  });

  it('after downtime fires the most recent missed run once and records older ones as skipped', async () => {
    const registrationId = await register();
    const { id } = (await schedule(registrationId, { 'job.dayOfMonth': '1', 'job.hour': '6' })).json() as { id: string };
    relay.clock.set(Date.UTC(2027, 2, 15));
    await runJobs();
    const got = (await read(id)).json() as { occurrences: Occurrence[]; nextRunAt: string };
    expect(got.occurrences.map((o) => [o.scheduledAt, o.status])).toEqual([
      ['2026-12-01 06:00:00+0000', 'skipped'],
      ['2027-01-01 06:00:00+0000', 'skipped'],
      ['2027-02-01 06:00:00+0000', 'skipped'],
      ['2027-03-01 06:00:00+0000', 'succeeded'],
    ]);
    expect(got.nextRunAt).toBe('2027-04-01 06:00:00+0000');
  });

  it('ends after job.endDate', async () => {
    const registrationId = await register();
    const { id } = (await schedule(registrationId, { 'job.dayOfMonth': '1', 'job.endDate': '2027-01-15 00:00:00' })).json() as { id: string };
    for (const month of [11, 12, 13]) {
      relay.clock.set(Date.UTC(2026, month, 1, 0, 0, 1));
      await runJobs();
    }
    const got = (await read(id)).json() as { occurrences: Occurrence[]; status: string; nextRunAt?: string };
    expect(got.occurrences.map((o) => o.status)).toEqual(['succeeded', 'succeeded']);
    expect([got.status, got.nextRunAt]).toEqual(['ended', undefined]);
    const cancel = await relay.del(`/scheduling/v1/schedules/${id}?entityId=${relay.merchant.entityId}`);
    expect((cancel.json() as { result: { code: string } }).result.code).toBe('100.350.101');
  });
});

describe('cancelling', () => {
  it('answers 000.000.000, then 100.350.101; an unknown id 404; nothing fires afterwards', async () => {
    const registrationId = await register();
    const { id } = (await schedule(registrationId)).json() as { id: string };
    const url = `/scheduling/v1/schedules/${id}?entityId=${relay.merchant.entityId}`;
    const first = await relay.del(url);
    expect([first.statusCode, first.json()]).toMatchObject([200, { id, result: { code: '000.000.000' } }]);
    const again = await relay.del(url);
    expect([again.statusCode, (again.json() as { result: { code: string } }).result.code]).toEqual([400, '100.350.101']);
    const unknown = await relay.del(`/scheduling/v1/schedules/${'f'.repeat(32)}?entityId=${relay.merchant.entityId}`);
    expect([unknown.statusCode, (unknown.json() as { result: { code: string } }).result.code]).toEqual([404, '200.300.404']);
    relay.clock.set(Date.UTC(2027, 5, 1));
    await runJobs();
    const got = (await read(id)).json() as { occurrences: Occurrence[]; status: string };
    expect([got.status, got.occurrences]).toEqual(['cancelled', []]);
  });

  it('deleting the registration cancels its schedules; the list by registration shows them', async () => {
    const registrationId = await register();
    const a = ((await schedule(registrationId)).json() as { id: string }).id;
    relay.clock.advance(1_000);
    const b = ((await schedule(registrationId, { 'job.dayOfWeek': '2' })).json() as { id: string }).id;
    await relay.del(`/v1/registrations/${registrationId}?entityId=${relay.merchant.entityId}`);
    const list = await relay.get(`/scheduling/v1/schedules?entityId=${relay.merchant.entityId}&registrationId=${registrationId}`);
    expect(list.statusCode).toBe(200);
    expect((list.json() as { schedules: { id: string; status: string }[] }).schedules.map((s) => [s.id, s.status])).toEqual([
      [a, 'cancelled'],
      [b, 'cancelled'],
    ]);
  });

  it('a cancel that answers before a fired charge is written: the charge never happens, and the authorization is voided', async () => {
    const registrationId = await register();
    const { id } = (await schedule(registrationId)).json() as { id: string };
    relay.clock.set(Date.UTC(2026, 11, 1, 0, 0, 1));
    await relay.ctx.jobs.runDue(); // fires: the occurrence is due, its charge queued
    const store = relay.ctx.store;
    const insert = store.writeTogether.bind(store);
    let cancelled: number | undefined;
    // The charge has been authorized and is about to write its payment: the merchant cancels now.
    store.writeTogether = async (statements) => {
      if (writesPayment(statements)) cancelled = (await relay.del(`/scheduling/v1/schedules/${id}?entityId=${relay.merchant.entityId}`)).statusCode;
      return insert(statements);
    };
    await relay.ctx.jobs.runDue();
    store.writeTogether = insert;
    expect(cancelled).toBe(200);
    const got = (await read(id)).json() as { occurrences: Occurrence[] };
    expect(got.occurrences.map((o) => [o.status, o.paymentId])).toEqual([['cancelled', undefined]]);
    const occurrence = occurrenceId(id, Date.UTC(2026, 11, 1));
    const journal = await relay.ctx.store.simulatorJournal.findAuthorization((await import('../../src/flows/outcome.js')).claimReference(relay.merchant.entityId, occurrence, Date.UTC(2026, 11, 1, 0, 0, 1)));
    expect(journal?.state).toBe('voided');
    relay.clock.set(Date.UTC(2027, 1, 1, 0, 0, 1));
    await runJobs();
    expect(((await read(id)).json() as { occurrences: Occurrence[] }).occurrences).toHaveLength(1);
  });

  it('a cancel that comes while a charge is written: the charge finishes, and nothing fires after the cancel', async () => {
    const registrationId = await register();
    const { id } = (await schedule(registrationId)).json() as { id: string };
    relay.clock.set(Date.UTC(2026, 11, 1, 0, 0, 1));
    await relay.ctx.jobs.runDue();
    const store = relay.ctx.store;
    const insert = store.writeTogether.bind(store);
    let cancel: Promise<number> | undefined;
    // The cancel arrives once the payment's write has begun: the group commit writes it in the
    // turn after it was queued, so the cancel comes one turn later.
    store.writeTogether = (statements) => {
      const written = insert(statements);
      if (writesPayment(statements)) cancel = new Promise((turn) => setImmediate(turn)).then(async () => (await relay.del(`/scheduling/v1/schedules/${id}?entityId=${relay.merchant.entityId}`)).statusCode);
      return written;
    };
    await relay.ctx.jobs.runDue();
    store.writeTogether = insert;
    expect(await cancel).toBe(200);
    const got = (await read(id)).json() as { occurrences: Occurrence[]; status: string };
    expect(got.status).toBe('cancelled');
    expect(got.occurrences.map((o) => o.status)).toEqual(['succeeded']);
    relay.clock.set(Date.UTC(2027, 1, 1, 0, 0, 1));
    await runJobs();
    expect(((await read(id)).json() as { occurrences: Occurrence[] }).occurrences).toHaveLength(1);
  });
});

describe('charges jobs', () => {
  const DUE = Date.UTC(2026, 11, 1);

  /** `n` schedules of one registration, all due at DUE, fired: their occurrence ids, in firing order. */
  async function fired(n: number): Promise<string[]> {
    const registrationId = await register();
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push(((await schedule(registrationId)).json() as { id: string }).id);
    relay.clock.set(DUE + 300);
    await relay.ctx.jobs.runDue();
    return ids.map((id) => occurrenceId(id, DUE));
  }

  const statusOf = async (occurrence: string) => (await relay.ctx.store.schedules.findOccurrence(occurrence))?.occurrence.status;

  it('charges the occurrences of one firing a few to a job', async () => {
    const occurrences = await fired(CHARGES_PER_JOB + 2);
    const jobs = await Promise.all(occurrences.map((o) => relay.ctx.store.jobs.findByKey(`schedule-charges:${o}`)));
    const found = jobs.filter((j) => j !== undefined);
    expect(found).toHaveLength(2);
    expect(found.map((j) => (JSON.parse(j?.payload ?? '{}') as { occurrenceIds: string[] }).occurrenceIds.length).sort((a, b) => a - b)).toEqual([2, CHARGES_PER_JOB]);
    await relay.ctx.jobs.runDue();
    expect(await Promise.all(occurrences.map(statusOf))).toEqual(occurrences.map(() => 'succeeded'));
  });

  it('a charge that throws goes on in a job of its own; the others are charged', async () => {
    const [first, broken, third] = await fired(3);
    const schedules = relay.ctx.store.schedules;
    const find = schedules.findOccurrence.bind(schedules);
    schedules.findOccurrence = async (id) => {
      if (id === broken) throw new Error('connection reset');
      return find(id);
    };
    await relay.ctx.jobs.runDue();
    schedules.findOccurrence = find;
    expect([await statusOf(first ?? ''), await statusOf(broken ?? ''), await statusOf(third ?? '')]).toEqual(['succeeded', 'due', 'succeeded']);
    const own = await relay.ctx.store.jobs.findByKey(`schedule-charge:${broken}`);
    expect(own).toMatchObject({ kind: 'schedule-charge', state: 'queued' });
    // The charges job itself is done: the failure lives on in the occurrence's own job.
    expect((await relay.ctx.store.jobs.findByKey(`schedule-charges:${first}`))?.state).toBe('done');
    await relay.ctx.jobs.runDue();
    expect(await statusOf(broken ?? '')).toBe('succeeded');
  });

  it("an occurrence another try holds is tried again when that try's lease runs out", async () => {
    const [held] = await fired(1);
    const leaseUntil = DUE + 300 + 20_000;
    // A try of another relay holds the occurrence's claim, under its lease.
    const chargeHash = hash('sha256', 'schedule-charge', 'hex');
    const claim = await relay.ctx.store.idempotency.claim(relay.merchant.entityId, held ?? '', chargeHash, DUE + 300, 0, { owner: 'relay-elsewhere', leaseUntil });
    expect(claim.kind).toBe('claimed');
    await relay.ctx.jobs.runDue();
    expect(await statusOf(held ?? '')).toBe('due');
    expect((await relay.ctx.store.jobs.findByKey(`schedule-charge:${held}`))?.runAt).toBe(leaseUntil + 100);
    // That relay never finishes: once its lease has run out the claim is in doubt, released, and the charge made.
    relay.clock.set(leaseUntil + 100);
    await relay.ctx.jobs.runDue();
    expect(await statusOf(held ?? '')).toBe('succeeded');
  });
});

describe('read scoping', () => {
  it('another entity cannot read or cancel a schedule', async () => {
    const registrationId = await register();
    const { id } = (await schedule(registrationId)).json() as { id: string };
    const other = await relay.addMerchant();
    expect((await relay.get(`/scheduling/v1/schedules/${id}?entityId=${other.entityId}`, { token: other.token })).statusCode).toBe(404);
    expect((await relay.del(`/scheduling/v1/schedules/${id}?entityId=${other.entityId}`, { token: other.token })).statusCode).toBe(404);
  });
});
