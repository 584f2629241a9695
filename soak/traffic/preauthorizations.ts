// Authorizations captured in parts (a shop shipping an order in several parcels), a refund of
// part of what was captured, or a reversal of what was never captured; and a capture past the
// authorization, which must be refused.

import { decimal } from './ledger.js';
import { pay } from './pay.js';
import { CARD, type Shop } from './shop.js';

export async function preauthorizationFlow(shop: Shop): Promise<void> {
  const amount = shop.random.int(1_000, 30_000);
  const pa = await pay(shop, 'preauthorization', '/v1/payments', { entityId: shop.entityId, amount: decimal(amount), currency: 'EUR', paymentType: 'PA', ...CARD }, { paymentType: 'PA', amount });
  if (!pa) return;
  const follow = (kind: string, paymentType: string, minor: number | undefined) =>
    pay(shop, kind, `/v1/payments/${pa.id}`, { entityId: shop.entityId, paymentType, ...(minor === undefined ? {} : { amount: decimal(minor), currency: 'EUR' }) }, { paymentType, amount: minor ?? 0, referencedId: pa.id });
  if (shop.random.next() < 0.2) {
    await follow('reversal', 'RV', undefined);
    return;
  }
  const first = Math.floor(amount / 2);
  let captured = 0;
  if (await follow('capture', 'CP', first)) captured += first;
  const second = shop.random.int(1, amount - first);
  if (await follow('capture', 'CP', second)) captured += second;
  // Past the authorization: refused (700.400.100) whatever was captured.
  await follow('capture', 'CP', amount - captured + 1);
  if (captured > 0 && shop.random.next() < 0.5) await follow('refund', 'RF', shop.random.int(1, captured));
}
