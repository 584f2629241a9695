// The Stored cards page's API: the cards of the channels a person may see, masked, in pages, with
// their active schedules counted; deleting one through the merchant API's own deletion (its
// schedules cancelled, registrationDeleted sent) with its audit row; another merchant's, an unseen
// channel's or a deleted card answered as such; bad parameters answered 400 naming them.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../support/webhook-receiver.js';
import type { BackofficeClient } from './harness.js';
import { scheduleCharges, startPaymentsBackoffice, storeCard, type PaymentsBackoffice, type ShopOfBackoffice } from './payments-fixture.js';

const CARD = '4200000000000000';

let p: PaymentsBackoffice;
let owner: BackofficeClient;
let other: ShopOfBackoffice;
let secondChannel: ShopOfBackoffice;

beforeAll(async () => {
  p = await startPaymentsBackoffice();
  owner = await p.bo.signIn('owner', { merchantId: p.shop.merchantId });
  other = await p.addShop();
  secondChannel = { ...p.shop, entityId: await p.bo.addEntity(p.shop.merchantId) };
});
afterAll(() => p.close());

interface Row {
  id: string;
  channel: { entityId: string; name: string };
  paymentBrand: string;
  bin: string;
  last4: string;
  expiryMonth: string;
  expiryYear: string;
  holder: string | null;
  createdAt: number;
  activeSchedules: number;
}

const list = async (client: BackofficeClient, query = '') => {
  const res = await client.get(`/api/registrations${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { registrations: Row[]; next?: string };
};

describe('GET /api/registrations', () => {
  it('lists the cards masked, newest first, with their channel and active schedules, never the number', async () => {
    const older = await storeCard(p);
    p.bo.clock.advance(1_000);
    const newer = await storeCard(p, p.shop, '5454545454545454');
    await scheduleCharges(p, newer);
    await scheduleCharges(p, newer, { 'job.dayOfMonth': '15', 'job.hour': '9' });
    const res = await owner.get('/api/registrations');
    expect(res.body).not.toContain(CARD);
    expect(res.body).not.toContain('5454545454545454');
    const rows = (res.json() as { registrations: Row[] }).registrations;
    const ids = rows.map((r) => r.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(rows.find((r) => r.id === newer)).toEqual({
      id: newer,
      channel: { entityId: p.shop.entityId, name: 'Shop channel' },
      paymentBrand: 'MASTER',
      bin: '545454',
      last4: '5454',
      expiryMonth: '05',
      expiryYear: '2034',
      holder: 'Jane Jones',
      createdAt: p.bo.clock.now(),
      activeSchedules: 2,
    });
    expect(rows.find((r) => r.id === older)).toMatchObject({ paymentBrand: 'VISA', bin: '420000', last4: '0000', activeSchedules: 0 });
  });

  it("filters by channel, and answers an unseen channel, another merchant's, as not found", async () => {
    const there = await storeCard(p, secondChannel);
    const foreign = await storeCard(p, other);
    const only = await list(owner, `?channel=${secondChannel.entityId}`);
    expect(only.registrations.map((r) => r.id)).toEqual([there]);
    expect((await list(owner)).registrations.map((r) => r.id)).not.toContain(foreign);
    const unseen = await owner.get(`/api/registrations?channel=${other.entityId}`);
    expect(unseen.statusCode).toBe(404);
    expect(unseen.json().error.code).toBe('notFound');
  });

  it('shows a person kept to one channel only the cards of that channel', async () => {
    const kept = await p.bo.signIn('support', { merchantId: p.shop.merchantId, channelIds: [secondChannel.entityId] });
    const rows = (await list(kept)).registrations;
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.channel.entityId))).toEqual(new Set([secondChannel.entityId]));
    expect((await kept.get(`/api/registrations?channel=${p.shop.entityId}`)).statusCode).toBe(404);
  });

  it('pages through every card with the cursor, each once', async () => {
    const all = (await list(owner)).registrations.map((r) => r.id);
    expect(all.length).toBeGreaterThanOrEqual(3);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(owner, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.registrations.length).toBeLessThanOrEqual(2);
      seen.push(...page.registrations.map((r) => r.id));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('answers bad parameters 400, naming them', async () => {
    for (const [query, name] of [
      ['?cursor=nope', 'cursor'],
      ['?limit=0', 'limit'],
      ['?limit=201', 'limit'],
      ['?cursor=a&cursor=b', 'cursor'],
    ] as const) {
      const res = await owner.get(`/api/registrations${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalidParameters', parameters: [{ name }] });
    }
  });
});

