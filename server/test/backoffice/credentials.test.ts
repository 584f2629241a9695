// Credentials through the back office: the channels and the working tokens listed by name, a new
// token shown once (only its hash stored), a rotation against the real merchant API (both tokens
// work in between, the revoked one stops at once on this relay), the last working token never
// revoked, each change with its audit row naming the token and never holding it.

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app/build-app.js';
import { relayPlugins } from '../../src/app/route-sets.js';
import { hashToken } from '../../src/crypto/tokens.js';
import { startBackoffice, type BackofficeClient, type BackofficeHarness } from './harness.js';

let bo: BackofficeHarness;
let relay: FastifyInstance;
let developer: BackofficeClient;
beforeAll(async () => {
  bo = await startBackoffice();
  // The merchant API on the same context, as the relay process serves both.
  relay = await buildApp(bo.ctx, { logger: false, plugins: relayPlugins() });
  developer = await bo.signIn('developer');
});
afterAll(async () => {
  await relay.close();
  await bo.close();
});

interface TokenRow {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** A call of the merchant API with this token: 200 with a working one, 403 otherwise. */
async function apiStatus(token: string): Promise<number> {
  const res = await relay.inject({ method: 'GET', url: `/v1/payments/${'a'.repeat(32)}?entityId=${bo.merchant.entityId}`, headers: { authorization: `Bearer ${token}` } });
  // An unknown payment of a channel the token may use is 404; a token that does not work is 403.
  return res.statusCode === 404 ? 200 : res.statusCode;
}

async function tokens(client: BackofficeClient = developer): Promise<TokenRow[]> {
  const res = await client.get('/api/credentials');
  expect(res.statusCode).toBe(200);
  return res.json().tokens as TokenRow[];
}

async function create(name: string): Promise<TokenRow & { token: string }> {
  const res = await developer.post('/api/credentials/tokens', { name });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('credentials', () => {
  it('lists the channels and the working tokens by name, creation and last use, never a token or hash', async () => {
    const res = await developer.get('/api/credentials');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.channels).toEqual([{ entityId: bo.merchant.entityId, name: 'Channel' }]);
    expect(body.tokens).toEqual([{ id: expect.stringMatching(/^[0-9a-f]{32}$/), name: 'Initial token', createdAt: bo.clock.now(), lastUsedAt: null }]);
    expect(res.body).not.toMatch(/[0-9a-f]{64}/);
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('shows a new token once: its hash alone is stored, the list never shows it again', async () => {
    const created = await create('  Shop server  ');
    expect(created).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/), name: 'Shop server', createdAt: bo.clock.now(), lastUsedAt: null, token: expect.any(String) });
    const stored = await bo.store.accessTokens.find(bo.merchant.merchantId, created.id);
    expect(stored?.tokenHash).toBe(hashToken(created.token));
    const listing = await developer.get('/api/credentials');
    expect(listing.body).not.toContain(created.token);
    expect(listing.json().tokens.map((t: TokenRow) => t.name)).toContain('Shop server');
  });

  it('rotates without downtime: both tokens work in between, the revoked one stops at once, the last one stays', async () => {
    const old = await create('Old');
    const fresh = await create('New');
    expect(await apiStatus(old.token)).toBe(200);
    expect(await apiStatus(fresh.token)).toBe(200);
    expect((await developer.delete(`/api/credentials/tokens/${old.id}`)).statusCode).toBe(204);
    expect(await apiStatus(old.token)).toBe(403);
    expect(await apiStatus(fresh.token)).toBe(200);
    expect((await tokens()).map((t) => t.id)).not.toContain(old.id);
    // Revoke every other working token: the last one is refused, and keeps working.
    for (const t of await tokens()) if (t.id !== fresh.id) expect((await developer.delete(`/api/credentials/tokens/${t.id}`)).statusCode).toBe(204);
    const last = await developer.delete(`/api/credentials/tokens/${fresh.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('conflict');
    expect(await apiStatus(fresh.token)).toBe(200);
    expect((await tokens()).map((t) => t.id)).toEqual([fresh.id]);
  });

  it('shows a token\'s last use once the API has accepted it', async () => {
    const used = await create('Used');
    expect(await apiStatus(used.token)).toBe(200);
    await expect.poll(async () => (await tokens()).find((t) => t.id === used.id)?.lastUsedAt).toBe(bo.clock.now());
  });

  it('audits each creation and revocation with the token\'s name, never the token or its hash', async () => {
    const t = await create('Audited');
    // A millisecond apart, so the log's order (newest first) is the order they happened in.
    bo.clock.advance(1);
    expect((await developer.delete(`/api/credentials/tokens/${t.id}`)).statusCode).toBe(204);
    const { entries } = await bo.store.audit.list(bo.merchant.merchantId, {}, undefined, 200);
    const mine = entries.filter((e) => e.target === t.id);
    expect(mine.map((e) => [e.action, e.userId, e.after])).toEqual([
      ['credentials.tokenRevoked', developer.user!.id, { name: 'Audited', revoked: true }],
      ['credentials.tokenCreated', developer.user!.id, { name: 'Audited' }],
    ]);
    const text = JSON.stringify(entries);
    expect(text).not.toContain(t.token);
    expect(text).not.toContain(hashToken(t.token));
  });

  it('refuses a missing, empty or too long name with 400 naming it, writing nothing', async () => {
    const before = (await tokens()).length;
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 42 }, { name: 'x'.repeat(101) }, []]) {
      const res = await developer.post('/api/credentials/tokens', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('invalidParameters');
      expect(res.json().error.parameters[0].name).toMatch(/^(name|body)$/);
    }
    expect(await tokens()).toHaveLength(before);
  });

  it("answers 404 for another merchant's token, an unknown or malformed id, and a revoked one", async () => {
    const [theirs] = await bo.store.accessTokens.listActive(bo.otherMerchant.merchantId);
    const t = await create('Gone');
    expect((await developer.delete(`/api/credentials/tokens/${t.id}`)).statusCode).toBe(204);
    for (const id of [theirs!.id, 'f'.repeat(32), 'not-an-id', t.id]) {
      const res = await developer.delete(`/api/credentials/tokens/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.code).toBe('notFound');
    }
    expect(await bo.store.accessTokens.listActive(bo.otherMerchant.merchantId)).toEqual([theirs]);
  });

  it('shows a person limited to some channels only those', async () => {
    const second = await bo.addEntity(bo.merchant.merchantId);
    const limited = await bo.signIn('developer', { channelIds: [second] });
    expect((await limited.get('/api/credentials')).json().channels).toEqual([{ entityId: second, name: 'Channel' }]);
  });
});
