// Hosted checkouts: the merchant's server prepares one, the shopper pays through the widget's card
// frame (its submit, POST /v1/checkouts/{id}/payment, without the merchant's token), and the
// merchant's server reads the outcome once the shopper is back.

import { isSuccessCode } from './client.js';
import { acknowledge, decimal } from './ledger.js';
import { CARD, type Shop } from './shop.js';

export async function checkoutFlow(shop: Shop): Promise<void> {
  const amount = shop.random.int(100, 15_000);
  const key = shop.merchant.newKey('checkout');
  const prepared = await shop.merchant.call('checkout-prepare', 'POST', '/v1/checkouts', { entityId: shop.entityId, amount: decimal(amount), currency: 'EUR', paymentType: 'DB', merchantTransactionId: key }, key);
  const checkoutId = prepared?.status === 200 ? prepared.json.id : undefined;
  if (typeof checkoutId !== 'string') return;
  const submitted = await shop.merchant.submitCheckout('checkout-submit', checkoutId, { ...CARD });
  const code = (submitted?.json.result as { code?: string } | undefined)?.code;
  const paymentId = submitted?.json.id;
  if (submitted?.status !== 200 || typeof paymentId !== 'string' || !isSuccessCode(code)) return;
  shop.ledger.checkouts.push({ checkoutId, paymentId });
  // The widget's submit carries no key: the checkout itself is what makes it pay once.
  acknowledge(shop.ledger, { key: '', id: paymentId, paymentType: 'DB', amount, referencedId: undefined, kind: 'checkout-submit' });
  const status = await shop.merchant.call('checkout-status', 'GET', `/v1/checkouts/${checkoutId}/payment`, { entityId: shop.entityId });
  if (status?.status === 200) shop.ledger.reads += 1;
}
