// Ledger invariants and idempotency under concurrency, through HTTP (L2, L3, L4).
import { withStore } from '../../../e2e/support/relay-store.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardVault } from '../../src/crypto/card-vault.js';
import { requestHash } from '../../src/http/idempotency.js';
import { randomBytes } from 'node:crypto';
import { startTestRelay, testCard, type TestMerchant, type TestRelay } from '../helper.js';

let relay: TestRelay;
beforeAll(async () => {
  relay = await startTestRelay({ throttle: { windowMs: 1000, payments: 10_000, followUps: 10_000, registrations: 10_000, checkouts: 10_000, reads: 10_000 } });
});
afterAll(async () => relay.close());

const pay = (extra: Record<string, string> = {}) => ({ entityId: relay.merchant.entityId, amount: '100.00', currency: 'EUR', paymentType: 'PA', paymentBrand: 'VISA', ...testCard(), ...extra });

describe('ledger races', () => {
  it('L2: of 20 parallel captures of 10.00 on a PA of 100.00 exactly 10 succeed', async () => {
    const pa = (await relay.post('/v1/payments', pay())).json();
    const results = await Promise.all(Array.from({ length: 20 }, () => relay.post(`/v1/payments/${pa.id}`, { entityId: relay.merchant.entityId, paymentType: 'CP', amount: '10.00', currency: 'EUR' })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    const stored = await relay.ctx.store.payments.find(relay.merchant.entityId, pa.id);
    expect(stored?.capturedAmount).toBe(10_000);
  });

  it('L2: captures racing a reversal never exceed the authorization and none follows the reversal', async () => {
    const pa = (await relay.post('/v1/payments', pay())).json();
    const calls = Array.from({ length: 12 }, (_, i) =>
      i === 6
        ? relay.post(`/v1/payments/${pa.id}`, { entityId: relay.merchant.entityId, paymentType: 'RV' })
        : relay.post(`/v1/payments/${pa.id}`, { entityId: relay.merchant.entityId, paymentType: 'CP', amount: '10.00', currency: 'EUR' }),
    );
    const results = await Promise.all(calls);
    const stored = await relay.ctx.store.payments.find(relay.merchant.entityId, pa.id);
    const captured = results.filter((r, i) => i !== 6 && r.statusCode === 200).length;
    expect(stored?.capturedAmount).toBe(captured * 1000);
    expect(stored?.capturedAmount).toBeLessThanOrEqual(10_000);
    expect(stored?.reversed).toBe(results[6]?.statusCode === 200);
    const after = await relay.post(`/v1/payments/${pa.id}`, { entityId: relay.merchant.entityId, paymentType: 'CP', amount: '1.00', currency: 'EUR' });
    if (stored?.reversed) expect(after.statusCode).toBe(400);
  });

  it('L3: of two parallel refunds of 40.00 on a DB of 50.00 exactly one succeeds', async () => {
    const db = (await relay.post('/v1/payments', pay({ paymentType: 'DB', amount: '50.00' }))).json();
    const results = await Promise.all([0, 1].map(() => relay.post(`/v1/payments/${db.id}`, { entityId: relay.merchant.entityId, paymentType: 'RF', amount: '40.00', currency: 'EUR' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('L3: a refund and a reversal in parallel never both succeed', async () => {
    for (let round = 0; round < 5; round++) {
      const db = (await relay.post('/v1/payments', pay({ paymentType: 'DB', amount: '50.00' }))).json();
      const [rf, rv] = await Promise.all([
        relay.post(`/v1/payments/${db.id}`, { entityId: relay.merchant.entityId, paymentType: 'RF', amount: '10.00', currency: 'EUR' }),
        relay.post(`/v1/payments/${db.id}`, { entityId: relay.merchant.entityId, paymentType: 'RV' }),
      ]);
      expect(rf.statusCode === 200 && rv.statusCode === 200).toBe(false);
    }
  });
});

describe('Idempotency-Key (L4)', () => {
  it('executes once; parallel duplicates get 409 or the same answer; later duplicates replay it', async () => {
    const key = 'order-42-attempt-1';
    const results = await Promise.all(Array.from({ length: 20 }, () => relay.post('/v1/payments', pay({ paymentType: 'DB' }), { headers: { 'idempotency-key': key } })));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(new Set(ok.map((r) => r.json().id)).size).toBe(1);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const later = await relay.post('/v1/payments', pay({ paymentType: 'DB' }), { headers: { 'idempotency-key': key } });
    expect(later.statusCode).toBe(200);
    expect(later.json().id).toBe(ok[0]?.json().id);
    expect(later.headers['idempotent-replayed']).toBe('true');
  });

  it('rejects the same key with different parameters', async () => {
    const key = 'same-key-different-body';
    await relay.post('/v1/payments', pay(), { headers: { 'idempotency-key': key } });
    const res = await relay.post('/v1/payments', pay({ amount: '99.00' }), { headers: { 'idempotency-key': key } });
    expect(res.statusCode).toBe(422);
  });

  it("scopes keys to the entity: another entity's key never returns this one's answer", async () => {
    const other: TestMerchant = await relay.addMerchant();
    const key = 'shared-key';
    const mine = await relay.post('/v1/payments', pay(), { headers: { 'idempotency-key': key } });
    const theirs = await relay.post('/v1/payments', { ...pay(), entityId: other.entityId }, { token: other.token, headers: { 'idempotency-key': key } });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().id).not.toBe(mine.json().id);
  });

  it('replays a decline rather than authorizing again', async () => {
    const key = 'decline-once';
    const first = await relay.post('/v1/payments', pay({ 'card.holder': '800.100.152' }), { headers: { 'idempotency-key': key } });
    const second = await relay.post('/v1/payments', pay({ 'card.holder': '800.100.152' }), { headers: { 'idempotency-key': key } });
    expect(first.statusCode).toBe(400);
    expect(second.json().id).toBe(first.json().id);
  });

  it('keeps only a digest keyed with the card key, which a copy of the database cannot search for card data', async () => {
    const key = 'digest-of-card-data';
    const form = pay();
    await relay.post('/v1/payments', form, { headers: { 'idempotency-key': key } });
    const stored = withStore(relay.dataDir, (db) => (db.prepare('select request_hash from idempotency_keys where key = ?').get(key) as { request_hash: string }).request_hash);
    const params = new Map(Object.entries(form));
    expect(stored).toBe(requestHash(relay.ctx.vault.requestDigest(), 'POST', '/v1/payments', params));
    // Whoever lacks the card key cannot reproduce it, so cannot test guesses of the hidden digits.
    expect(stored).not.toBe(requestHash(new CardVault(randomBytes(32)).requestDigest(), 'POST', '/v1/payments', params));
  });

  it('refuses a malformed key', async () => {
    const res = await relay.post('/v1/payments', pay(), { headers: { 'idempotency-key': 'x'.repeat(300) } });
    expect(res.statusCode).toBe(400);
  });
});
