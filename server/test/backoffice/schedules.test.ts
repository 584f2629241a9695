// The Schedules pages' API: the schedules of the channels a person may see with their job in words
// and next run, filtered by state; one schedule's next runs in its channel's zone (across a change
// of summer time) and the history of its charges with their payments; the cancel through the
// merchant API's own, with its audit row; another merchant's or an unseen channel's schedule not
// found; bad parameters answered 400 naming them.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntity } from '../../src/merchants/bootstrap.js';
import type { BackofficeClient } from './harness.js';
import { scheduleCharges, startPaymentsBackoffice, storeCard, type PaymentsBackoffice, type ShopOfBackoffice } from './payments-fixture.js';

let p: PaymentsBackoffice;
let owner: BackofficeClient;
let other: ShopOfBackoffice;
/** A channel of the shop whose time zone is Europe/Berlin. */
let berlin: ShopOfBackoffice;

beforeAll(async () => {
  p = await startPaymentsBackoffice();
  owner = await p.bo.signIn('owner', { merchantId: p.shop.merchantId });
  other = await p.addShop();
  const entity = await createEntity(p.bo.store, { merchantId: p.shop.merchantId, name: 'Berlin shop', settings: { timeZone: 'Europe/Berlin' } }, p.bo.clock.now());
  berlin = { ...p.shop, entityId: entity.id };
});
afterAll(() => p.close());

const utc = (text: string) => Date.parse(`${text}Z`);

interface Row {
  id: string;
  channel: { entityId: string; name: string };
  registrationId: string;
  card: { paymentBrand: string; last4: string; holder: string | null; deleted: boolean } | null;
  state: string;
  amount: string;
  currency: string;
  paymentType: string;
  job: { expression: string; description: string | null; timeZone: string };
  nextRunAt: number | null;
}

const list = async (query = '', client = owner) => {
  const res = await client.get(`/api/schedules${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { schedules: Row[]; next?: string };
};

describe('GET /api/schedules', () => {
  it('lists the schedules with their job in words, in the channel’s zone, and the next run', async () => {
    const card = await storeCard(p, berlin);
    const id = await scheduleCharges(p, card, undefined, berlin);
    const row = (await list()).schedules.find((s) => s.id === id);
    expect(row).toEqual({
      id,
      channel: { entityId: berlin.entityId, name: 'Berlin shop' },
      registrationId: card,
      card: { paymentBrand: 'VISA', last4: '0000', holder: 'Jane Jones', deleted: false },
      paymentType: 'DB',
      amount: '9.90',
      currency: 'EUR',
      state: 'active',
      job: { expression: '0 0 8 1 * ? *', description: 'At 08:00, on day 1 of the month, Europe/Berlin', timeZone: 'Europe/Berlin' },
      // 08:00 in Berlin in winter.
      nextRunAt: utc('2026-12-01T07:00:00'),
      createdAt: p.bo.clock.now(),
    });
  });

  it('filters by state and by channel; an unseen channel is not found', async () => {
    const active = await scheduleCharges(p, await storeCard(p));
    const cancelled = await scheduleCharges(p, await storeCard(p));
    expect((await owner.post(`/api/schedules/${cancelled}/cancel`)).statusCode).toBe(200);
    const ofState = async (state: string) => (await list(`?state=${state}`)).schedules.map((s) => s.id);
    expect(await ofState('active')).toContain(active);
    expect(await ofState('active')).not.toContain(cancelled);
    expect(await ofState('cancelled')).toEqual([cancelled]);
    const here = (await list(`?channel=${p.shop.entityId}`)).schedules;
    expect(new Set(here.map((s) => s.channel.entityId))).toEqual(new Set([p.shop.entityId]));
    expect((await owner.get(`/api/schedules?channel=${other.entityId}`)).statusCode).toBe(404);
    const foreign = await scheduleCharges(p, await storeCard(p, other), undefined, other);
    expect((await list()).schedules.map((s) => s.id)).not.toContain(foreign);
  });

  it('pages through every schedule with the cursor, each once', async () => {
    const all = (await list()).schedules.map((s) => s.id);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.schedules.map((s) => s.id));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('answers bad parameters 400, naming them', async () => {
    for (const [query, name] of [
      ['?state=paused', 'state'],
      ['?cursor=../x', 'cursor'],
      ['?limit=x', 'limit'],
    ] as const) {
      const res = await owner.get(`/api/schedules${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalidParameters', parameters: [{ name }] });
    }
  });
});

