// Chargebacks from the card network (the simulator's test route) on paid debits, some reversed
// when the merchant wins the dispute; a refund then races what the chargeback left.

import { decimal } from './ledger.js';
import { pay } from './pay.js';
import { CARD, type Shop } from './shop.js';

export async function chargebackFlow(shop: Shop): Promise<void> {
  const amount = shop.random.int(1_000, 10_000);
  const debit = await pay(shop, 'debit', '/v1/payments', { entityId: shop.entityId, amount: decimal(amount), currency: 'EUR', paymentType: 'DB', ...CARD }, { paymentType: 'DB', amount });
  if (!debit) return;
  const charged = shop.random.int(1, amount);
  const key = shop.merchant.newKey('chargeback');
  const answer = await shop.merchant.call('chargeback', 'POST', `/v1/test/payments/${debit.id}/chargeback`, { entityId: shop.entityId, amount: decimal(charged), currency: 'EUR', reasonCode: '000.100.220' }, key);
  const chargebackId = answer?.status === 200 ? answer.json.id : undefined;
  if (typeof chargebackId !== 'string') return;
  shop.ledger.chargebacks.push({ paymentId: debit.id, chargebackId });
  if (shop.random.next() < 0.4) {
    const reversalKey = shop.merchant.newKey('chargeback-reversal');
    await shop.merchant.call('chargeback-reversal', 'POST', `/v1/test/payments/${debit.id}/chargeback-reversal`, { entityId: shop.entityId, chargebackId }, reversalKey);
  }
  // What the chargeback left, plus one: refused unless the chargeback was reversed first.
  const refund = amount - charged + 1;
  await pay(shop, 'refund', `/v1/payments/${debit.id}`, { entityId: shop.entityId, amount: decimal(refund), currency: 'EUR', paymentType: 'RF' }, { paymentType: 'RF', amount: refund, referencedId: debit.id });
}
