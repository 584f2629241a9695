// A merchant's several access tokens against the real merchant API: each working token
// authenticates it, a revoked one stops within the lookup cache's time (at once on the relay that
// revoked it), and a token's last use is written once a minute, not once a request.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CardVault } from '../../src/crypto/card-vault.js';
import { generateAccessToken, hashToken } from '../../src/crypto/tokens.js';
import { INITIAL_TOKEN_NAME, LAST_USE_RESOLUTION_MS } from '../../src/domain/access-tokens.js';
import { ensureTestMerchant, newAccessToken } from '../../src/merchants/bootstrap.js';
import { openSqliteStore } from '../../src/storage/index.js';
import { LOOKUP_TTL_MS } from '../../src/merchants/lookup-cache.js';
import { writeTokenCreated, writeTokenRevoked } from '../../src/storage/writes/index.js';
import { startTestRelay, testCard, type TestMerchant, type TestRelay } from '../helper.js';

let relay: TestRelay;
beforeAll(async () => {
  relay = await startTestRelay();
});
afterAll(async () => relay.close());

const by = () => ({ userId: null, address: null, auditId: hashToken(generateAccessToken()).slice(0, 32) });

/** A second working token of the merchant, written as the back office writes it. */
async function secondToken(merchant: TestMerchant, name = 'Rotation'): Promise<{ id: string; token: string; name: string }> {
  const token = generateAccessToken();
  const record = newAccessToken(merchant.merchantId, name, hashToken(token), relay.clock.now());
  await writeTokenCreated(relay.ctx.store, record, by());
  return { id: record.id, token, name };
}

/** The merchant's token it was created with (its "Initial token"). */
async function firstTokenOf(merchant: TestMerchant) {
  const found = await relay.ctx.store.accessTokens.findActive(hashToken(merchant.token));
  if (!found) throw new Error('the merchant\'s first token does not work');
  return found.token;
}

async function paymentOf(merchant: TestMerchant): Promise<string> {
  const res = await relay.post('/v1/payments', { entityId: merchant.entityId, amount: '10.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard() }, { token: merchant.token });
  expect(res.statusCode).toBe(200);
  return res.json().id as string;
}

const read = (merchant: TestMerchant, paymentId: string, token: string) => relay.get(`/v1/payments/${paymentId}?entityId=${merchant.entityId}`, { token });

describe('several access tokens', () => {
  it('lets each working token of a merchant call the API, both at once during a rotation', async () => {
    const merchant = await relay.addMerchant();
    const paymentId = await paymentOf(merchant);
    const second = await secondToken(merchant);
    expect((await read(merchant, paymentId, merchant.token)).statusCode).toBe(200);
    expect((await read(merchant, paymentId, second.token)).statusCode).toBe(200);
    expect((await read(merchant, paymentId, second.token)).json().id).toBe(paymentId);
  });

  it('refuses a token revoked on another relay once the lookup cache lets it go, at most LOOKUP_TTL_MS later', async () => {
    const merchant = await relay.addMerchant();
    const paymentId = await paymentOf(merchant);
    const second = await secondToken(merchant);
    const first = await firstTokenOf(merchant);
    // Revoked in the store only, as another relay process would: this one still holds the token.
    expect(await writeTokenRevoked(relay.ctx.store, first, relay.clock.now(), by())).toBe(true);
    relay.clock.advance(LOOKUP_TTL_MS - 1);
    expect((await read(merchant, paymentId, merchant.token)).statusCode).toBe(200);
    relay.clock.advance(1);
    const refused = await read(merchant, paymentId, merchant.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().result.code).toBe('800.900.300');
    expect((await read(merchant, paymentId, second.token)).statusCode).toBe(200);
  });

  it('refuses a revoked token at once on the relay that revoked it', async () => {
    const merchant = await relay.addMerchant();
    const paymentId = await paymentOf(merchant);
    await secondToken(merchant);
    const first = await firstTokenOf(merchant);
    expect(await writeTokenRevoked(relay.ctx.store, first, relay.clock.now(), by())).toBe(true);
    relay.ctx.lookups.forgetToken(first.tokenHash);
    expect((await read(merchant, paymentId, merchant.token)).statusCode).toBe(403);
  });

  it('writes a token\'s last use on its first call, then not again before a minute, whatever the calls', async () => {
    const merchant = await relay.addMerchant();
    const first = await firstTokenOf(merchant);
    expect(first.lastUsedAt).toBeNull();
    const paymentId = await paymentOf(merchant);
    const firstUse = relay.clock.now();
    const lastUse = async () => (await relay.ctx.store.accessTokens.find(merchant.merchantId, first.id))?.lastUsedAt;
    await vi.waitFor(async () => expect(await lastUse()).toBe(firstUse));
    const noteUse = vi.spyOn(relay.ctx.store.accessTokens, 'noteUse');
    try {
      for (let i = 0; i < 20; i++) {
        relay.clock.advance(1_000);
        // Past the lookup cache's time too: the token is read again, with the use it noted.
        expect((await read(merchant, paymentId, merchant.token)).statusCode).toBe(200);
      }
      expect(noteUse).not.toHaveBeenCalled();
      relay.clock.advance(LAST_USE_RESOLUTION_MS - 20_000);
      expect((await read(merchant, paymentId, merchant.token)).statusCode).toBe(200);
      expect(noteUse).toHaveBeenCalledTimes(1);
      await vi.waitFor(async () => expect(await lastUse()).toBe(firstUse + LAST_USE_RESOLUTION_MS));
    } finally {
      noteUse.mockRestore();
    }
  });
});

describe('a new merchant', () => {
  it('gets its first token as its working "Initial token", on the first start as through the command line', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pw-first-token-'));
    const store = await openSqliteStore(join(dataDir, 'relay.sqlite'));
    try {
      await store.migrate();
      const { credentials } = await ensureTestMerchant(store, { dataDir, backofficePublicUrl: 'http://localhost:8082' }, 1_700_000_000_000, new CardVault(randomBytes(32)));
      const found = await store.accessTokens.findActive(hashToken(credentials!.accessToken));
      expect(found?.token).toMatchObject({ name: INITIAL_TOKEN_NAME, createdAt: 1_700_000_000_000, lastUsedAt: null, revokedAt: null });
      expect(await store.accessTokens.listActive(found!.merchant.id)).toEqual([found!.token]);
    } finally {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is created with its first token through createMerchant (the command line\'s merchant create, the tests\' relays)', async () => {
    const merchant = await relay.addMerchant();
    const found = await relay.ctx.store.accessTokens.findActive(hashToken(merchant.token));
    expect(found?.token.name).toBe(INITIAL_TOKEN_NAME);
    expect(found?.merchant.id).toBe(merchant.merchantId);
  });
});
