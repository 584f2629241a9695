// The notifications routes of the back office (webhooks.manage) against the real relay: endpoints
// made, changed, tested and removed through the relay's webhook service with a real receiver on
// this host, their audit rows (never a secret), the delivery log with its attempts, filters and
// pages, one event's deliveries, redeliveries, and the merchant secret's rotation with its overlap.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/roles.js';
import { createEntity } from '../../src/merchants/bootstrap.js';
import { decryptNotification } from '../../src/webhooks/cipher.js';
import { startReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import type { BackofficeClient, NewUser } from './harness.js';
import { startPaymentsBackoffice, type PaymentsBackoffice } from './payments-fixture.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

let env: PaymentsBackoffice;
let receiver: WebhookReceiver;
let owner: BackofficeClient;

beforeEach(async () => {
  env = await startPaymentsBackoffice();
  receiver = await startReceiver();
  owner = await signIn('owner');
});

afterEach(async () => {
  await receiver.close();
  await env.close();
});

function signIn(role: Role, options: NewUser = {}) {
  return env.bo.signIn(role, { merchantId: env.shop.merchantId, ...options });
}

/** An endpoint of the shop's channel on the receiver, made through the back office; its id and secret. */
async function addEndpoint(body: Record<string, unknown> = {}): Promise<{ id: string; secret: string }> {
  const res = await owner.post('/api/webhooks', { entityId: env.shop.entityId, url: receiver.url, eventTypes: [], ...body });
  expect(res.statusCode, res.body).toBe(201);
  receiver.secrets.push(res.json().secret);
  return { id: res.json().endpoint.id, secret: res.json().secret };
}

const auditRows = async (action: string) => (await env.bo.store.audit.list(env.shop.merchantId, { action }, undefined, 100)).entries;

describe('endpoints', () => {
  it('adds one with its secret shown once, activated by a test notification the receiver opens with it, and audited without the secret', async () => {
    const res = await owner.post('/api/webhooks', { entityId: env.shop.entityId, url: receiver.url, eventTypes: ['PAYMENT'] });
    expect(res.statusCode, res.body).toBe(201);
    const { endpoint, secret, activation } = res.json();
    expect(secret).toMatch(/^[0-9a-f]{64}$/i);
    expect(endpoint).toMatchObject({ entityId: env.shop.entityId, url: receiver.url, eventTypes: ['PAYMENT'], state: 'active' });
    expect(activation).toMatchObject({ acknowledged: true, status: 200 });
    const [sent] = receiver.received;
    const opened = JSON.parse(decryptNotification(secret, { body: sent!.body, iv: String(sent!.headers['x-initialization-vector']), tag: String(sent!.headers['x-authentication-tag']) }));
    expect(opened).toMatchObject({ type: 'test', action: 'webhook activation' });

    // Never again: not in the list, not in one endpoint, not in an audit row.
    expect((await owner.get('/api/webhooks')).body).not.toContain(secret);
    const one = await owner.get(`/api/webhooks/${endpoint.id}`);
    expect(one.json()).toMatchObject({ id: endpoint.id, state: 'active' });
    expect(one.body).not.toContain(secret);
    const [created] = await auditRows('webhook.create');
    expect(created).toMatchObject({ userId: owner.user!.id, target: endpoint.id, after: { url: receiver.url, eventTypes: ['PAYMENT'], state: 'inactive' } });
    expect(await auditRows('webhook.activate')).toEqual([expect.objectContaining({ target: endpoint.id, before: { state: 'inactive' }, after: { state: 'active' } })]);
    const all = JSON.stringify(await env.bo.store.audit.list(env.shop.merchantId, {}, undefined, 100));
    expect(all).not.toContain(secret);
  });

  it('keeps an endpoint inactive when asked, or when the receiver does not acknowledge, and says why', async () => {
    const asked = await owner.post('/api/webhooks', { entityId: env.shop.entityId, url: receiver.url, eventTypes: [], active: false });
    expect(asked.json()).toMatchObject({ endpoint: { state: 'inactive' }, activation: null });
    receiver.answer = () => 503;
    const refused = await owner.post('/api/webhooks', { entityId: env.shop.entityId, url: receiver.url, eventTypes: [] });
    expect(refused.json()).toMatchObject({ endpoint: { state: 'inactive' }, activation: { acknowledged: false, status: 503, error: 'answered 503' } });
  });

  it('refuses bad input naming each parameter, and writes nothing', async () => {
    const res = await owner.post('/api/webhooks', { entityId: env.shop.entityId, url: 'ftp://x', eventTypes: ['NOPE'], active: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['active', 'eventTypes']);
    const url = await owner.post('/api/webhooks', { entityId: env.shop.entityId, url: 'ftp://x', eventTypes: [] });
    expect(url.statusCode).toBe(400);
    expect(url.json().error.parameters).toEqual([expect.objectContaining({ name: 'url' })]);
    expect((await owner.post('/api/webhooks', { url: receiver.url })).json().error.parameters.map((p: { name: string }) => p.name)).toEqual(['entityId']);
    expect((await owner.patch(`/api/webhooks/${'0'.repeat(32)}`, {})).statusCode).toBe(400);
    expect((await owner.get('/api/webhooks')).json().endpoints).toEqual([]);
    expect(await auditRows('webhook.create')).toEqual([]);
  });

  it('changes the URL and event types, deactivates and activates again, each with its audit row', async () => {
    const { id } = await addEndpoint();
    const other = await startReceiver();
    try {
      const changed = await owner.patch(`/api/webhooks/${id}`, { url: other.url, eventTypes: ['REGISTRATION'] });
      expect(changed.json().endpoint).toMatchObject({ url: other.url, eventTypes: ['REGISTRATION'], state: 'active' });
      expect(await auditRows('webhook.change')).toEqual([expect.objectContaining({ target: id, before: { url: receiver.url, eventTypes: [] }, after: { url: other.url, eventTypes: ['REGISTRATION'] } })]);
      const off = await owner.patch(`/api/webhooks/${id}`, { active: false });
      expect(off.json().endpoint.state).toBe('inactive');
      expect(await auditRows('webhook.deactivate')).toEqual([expect.objectContaining({ before: { state: 'active' }, after: { state: 'inactive' } })]);
      const on = await owner.patch(`/api/webhooks/${id}`, { active: true });
      expect(on.json()).toMatchObject({ endpoint: { state: 'active' }, activation: { acknowledged: true } });
      expect(other.received).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('sends a test and reports what the receiver answered', async () => {
    const { id } = await addEndpoint();
    receiver.answer = () => 500;
    const res = await owner.post(`/api/webhooks/${id}/test`);
    expect(res.json().test).toMatchObject({ acknowledged: false, status: 500, error: 'answered 500' });
    expect(receiver.notifications().at(-1)).toMatchObject({ type: 'test', action: 'webhook test' });
    expect(await auditRows('webhook.test')).toEqual([expect.objectContaining({ target: id, after: { acknowledged: false, status: 500 } })]);
  });

  it('removes one: it is gone from the list and answers 404', async () => {
    const { id } = await addEndpoint();
    expect((await owner.delete(`/api/webhooks/${id}`)).statusCode).toBe(204);
    expect((await owner.get(`/api/webhooks/${id}`)).statusCode).toBe(404);
    expect((await owner.get('/api/webhooks')).json().endpoints).toEqual([]);
    expect(await auditRows('webhook.remove')).toEqual([expect.objectContaining({ target: id, after: { state: 'removed' } })]);
    expect((await owner.delete(`/api/webhooks/${id}`)).statusCode).toBe(404);
  });

  it("answers 404 for an endpoint of a channel the person may not see, and for a channel they may not add to", async () => {
    const { id } = await addEndpoint();
    const second = await createEntity(env.bo.store, { merchantId: env.shop.merchantId, name: 'Second', settings: {} }, env.bo.clock.now());
    const limited = await signIn('admin', { channelIds: [second.id] });
    for (const res of [
      await limited.get(`/api/webhooks/${id}`),
      await limited.patch(`/api/webhooks/${id}`, { active: false }),
      await limited.delete(`/api/webhooks/${id}`),
      await limited.post(`/api/webhooks/${id}/test`),
      await limited.get(`/api/webhooks/${id}/deliveries`),
      await limited.post(`/api/webhooks/${id}/redeliveries`, { since: 0 }),
      await limited.post('/api/webhooks', { entityId: env.shop.entityId, url: receiver.url, eventTypes: [] }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await limited.get('/api/webhooks')).json().endpoints).toEqual([]);
  });
});

// Sessions age on the injected clock: a test that moves it past a session's idle time signs in again.
describe('the delivery log', () => {
  it('lists deliveries newest first with every attempt, the next attempt of a pending one, and filters them', async () => {
    const { id } = await addEndpoint();
    receiver.answer = () => ({ status: 500, body: Buffer.from('receiver down for maintenance') });
    const first = await env.pay('DB');
    await env.bo.ctx.jobs.runDue();
    env.bo.clock.advance(1_000);
    receiver.answer = () => 200;
    await env.pay('DB');
    await env.bo.ctx.jobs.runDue();

    const log = (await owner.get(`/api/webhooks/${id}/deliveries`)).json();
    expect(log.deliveries).toHaveLength(2);
    expect(log.next).toBeUndefined();
    const [delivered, pending] = log.deliveries;
    expect(delivered).toMatchObject({ state: 'delivered', event: 'PAYMENT.CREATED', nextAttemptAt: null, attempts: [{ number: 1, status: 200, response: 'ok', error: null }] });
    expect(pending).toMatchObject({ state: 'pending', recordId: first, attempts: [{ number: 1, status: 500, response: 'receiver down for maintenance', error: 'answered 500' }] });
    expect(pending.attempts[0].latencyMs).toEqual(expect.any(Number));
    // The ladder's first rung: a minute after the attempt.
    expect(pending.nextAttemptAt).toBe(pending.attempts[0].at + 60_000);

    expect((await owner.get(`/api/webhooks/${id}/deliveries?state=pending`)).json().deliveries.map((d: { id: string }) => d.id)).toEqual([pending.id]);
    expect((await owner.get(`/api/webhooks/${id}/deliveries?since=${delivered.createdAt}`)).json().deliveries.map((d: { id: string }) => d.id)).toEqual([delivered.id]);
    expect((await owner.get(`/api/webhooks/${id}/deliveries?eventId=${pending.eventId}`)).json().deliveries).toHaveLength(1);

    // Past the ladder's 30 days the next attempt is the last: failed, with both attempts.
    env.bo.clock.advance(31 * DAY);
    receiver.answer = () => 502;
    await env.bo.ctx.jobs.runDue();
    owner = await signIn('owner');
    const failed = (await owner.get(`/api/webhooks/${id}/deliveries?state=failed`)).json().deliveries;
    expect(failed).toEqual([expect.objectContaining({ id: pending.id, state: 'failed', nextAttemptAt: null })]);
    expect(failed[0].attempts.map((a: { status: number }) => a.status)).toEqual([500, 502]);
  });

  it('pages with a cursor, and refuses bad filters naming them', async () => {
    const { id } = await addEndpoint();
    for (let i = 0; i < 3; i++) {
      await env.pay('DB');
      env.bo.clock.advance(1_000);
    }
    const page1 = (await owner.get(`/api/webhooks/${id}/deliveries?limit=2`)).json();
    expect(page1.deliveries).toHaveLength(2);
    const page2 = (await owner.get(`/api/webhooks/${id}/deliveries?limit=2&cursor=${page1.next}`)).json();
    expect(page2.deliveries).toHaveLength(1);
    expect(page2.next).toBeUndefined();
    const ids = [...page1.deliveries, ...page2.deliveries].map((d: { id: string }) => d.id);
    expect(new Set(ids).size).toBe(3);
    for (const [query, name] of [
      ['state=lost', 'state'],
      ['since=yesterday', 'since'],
      ['cursor=%00', 'cursor'],
      ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
      ['eventId=x', 'eventId'],
      ['limit=0', 'limit'],
    ]) {
      const res = await owner.get(`/api/webhooks/${id}/deliveries?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.parameters[0].name).toBe(name);
    }
  });

  it('keeps at most the first KiB of an answer, whatever its bytes', async () => {
    const { id } = await addEndpoint();
    receiver.answer = () => ({ status: 500, body: Buffer.alloc(4096, 0xff) });
    await env.pay('DB');
    await env.bo.ctx.jobs.runDue();
    const [delivery] = (await owner.get(`/api/webhooks/${id}/deliveries`)).json().deliveries;
    const kept: string = delivery.attempts[0].response;
    expect(Buffer.byteLength(kept, 'utf8')).toBeLessThanOrEqual(1024);
    expect(kept.length).toBeGreaterThan(300);
    expect(kept).toMatch(/^\ufffd+$/);
  });

  it("shows one event's deliveries to every endpoint, and 404 for an event of another merchant", async () => {
    const a = await addEndpoint();
    const b = await addEndpoint();
    await env.pay('DB');
    await env.bo.ctx.jobs.runDue();
    const [delivery] = (await owner.get(`/api/webhooks/${a.id}/deliveries`)).json().deliveries;
    const res = (await owner.get(`/api/webhooks/events/${delivery.eventId}`)).json();
    expect(res.event).toMatchObject({ id: delivery.eventId, event: 'PAYMENT.CREATED' });
    expect(res.deliveries.map((d: { endpointId: string }) => d.endpointId).sort()).toEqual([a.id, b.id].sort());
    expect(res.deliveries[0]).toMatchObject({ url: receiver.url, notificationUrl: false, state: 'delivered', attempts: [expect.objectContaining({ status: 200 })] });

    const other = await env.addShop();
    const otherOwner = await env.bo.signIn('owner', { merchantId: other.merchantId });
    expect((await otherOwner.get(`/api/webhooks/events/${delivery.eventId}`)).statusCode).toBe(404);
    expect((await otherOwner.get(`/api/webhooks/${a.id}/deliveries`)).statusCode).toBe(404);
    expect((await owner.get('/api/webhooks/events/nope')).statusCode).toBe(404);
  });
});

describe('redeliveries', () => {
  it('sends one event again, or every failed delivery since a time, with the audit row', async () => {
    const { id } = await addEndpoint();
    receiver.answer = () => 500;
    await env.pay('DB');
    await env.pay('DB');
    await env.bo.ctx.jobs.runDue();
    env.bo.clock.advance(31 * DAY);
    await env.bo.ctx.jobs.runDue();
    owner = await signIn('owner');
    const failed = (await owner.get(`/api/webhooks/${id}/deliveries?state=failed`)).json().deliveries;
    expect(failed).toHaveLength(2);

    receiver.answer = () => 200;
    const one = await owner.post(`/api/webhooks/${id}/redeliveries`, { eventId: failed[0].eventId });
    expect(one.statusCode).toBe(202);
    expect(one.json()).toEqual({ queued: 1 });
    await env.bo.ctx.jobs.runDue();
    expect((await owner.get(`/api/webhooks/${id}/deliveries?state=delivered`)).json().deliveries.map((d: { eventId: string }) => d.eventId)).toEqual([failed[0].eventId]);

    // A second later, so the audit rows read back in the order they were written.
    env.bo.clock.advance(1_000);
    const since = await owner.post(`/api/webhooks/${id}/redeliveries`, { since: 0 });
    expect(since.json()).toEqual({ queued: 1 });
    await env.bo.ctx.jobs.runDue();
    expect((await owner.get(`/api/webhooks/${id}/deliveries?state=failed`)).json().deliveries).toEqual([]);
    const rows = await auditRows('webhook.redeliver');
    expect(rows.map((r) => r.after)).toEqual([{ queued: 1, failedSince: 0 }, { queued: 1, eventId: failed[0].eventId }]);

    for (const body of [{}, { eventId: failed[0].eventId, since: 0 }, { eventId: 'x' }, { since: 'yesterday' }]) {
      expect((await owner.post(`/api/webhooks/${id}/redeliveries`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe("the merchant's webhook secret", () => {
  /** A payment whose notificationUrl is the receiver; the notification it got, raw. */
  async function notifiedPayment() {
    const before = receiver.received.length;
    await env.pay('DB', { notificationUrl: receiver.url });
    await env.bo.ctx.jobs.runDue();
    expect(receiver.received.length).toBe(before + 1);
    const got = receiver.received.at(-1)!;
    return { body: got.body, iv: String(got.headers['x-initialization-vector']), tag: String(got.headers['x-authentication-tag']) };
  }
  const opens = (secret: string, n: { body: string; iv: string; tag: string }) => {
    try {
      decryptNotification(secret, n);
      return true;
    } catch {
      return false;
    }
  };

  it('rotates with the overlap chosen: the old secret seals until the switch time, the new one after', async () => {
    const oldSecret = env.bo.ctx.vault.openSecret((await env.bo.store.merchants.find(env.shop.merchantId))!.webhookSecret);
    const rotated = await owner.post('/api/webhooks/secret-rotation', { overlapHours: 2 });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret: newSecret, switchAt } = rotated.json();
    expect(newSecret).toMatch(/^[0-9a-f]{64}$/i);
    expect(switchAt).toBe(env.bo.clock.now() + 2 * HOUR);
    expect((await owner.get('/api/webhooks/secret-rotation')).json().pending).toEqual({ switchAt, startedAt: env.bo.clock.now() });

    const during = await notifiedPayment();
    expect(opens(oldSecret, during)).toBe(true);
    expect(opens(newSecret, during)).toBe(false);

    env.bo.clock.advance(2 * HOUR);
    // The session has aged past its idle time meanwhile.
    owner = await signIn('owner');
    const after = await notifiedPayment();
    expect(opens(newSecret, after)).toBe(true);
    expect(opens(oldSecret, after)).toBe(false);
    expect((await owner.get('/api/webhooks/secret-rotation')).json().pending).toBeNull();

    // A later rotation makes the switched secret the merchant's own, and keeps sealing with it until its own switch.
    const again = (await owner.post('/api/webhooks/secret-rotation', { overlapHours: 1 })).json();
    expect(opens(newSecret, await notifiedPayment())).toBe(true);
    env.bo.clock.advance(HOUR);
    owner = await signIn('owner');
    expect(opens(again.secret, await notifiedPayment())).toBe(true);

    const rows = await auditRows('webhook.secretRotate');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ target: env.shop.merchantId, after: { overlapHours: 2, switchAt, replacedPending: false } });
    const text = JSON.stringify(rows);
    for (const secret of [oldSecret, newSecret, again.secret]) expect(text).not.toContain(secret);
  });

  it('is not for a person limited to some channels: it serves every channel', async () => {
    const limited = await signIn('admin', { channelIds: [env.shop.entityId] });
    expect((await limited.get('/api/webhooks/secret-rotation')).statusCode).toBe(404);
    expect((await limited.post('/api/webhooks/secret-rotation', { overlapHours: 2 })).statusCode).toBe(404);
    expect(await auditRows('webhook.secretRotate')).toEqual([]);
  });

  it('refuses an overlap outside 1 to 720 hours', async () => {
    for (const overlapHours of [0, 721, 1.5, '2', null]) {
      const res = await owner.post('/api/webhooks/secret-rotation', { overlapHours });
      expect(res.statusCode, String(overlapHours)).toBe(400);
      expect(res.json().error.parameters[0].name).toBe('overlapHours');
    }
    expect(await auditRows('webhook.secretRotate')).toEqual([]);
  });
});