describe('DELETE /api/registrations/:id', () => {
  it("deletes through the merchant API's deletion: the card gone, its schedules cancelled, the event sent, the audit row written", async () => {
    // An active endpoint of the channel, so its events are kept to be sent.
    const receiver = await startReceiver();
    receiver.answer = () => 200;
    const endpoint = await p.post('/v1/webhooks', { entityId: p.shop.entityId, url: receiver.url });
    expect(endpoint.json().state, endpoint.body).toBe('active');
    await receiver.close();
    const id = await storeCard(p);
    const schedule = await scheduleCharges(p, id);
    const eventsBefore = (await p.bo.store.webhooks.eventsOf(id)).length;
    const res = await owner.delete(`/api/registrations/${id}`);
    expect(res.statusCode, res.body).toBe(204);
    const read = await p.api.inject({ method: 'GET', url: `/v1/registrations/${id}?entityId=${p.shop.entityId}`, headers: { authorization: `Bearer ${p.shop.token}` } });
    expect(read.statusCode).toBe(404);
    expect((await p.bo.store.schedules.find(p.shop.entityId, schedule))?.status).toBe('cancelled');
    const events = await p.bo.store.webhooks.eventsOf(id);
    expect(eventsBefore).toBe(1);
    expect(events.length).toBe(eventsBefore + 1);
    expect(JSON.parse(events[events.length - 1]!.payload).id).toBe(id);
    expect((await list(owner)).registrations.map((r) => r.id)).not.toContain(id);
    // Rows of one instant are in no set order: the row is looked for by what it names.
    const entry = (await p.bo.store.audit.list(p.shop.merchantId, {}, undefined, 1000)).entries.find((e) => e.action === 'storedCard.delete' && e.target === id);
    expect(entry).toMatchObject({ action: 'storedCard.delete', target: id, userId: owner.user!.id, before: { status: 'stored', last4: '0000' }, after: { status: 'deleted' } });
    expect(JSON.stringify(entry)).not.toContain(CARD);
  });

  it('answers a card deleted already as a conflict, and writes nothing more', async () => {
    const id = await storeCard(p);
    expect((await owner.delete(`/api/registrations/${id}`)).statusCode).toBe(204);
    const rows = (await p.bo.store.audit.list(p.shop.merchantId, {}, undefined, 1000)).entries.length;
    const again = await owner.delete(`/api/registrations/${id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('conflict');
    expect((await p.bo.store.audit.list(p.shop.merchantId, {}, undefined, 1000)).entries.length).toBe(rows);
  });

  it("answers another merchant's card, an unseen channel's and an id of no card as not found, deleting nothing", async () => {
    const foreign = await storeCard(p, other);
    const there = await storeCard(p, secondChannel);
    const kept = await p.bo.signIn('owner', { merchantId: p.shop.merchantId, channelIds: [p.shop.entityId] });
    for (const [client, id] of [
      [owner, foreign],
      [kept, there],
      [owner, 'x'],
      [owner, '0'.repeat(32)],
    ] as const) {
      const res = await client.delete(`/api/registrations/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.code).toBe('notFound');
    }
    expect((await p.bo.store.registrations.find(other.entityId, foreign))?.deletedAt).toBeNull();
    expect((await p.bo.store.registrations.find(secondChannel.entityId, there))?.deletedAt).toBeNull();
  });
});
