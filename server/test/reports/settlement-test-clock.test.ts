// Settlement on a test-clock move, on SQLite and PostgreSQL, through the API: moving an entity's clock
// past a day's end plus the cut-off settles that day of that entity (aggregations, records, the
// payments' marks, the reconciliation file and its checksum) before the call answers, as the job
// would have; another entity's same day waits for the job; a day is settled once, whether a
// second move, the job or both at once come to it.

import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultReportsConfig } from '../../src/config/reports.js';
import { testCard, type TestRelay } from '../helper.js';
import { DATABASES, startRelayOn } from './relays.js';

interface Aggregation { id: string; date: string; currency: string; records: number; fileSha256?: string; totals: { settled: string } }

describe.each(DATABASES)('settlement on a test-clock move on %s', (kind) => {
  let relay: TestRelay;
  let fileDir: string;
  let entity: string;
  let other: string;
  const paid: Record<string, string> = {};

  const pay = async (entityId: string, amount: string, merchantTransactionId: string): Promise<string> => {
    const res = await relay.post('/v1/payments', { entityId, amount, currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', merchantTransactionId, ...testCard() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: string }>().id;
  };
  const move = async (time: string) => {
    const res = await relay.post('/v1/test/clock', { entityId: entity, time });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ ran: Record<string, number> }>().ran;
  };
  const aggregations = async (entityId: string, from = '2026-11-20', to = '2026-11-30'): Promise<Aggregation[]> => {
    const res = await relay.get(`/reports/v1/reconciliations/aggregations?entityId=${entityId}&date.from=${from}&date.to=${to}`);
    const body = res.json<{ aggregations?: Aggregation[]; result: { code: string } }>();
    return body.result.code === '700.400.580' ? [] : (body.aggregations ?? []);
  };
  // The transaction report by reference gives a payment with its settlement.
  const settlementOf = async (entityId: string, reference: string) =>
    (await relay.get(`/v1/query?entityId=${entityId}&merchantTransactionId=${reference}`)).json<{ payments: { settlement?: { status: string; date: string; aggregationId: string } }[] }>().payments[0]?.settlement;
  const fileOf = (entityId: string, day: string) => join(fileDir, entityId, `reconciliation-${entityId}-${day}.csv`);

  beforeAll(async () => {
    fileDir = mkdtempSync(join(tmpdir(), 'paywidgets-clock-files-'));
    relay = await startRelayOn(kind, { reports: { ...defaultReportsConfig, fileDir } });
    entity = relay.merchant.entityId;
    other = await relay.addEntity(relay.merchant.merchantId);
    // The relay's clock is at 2026-11-22 12:00 UTC: both entities are paid that day.
    paid.first = await pay(entity, '12.00', 'order-first');
    paid.second = await pay(entity, '3.50', 'order-second');
    paid.other = await pay(other, '7.00', 'order-other');
  });
  afterAll(async () => {
    await relay.close();
    rmSync(fileDir, { recursive: true, force: true });
  });

  it('leaves the day alone until the clock passes its end plus the cut-off', async () => {
    expect((await move('2026-11-23 01:59:59')).settledDays).toBe(0);
    expect(await aggregations(entity)).toEqual([]);
    expect(await settlementOf(entity, 'order-first')).toBeUndefined();
  });

  it("settles the entity's day, with its records, marks and reconciliation file, before the move answers", async () => {
    expect((await move('2026-11-23 02:00:00')).settledDays).toBe(1);
    const [day, ...more] = await aggregations(entity);
    expect(more).toEqual([]);
    expect(day).toMatchObject({ date: '2026-11-22', currency: 'EUR', records: 2, totals: { settled: '15.50' } });
    // The day's records and its payments' marks, dated the day the entity's clock settled it.
    const records = (await relay.get(`/reports/v2/reconciliations/aggregations/${day!.id}?entityId=${entity}`)).json<{ records: { id: string }[] }>().records;
    expect(records.map((r) => r.id).sort()).toEqual([paid.first, paid.second].sort());
    expect(await settlementOf(entity, 'order-first')).toEqual({ status: 'SUCCESS', date: '2026-11-23', aggregationId: day!.id });
    expect((await settlementOf(entity, 'order-second'))?.aggregationId).toBe(day!.id);
    // The daily file and its checksum, beside it and in the aggregation, are the download's bytes.
    const file = readFileSync(fileOf(entity, '2026-11-22'));
    const sha256 = createHash('sha256').update(file).digest('hex');
    expect(day!.fileSha256).toBe(sha256);
    expect(readFileSync(`${fileOf(entity, '2026-11-22')}.sha256`, 'utf8')).toBe(`${sha256}  reconciliation-${entity}-2026-11-22.csv\n`);
    const download = await relay.get(`/reports/v1/reconciliations/file?entityId=${entity}&date.from=2026-11-22&date.to=2026-11-22`);
    expect(download.rawPayload.equals(file)).toBe(true);
    expect(file.toString('utf8')).toContain(paid.first);
  });

  it("does not settle another entity's same day", async () => {
    expect(await aggregations(other)).toEqual([]);
    expect(await settlementOf(other, 'order-other')).toBeUndefined();
    expect(existsSync(join(fileDir, other))).toBe(false);
  });

  it("settles a day of charges made at the entity's time", async () => {
    const registration = (await relay.post('/v1/registrations', { entityId: entity, paymentBrand: 'VISA', ...testCard() })).json<{ id: string }>().id;
    const schedule = await relay.post('/scheduling/v1/schedules', { entityId: entity, registrationId: registration, amount: '9.90', currency: 'EUR', paymentType: 'DB', 'job.dayOfMonth': '24', 'job.hour': '8' });
    expect(schedule.statusCode, schedule.body).toBe(200);
    expect(await move('2026-11-25 02:00:00')).toMatchObject({ scheduleCharges: 1, settledDays: 1 });
    expect((await aggregations(entity)).map((a) => [a.date, a.records, a.totals.settled])).toEqual([
      ['2026-11-22', 2, '15.50'],
      ['2026-11-24', 1, '9.90'],
    ]);
    expect(existsSync(fileOf(entity, '2026-11-24'))).toBe(true);
  });

  it('settles nothing twice: not on another move, not by the job, not by both at once', async () => {
    const before = await aggregations(entity);
    const sums = before.map((a) => readFileSync(fileOf(entity, a.date)).toString('hex'));
    expect((await move('2026-11-26 12:00:00')).settledDays).toBe(0);
    // The relay's own clock reaches the close of the 22nd: its job settles the other entity's day,
    // and a move of the first entity at the same moment adds nothing.
    relay.clock.set(Date.UTC(2026, 10, 23, 2, 0, 0));
    const [round, ran] = await Promise.all([relay.ctx.jobs.runDue(), move('2026-11-27 12:00:00')]);
    expect(round.failed + round.retried).toBe(0);
    expect(ran.settledDays).toBe(0);
    expect(await aggregations(entity)).toEqual(before);
    expect(before.map((a) => readFileSync(fileOf(entity, a.date)).toString('hex'))).toEqual(sums);
    expect((await aggregations(other)).map((a) => [a.date, a.records])).toEqual([['2026-11-22', 1]]);
    expect((await settlementOf(other, 'order-other'))?.status).toBe('SUCCESS');
  });
});
