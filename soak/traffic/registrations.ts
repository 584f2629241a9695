// Stored cards: a registration, then repeated merchant-initiated payments with it (no CVV), as a
// shop with saved cards charges its returning customers.

import { decimal } from './ledger.js';
import { pay } from './pay.js';
import { CARD, type Shop } from './shop.js';

/** Stores the card on `entityId` under a key; the registration's id, or undefined. */
export async function register(shop: Shop, entityId: string): Promise<string | undefined> {
  const key = shop.merchant.newKey('registration');
  const answer = await shop.merchant.call('registration', 'POST', '/v1/registrations', { entityId, ...CARD }, key);
  const id = answer?.status === 200 ? answer.json.id : undefined;
  if (typeof id !== 'string') return undefined;
  shop.ledger.registrations.push(id);
  return id;
}

export async function registrationFlow(shop: Shop): Promise<void> {
  const registrationId = await register(shop, shop.entityId);
  if (!registrationId) return;
  for (let i = shop.random.int(1, 3); i > 0; i--) {
    const amount = shop.random.int(100, 5_000);
    await pay(shop, 'repeated-payment', `/v1/registrations/${registrationId}/payments`, { entityId: shop.entityId, amount: decimal(amount), currency: 'EUR', paymentType: 'DB', recurringType: 'REPEATED' }, { paymentType: 'DB', amount });
  }
}