describe('GET /api/schedules/:id', () => {
  it("shows the next runs in the channel's zone, across the change to summer time", async () => {
    const id = await scheduleCharges(p, await storeCard(p, berlin), undefined, berlin);
    const res = await owner.get(`/api/schedules/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().nextRuns).toEqual([utc('2026-12-01T07:00:00'), utc('2027-01-01T07:00:00'), utc('2027-02-01T07:00:00'), utc('2027-03-01T07:00:00'), utc('2027-04-01T06:00:00')]);
    expect(res.json().card).toMatchObject({ paymentBrand: 'VISA', bin: '420000', last4: '0000', expiryMonth: '05', expiryYear: '2034', deleted: false });
    expect(res.body).not.toContain('4200000000000000');
  });

  it('shows the history of its charges, newest first, with their results and payments', async () => {
    const card = await storeCard(p, berlin);
    const id = await scheduleCharges(p, card, undefined, berlin);
    // The channel's test clock moves past two runs: both are charged before it answers.
    const moved = await p.post('/v1/test/clock', { entityId: berlin.entityId, time: '2027-01-15 00:00:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    const res = await owner.get(`/api/schedules/${id}`);
    const body = res.json() as { charges: { scheduledAt: number; status: string; paymentId: string | null; result: { code: string; description: string } | null }[]; nextRuns: number[]; nextRunAt: number };
    expect(body.charges.map((c) => [c.scheduledAt, c.status])).toEqual([
      [utc('2027-01-01T07:00:00'), 'succeeded'],
      [utc('2026-12-01T07:00:00'), 'succeeded'],
    ]);
    for (const charge of body.charges) {
      expect(charge.result?.code).toMatch(/^000\./);
      expect(charge.result?.description).toBeTruthy();
      // The page links to the payment: the back office shows it.
      const payment = await owner.get(`/api/payments/${charge.paymentId}`);
      expect(payment.statusCode, payment.body).toBe(200);
    }
    expect(body.nextRunAt).toBe(utc('2027-02-01T07:00:00'));
    expect(body.nextRuns[0]).toBe(body.nextRunAt);
  });

  it("answers another merchant's schedule, an unseen channel's and an id of no schedule as not found", async () => {
    const foreign = await scheduleCharges(p, await storeCard(p, other), undefined, other);
    const there = await scheduleCharges(p, await storeCard(p, berlin), undefined, berlin);
    const kept = await p.bo.signIn('viewer', { merchantId: p.shop.merchantId, channelIds: [p.shop.entityId] });
    for (const [client, id] of [
      [owner, foreign],
      [kept, there],
      [owner, 'nope'],
      [owner, 'f'.repeat(32)],
    ] as const) {
      const res = await client.get(`/api/schedules/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.code).toBe('notFound');
    }
  });
});

describe('POST /api/schedules/:id/cancel', () => {
  it("cancels through the merchant API's cancel, with its audit row", async () => {
    const id = await scheduleCharges(p, await storeCard(p));
    const res = await owner.post(`/api/schedules/${id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, state: 'cancelled', nextRunAt: null, nextRuns: [] });
    const read = await p.api.inject({ method: 'GET', url: `/scheduling/v1/schedules/${id}?entityId=${p.shop.entityId}`, headers: { authorization: `Bearer ${p.shop.token}` } });
    expect(read.json().status).toBe('cancelled');
    // Rows of one instant are in no set order: the row is looked for by what it names.
    const entry = (await p.bo.store.audit.list(p.shop.merchantId, {}, undefined, 1000)).entries.find((e) => e.action === 'schedule.cancel' && e.target === id);
    expect(entry).toMatchObject({ action: 'schedule.cancel', target: id, userId: owner.user!.id, address: '127.0.0.1', before: { status: 'active' }, after: { status: 'cancelled' } });
  });

  it('answers a schedule no longer active as a conflict, writing nothing', async () => {
    const id = await scheduleCharges(p, await storeCard(p));
    expect((await owner.post(`/api/schedules/${id}/cancel`)).statusCode).toBe(200);
    const rows = (await p.bo.store.audit.list(p.shop.merchantId, {}, undefined, 1000)).entries.length;
    const again = await owner.post(`/api/schedules/${id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'conflict', message: 'this schedule is cancelled already' });
    expect((await p.bo.store.audit.list(p.shop.merchantId, {}, undefined, 1000)).entries.length).toBe(rows);
  });

  it("answers another merchant's schedule as not found, cancelling nothing", async () => {
    const foreign = await scheduleCharges(p, await storeCard(p, other), undefined, other);
    const res = await owner.post(`/api/schedules/${foreign}/cancel`);
    expect(res.statusCode).toBe(404);
    expect((await p.bo.store.schedules.find(other.entityId, foreign))?.status).toBe('active');
  });

  it('is refused to a viewer (403), cancelling nothing', async () => {
    const id = await scheduleCharges(p, await storeCard(p));
    const viewer = await p.bo.signIn('viewer', { merchantId: p.shop.merchantId });
    expect((await viewer.post(`/api/schedules/${id}/cancel`)).statusCode).toBe(403);
    expect((await p.bo.store.schedules.find(p.shop.entityId, id))?.status).toBe('active');
  });
});
