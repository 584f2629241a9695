// A request sent with an Idempotency-Key before a card key rotation and retried after it is the
// same request: its stored digest was made with the key active then, and the relay checks the
// digest under the keys it still holds. A different request under that key is still refused.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKeyFile } from '../../src/crypto/keyring.js';
import { startTestRelay, type TestRelay } from '../helper.js';

const CARD = { paymentBrand: 'VISA', 'card.number': '4200000000000000', 'card.holder': 'Jane Jones', 'card.expiryMonth': '05', 'card.expiryYear': '2034', 'card.cvv': '123' };

describe('an Idempotency-Key across a card key rotation', () => {
  let relay: TestRelay;
  beforeAll(async () => {
    relay = await startTestRelay();
  });
  afterAll(async () => relay?.close());

  it('replays the answer of a request first sent under the former key, and refuses another request under that key', async () => {
    const body = { entityId: relay.merchant.entityId, amount: '12.00', currency: 'EUR', paymentType: 'DB', ...CARD };
    const headers = { 'idempotency-key': 'across-rotation-1' };
    const first = await relay.post('/v1/payments', body, { headers });
    expect(first.statusCode).toBe(200);

    addKeyFile(relay.dataDir, 'k1');
    await relay.ctx.store.cardKeys.activate('k1', relay.clock.now());
    expect(await relay.ctx.activeCardKey.refresh()).toBe(true);
    expect(relay.ctx.vault.activeKeyId).toBe('k1');

    const again = await relay.post('/v1/payments', body, { headers });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);

    const other = await relay.post('/v1/payments', { ...body, amount: '13.00' }, { headers });
    expect(other.statusCode).toBe(422);
    expect(other.json().result.code).toBe('200.300.404');
    expect(other.json().id).toBeUndefined();
  });
});
