// A test clock move that steps through a run another try is charging (the jobs runner took the
// charge job the firing queued, or a relay died holding it): the move waits for that try, at most
// until its lease runs out, and answers 200 with the run charged once, never 500 with the jobs
// runner's "try again later". Found by the soak (docs/soak.md): moves racing the relays' runners.
import { hash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';
import { occurrenceId } from '../../src/schedules/fire.js';

let relay: TestRelay;
beforeEach(async () => {
  relay = await startTestRelay();
});
afterEach(async () => {
  await relay.close();
});

const CHARGE_HASH = hash('sha256', 'schedule-charge', 'hex');

describe('a test clock move over a run another try holds', () => {
  it("waits until that try's lease runs out, then charges the run once and answers 200", async () => {
    const entityId = relay.merchant.entityId;
    const registration = await relay.post('/v1/registrations', { entityId, paymentBrand: 'VISA', ...testCard() });
    const registrationId = (registration.json() as { id: string }).id;
    const created = await relay.post('/scheduling/v1/schedules', { entityId, registrationId, amount: '19.99', currency: 'EUR', paymentType: 'DB', 'job.dayOfMonth': '1', 'job.month': '*' });
    const scheduleId = (created.json() as { id: string }).id;
    const run = occurrenceId(scheduleId, Date.UTC(2026, 11, 1));

    // Another relay's try holds the run's claim before the move fires it.
    const leaseUntil = relay.clock.now() + 20_000;
    expect((await relay.ctx.store.idempotency.claim(entityId, run, CHARGE_HASH, relay.clock.now(), 0, { owner: 'relay-elsewhere', leaseUntil })).kind).toBe('claimed');

    // Known once the move looks at the run a second time: it is waiting for the other try.
    const schedules = relay.ctx.store.schedules;
    const find = schedules.findOccurrence.bind(schedules);
    let looks = 0;
    let waiting!: () => void;
    const moveWaits = new Promise<void>((resolve) => (waiting = resolve));
    schedules.findOccurrence = async (id) => {
      if (id === run && ++looks === 2) waiting();
      return find(id);
    };
    const move = relay.post('/v1/test/clock', { entityId, time: '2026-12-02 00:00:00' });
    const answeredFirst = move.then((a) => {
      throw new Error(`the move answered ${a.statusCode} without waiting: ${a.body}`);
    });
    await Promise.race([moveWaits, answeredFirst]);
    answeredFirst.catch(() => undefined);
    // That try never finishes: its lease runs out, and the move resolves it and charges.
    relay.clock.set(leaseUntil + 1_000);
    const answer = await move;
    schedules.findOccurrence = find;

    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ ran: { scheduleCharges: 1 } });
    const occurrence = (await find(run))?.occurrence;
    expect(occurrence?.status).toBe('succeeded');
    const read = await relay.get(`/scheduling/v1/schedules/${scheduleId}?entityId=${entityId}`);
    expect((read.json() as { occurrences: unknown[] }).occurrences).toHaveLength(1);
  });
});
