// The test clock through the API: moving an entity's time runs its schedules' charges up to the
// new time, each run in order and charged at its own time (nothing skipped), before the call
// answers; only forward; per entity; refused in the live environment.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';

let relay: TestRelay;
beforeEach(async () => {
  relay = await startTestRelay();
});
afterEach(async () => {
  await relay.close();
});

const entity = () => relay.merchant.entityId;
const clockOf = async (entityId = entity(), token?: string) => (await relay.get(`/v1/test/clock?entityId=${entityId}`, token ? { token } : {})).json() as { time: string };
const move = (time: string) => relay.post('/v1/test/clock', { entityId: entity(), time });

async function monthly(): Promise<string> {
  const registration = await relay.post('/v1/registrations', { entityId: entity(), paymentBrand: 'VISA', ...testCard() });
  const res = await relay.post('/scheduling/v1/schedules', { entityId: entity(), registrationId: (registration.json() as { id: string }).id, amount: '9.90', currency: 'EUR', paymentType: 'DB', 'job.dayOfMonth': '1', 'job.hour': '8' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}

describe('the test clock', () => {
  it("reads the relay's time until it is moved", async () => {
    expect((await clockOf()).time).toBe('2026-11-22 12:00:00+0000');
  });

  it('runs every charge due up to the new time, in order, each at its own time, before it answers', async () => {
    const id = await monthly();
    const res = await move('2027-03-15 00:00:00');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ entityId: entity(), time: '2027-03-15 00:00:00+0000', ran: { scheduleCharges: 4 }, result: { code: '000.000.000' } });
    expect((await clockOf()).time).toBe('2027-03-15 00:00:00+0000');
    const got = (await relay.get(`/scheduling/v1/schedules/${id}?entityId=${entity()}`)).json() as { nextRunAt: string; occurrences: { scheduledAt: string; status: string; paymentId: string }[] };
    expect(got.occurrences.map((o) => [o.scheduledAt, o.status])).toEqual([
      ['2026-12-01 08:00:00+0000', 'succeeded'],
      ['2027-01-01 08:00:00+0000', 'succeeded'],
      ['2027-02-01 08:00:00+0000', 'succeeded'],
      ['2027-03-01 08:00:00+0000', 'succeeded'],
    ]);
    expect(got.nextRunAt).toBe('2027-04-01 08:00:00+0000');
    const payment = (await relay.get(`/v1/payments/${got.occurrences[2]?.paymentId}?entityId=${entity()}`)).json() as { timestamp: string; scheduleId: string };
    expect(payment.scheduleId).toBe(id);
    // The relay's own jobs find nothing more to charge.
    relay.clock.set(Date.UTC(2027, 2, 1, 8, 0, 1));
    await relay.ctx.jobs.runDue();
    await relay.ctx.jobs.runDue();
    expect(((await relay.get(`/scheduling/v1/schedules/${id}?entityId=${entity()}`)).json() as { occurrences: unknown[] }).occurrences).toHaveLength(4);
  });

  it('only moves forward', async () => {
    expect((await move('2027-01-01 00:00:00')).statusCode).toBe(200);
    for (const time of ['2027-01-01 00:00:00', '2026-12-31 23:59:59']) {
      const res = await move(time);
      expect(res.statusCode).toBe(400);
      const result = (res.json() as { result: { code: string; parameterErrors: { name: string }[] } }).result;
      expect([result.code, result.parameterErrors[0]?.name]).toEqual(['200.300.404', 'time']);
    }
    expect((await move('2026-11-01 00:00:00')).statusCode).toBe(400);
    expect((await clockOf()).time).toBe('2027-01-01 00:00:00+0000');
  });

  it("moves one entity's time only; a schedule created after a move starts from the entity's time", async () => {
    const other = await relay.addMerchant();
    await move('2027-06-10 00:00:00');
    expect((await clockOf(other.entityId, other.token)).time).toBe('2026-11-22 12:00:00+0000');
    const id = await monthly();
    const got = (await relay.get(`/scheduling/v1/schedules/${id}?entityId=${entity()}`)).json() as { nextRunAt: string };
    expect(got.nextRunAt).toBe('2027-07-01 08:00:00+0000');
  });

  it("follows the relay's clock once it passes the moved time", async () => {
    await move('2026-12-01 00:00:00');
    relay.clock.set(Date.UTC(2027, 0, 1, 10, 0, 0));
    expect((await clockOf()).time).toBe('2027-01-01 10:00:00+0000');
  });

  it('refuses a bad time with the catalogue error', async () => {
    const res = await move('2027-13-01 00:00:00');
    expect(res.statusCode).toBe(400);
    expect((res.json() as { result: { parameterErrors: { name: string }[] } }).result.parameterErrors[0]?.name).toBe('time');
  });
});

describe('the test clock in the live environment', () => {
  it('is refused', async () => {
    const live = await startTestRelay({ environment: 'live' });
    try {
      const post = await live.post('/v1/test/clock', { entityId: live.merchant.entityId, time: '2027-01-01 00:00:00' });
      expect([post.statusCode, (post.json() as { result: { code: string } }).result.code]).toEqual([403, '100.360.400']);
      const get = await live.get(`/v1/test/clock?entityId=${live.merchant.entityId}`);
      expect(get.statusCode).toBe(403);
    } finally {
      await live.close();
    }
  });
});
