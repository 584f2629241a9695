// Per-entity throttling per operation: 800.120.100 past the limit, per window of the injected clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';

let relay: TestRelay;
beforeAll(async () => {
  relay = await startTestRelay({}, { throttle: { payments: 3 } });
});
afterAll(async () => relay.close());

describe('throttling', () => {
  it('rejects the fourth payment in a window and lets the next window through', async () => {
    const form = { entityId: relay.merchant.entityId, amount: '1.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard() };
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await relay.post('/v1/payments', form)).json().result.code);
    expect(codes.slice(0, 3)).toEqual(['000.100.110', '000.100.110', '000.100.110']);
    expect(codes[3]).toBe('800.120.100');
    // Reads are another operation with their own budget.
    expect((await relay.get(`/v1/payments/${'a'.repeat(32)}?entityId=${relay.merchant.entityId}`)).json().result.code).toBe('200.300.404');
    relay.clock.advance(relay.ctx.config.throttle.windowMs);
    expect((await relay.post('/v1/payments', form)).json().result.code).toBe('000.100.110');
  });
});
