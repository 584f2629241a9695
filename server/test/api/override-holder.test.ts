// overrideHolder on a payment with a stored card: the request's card.holder replaces an empty
// stored holder for that one payment (it then shows in the answer, and a result code as the holder
// forces that decline, as on any card payment); a stored holder is never replaced.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, testCard, type TestRelay } from '../helper.js';

let relay: TestRelay;
beforeAll(async () => {
  relay = await startTestRelay();
});
afterAll(async () => relay.close());

async function register(holder: string | null): Promise<string> {
  const card = testCard();
  if (holder === null) delete card['card.holder'];
  else card['card.holder'] = holder;
  const res = await relay.post('/v1/registrations', { entityId: relay.merchant.entityId, paymentBrand: 'VISA', ...card });
  expect(res.statusCode).toBe(200);
  return res.json().id as string;
}
const pay = (registrationId: string, extra: Record<string, string>) =>
  relay.post(`/v1/registrations/${registrationId}/payments`, { entityId: relay.merchant.entityId, amount: '5.00', currency: 'EUR', paymentType: 'DB', recurringType: 'REPEATED', ...extra });

describe('overrideHolder', () => {
  it('fills an empty stored holder for one payment', async () => {
    const id = await register(null);
    const paid = await pay(id, { overrideHolder: 'true', 'card.holder': 'Jane Roe' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().card.holder).toBe('Jane Roe');
    // For that payment only: the registration keeps no holder.
    expect((await relay.get(`/v1/registrations/${id}?entityId=${relay.merchant.entityId}`)).json().card?.holder).toBeUndefined();
    const forced = await pay(id, { overrideHolder: 'true', 'card.holder': '800.100.152' });
    expect(forced.statusCode).toBe(400);
    expect(forced.json().result.code).toBe('800.100.152');
  });

  it('does nothing without overrideHolder=true, or when a holder is stored', async () => {
    const empty = await register(null);
    expect((await pay(empty, { 'card.holder': 'Jane Roe' })).json().card.holder).toBeUndefined();
    expect((await pay(empty, { overrideHolder: 'false', 'card.holder': 'Jane Roe' })).json().card.holder).toBeUndefined();
    const stored = await register('Jane Jones');
    expect((await pay(stored, { overrideHolder: 'true', 'card.holder': 'Jane Roe' })).json().card.holder).toBe('Jane Jones');
  });
});
