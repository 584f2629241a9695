// The in-doubt resolution with several relays on one store: a claim another relay holds is left
// alone while its lease runs, and resolved once it has run out; this relay's own claims from
// before a restart are resolved at once.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveInDoubtRequests } from '../../src/jobs/in-doubt.js';
import { JOB_KINDS } from '../../src/app/job-kinds.js';
import { startTestRelay, type TestRelay } from '../helper.js';

let relay: TestRelay;
beforeAll(async () => {
  relay = await startTestRelay({ relayId: 'relay-a', claimLeaseMs: 120_000 });
});
afterAll(async () => relay.close());

const silent = { info: () => undefined };

describe('requests in doubt, with several relays', () => {
  it("never resolves a live claim of another relay; resolves it once its lease ran out, and this relay's own at once", async () => {
    const { store } = relay.ctx;
    const entityId = relay.merchant.entityId;
    const now = relay.clock.now();
    await store.idempotency.claim(entityId, 'held-by-b', 'h', now, 0, { owner: 'relay-b', leaseUntil: now + 120_000 });
    await store.idempotency.claim(entityId, 'mine-before-restart', 'h', now, 0, { owner: 'relay-a', leaseUntil: now + 120_000 });
    // While serving, this relay's own claims are requests in flight: only expired leases count.
    expect(await resolveInDoubtRequests(relay.ctx, silent, 'while-serving')).toBe(0);
    // At start-up they are its own from before the restart.
    expect(await resolveInDoubtRequests(relay.ctx, silent, 'at-start-up')).toBe(1);
    const claim = (key: string) => store.idempotency.claim(entityId, key, 'h', relay.clock.now(), 0, { owner: 'relay-c', leaseUntil: relay.clock.now() + 1 });
    // A claim in progress tells when its holder's lease runs out.
    expect(await claim('held-by-b')).toEqual({ kind: 'in-progress', leaseUntil: now + 120_000 });
    expect(await claim('mine-before-restart')).toEqual({ kind: 'claimed' });

    // The periodic job leaves a live claim of this relay alone however often it runs.
    const inFlightUntil = relay.clock.now() + 300_000;
    await store.idempotency.claim(entityId, 'mine-in-flight', 'h', relay.clock.now(), 0, { owner: 'relay-a', leaseUntil: inFlightUntil });
    relay.clock.advance(120_001);
    // As the periodic job of any relay: the lease of relay-b has run out.
    await relay.ctx.jobs.runDue();
    expect((await store.jobs.count(JOB_KINDS.inDoubt)).done).toBeGreaterThanOrEqual(1);
    expect(await claim('held-by-b')).toEqual({ kind: 'claimed' });
    expect(await claim('mine-in-flight')).toEqual({ kind: 'in-progress', leaseUntil: inFlightUntil });
  });
});
