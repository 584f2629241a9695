// Server-to-server debits, some refunded in part and a few refunded past what is left (which the
// relay must refuse): the shop's plain card sales and their returns.

import { decimal } from './ledger.js';
import { pay } from './pay.js';
import { CARD, type Shop } from './shop.js';

export async function debitFlow(shop: Shop): Promise<void> {
  const amount = shop.random.int(100, 20_000);
  const debit = await pay(shop, 'debit', '/v1/payments', { entityId: shop.entityId, amount: decimal(amount), currency: 'EUR', paymentType: 'DB', ...CARD }, { paymentType: 'DB', amount });
  if (!debit || shop.random.next() < 0.6) return;
  const refund = shop.random.int(1, amount);
  const done = await pay(shop, 'refund', `/v1/payments/${debit.id}`, { entityId: shop.entityId, amount: decimal(refund), currency: 'EUR', paymentType: 'RF' }, { paymentType: 'RF', amount: refund, referencedId: debit.id });
  if (!done) return;
  // More than is left: must be refused (700.400.200), never booked.
  const beyond = amount - refund + 1;
  await pay(shop, 'refund', `/v1/payments/${debit.id}`, { entityId: shop.entityId, amount: decimal(beyond), currency: 'EUR', paymentType: 'RF' }, { paymentType: 'RF', amount: beyond, referencedId: debit.id });
}
