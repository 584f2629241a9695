// Cash slips (BOLETO): issued as a PA, then confirmed by the simulator as the bank would, and now
// and then confirmed a second time (a duplicate notice from the bank), which must not confirm twice.

import { acknowledge } from './ledger.js';
import { pay } from './pay.js';
import type { Shop } from './shop.js';

const BOLETO = {
  currency: 'BRL',
  paymentBrand: 'BOLETO',
  paymentType: 'PA',
  'billing.street1': 'Avenida Paulista 1000',
  'billing.city': 'Sao Paulo',
  'billing.state': 'SP',
  'billing.postcode': '01310100',
  'billing.country': 'BR',
  'customer.givenName': 'Maria',
  'customer.surname': 'Souza',
  'customer.identificationDocType': 'TAXSTATEMENT',
  'customer.identificationDocId': '52998224725',
  shopperResultUrl: 'https://shop.example/result',
} as const;

export async function slipFlow(shop: Shop): Promise<void> {
  const slip = await pay(shop, 'slip-issue', '/v1/payments', { entityId: shop.entityId, amount: '92.00', ...BOLETO }, { paymentType: 'PA', amount: 9_200 });
  if (!slip) return;
  shop.ledger.slips.push(slip.id);
  for (let i = shop.random.next() < 0.3 ? 2 : 1; i > 0; i--) {
    const key = shop.merchant.newKey('slip-confirm');
    const answer = await shop.merchant.call('slip-confirm', 'POST', `/v1/test/vouchers/${slip.id}/pay`, { entityId: shop.entityId }, key);
    const id = answer?.json.id;
    if (answer?.status === 200 && typeof id === 'string') acknowledge(shop.ledger, { key, id, paymentType: 'RC', amount: 9_200, referencedId: slip.id, kind: 'slip-confirm' });
  }
}
