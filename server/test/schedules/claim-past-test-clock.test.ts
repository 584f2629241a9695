// A charge held by a try of a relay that died, on an entity whose test clock then moves days ahead:
// the held claim is still resolved as in doubt (its authorization voided) before the occurrence is
// charged again, instead of being taken as a key past its lifetime and dropped with its
// authorization left approved, money held on the card with no payment to show for it. Found by
// the soak (docs/soak.md): test clock moves during a relay's SIGKILL.
import { hash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';
import { occurrenceId } from '../../src/schedules/fire.js';
import { claimReference } from '../../src/flows/outcome.js';

let relay: TestRelay;
beforeEach(async () => {
  relay = await startTestRelay();
});
afterEach(async () => {
  await relay.close();
});

const DAY = 86_400_000;
const DUE = Date.UTC(2026, 11, 1);
const CHARGE_HASH = hash('sha256', 'schedule-charge', 'hex');

describe("a dead relay's charge on an entity whose test clock moves on", () => {
  it('is resolved, its authorization voided, before the occurrence is charged once', async () => {
    const entityId = relay.merchant.entityId;
    const registration = await relay.post('/v1/registrations', { entityId, paymentBrand: 'VISA', ...testCard() });
    const registrationId = (registration.json() as { id: string }).id;
    const created = await relay.post('/scheduling/v1/schedules', { entityId, registrationId, amount: '19.99', currency: 'EUR', paymentType: 'DB', 'job.dayOfMonth': '1', 'job.month': '*' });
    const scheduleId = (created.json() as { id: string }).id;
    relay.clock.set(DUE + 300);
    // Fires the run and queues its charge.
    await relay.ctx.jobs.runDue();
    const held = occurrenceId(scheduleId, DUE);

    // A try of a relay that died after the simulator approved, before it wrote the payment.
    const leaseUntil = DUE + 300 + 20_000;
    expect((await relay.ctx.store.idempotency.claim(entityId, held, CHARGE_HASH, DUE + 300, 0, { owner: 'relay-gone', leaseUntil })).kind).toBe('claimed');
    const deadReference = claimReference(entityId, held, DUE + 300);
    await relay.ctx.store.simulatorJournal.recordAuthorization({ reference: deadReference, entityId, paymentId: 'p'.repeat(32), paymentType: 'DB', amount: 1999, currency: 'EUR', resultCode: '000.100.110', state: 'approved', createdAt: DUE + 300, voidedAt: null });

    // The entity's time moves two days on, past the life of a key (IDEMPOTENCY_TTL_HOURS, 24).
    await relay.ctx.store.schedules.moveTestClock(entityId, DUE + 2 * DAY, relay.clock.now());
    await relay.ctx.jobs.runDue();
    // The claim is a live relay's for all this relay knows: not taken while its lease runs.
    expect((await relay.ctx.store.schedules.findOccurrence(held))?.occurrence.status).toBe('due');

    relay.clock.set(leaseUntil + 100);
    await relay.ctx.jobs.runDue();
    const occurrence = (await relay.ctx.store.schedules.findOccurrence(held))?.occurrence;
    expect(occurrence?.status).toBe('succeeded');
    expect((await relay.ctx.store.simulatorJournal.findAuthorization(deadReference))?.state).toBe('voided');
  });
});
