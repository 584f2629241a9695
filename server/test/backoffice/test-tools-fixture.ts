// Payments the test tools act on, made through the merchant API as a shop makes them: a voucher
// slip awaiting payment (OXXO, as the spec's voucher request) and a redirect payment awaiting its
// shopper (an online transfer, answered pending with a redirect to the simulator's page).

import type { PaymentsBackoffice, ShopOfBackoffice } from './payments-fixture.js';

async function pendingPayment(env: PaymentsBackoffice, form: Record<string, string>, shop: ShopOfBackoffice): Promise<string> {
  const res = await env.post('/v1/payments', { entityId: shop.entityId, ...form }, shop);
  if (res.statusCode !== 200) throw new Error(`payment answered ${res.statusCode}: ${res.body}`);
  const body = res.json() as { id: string; redirect?: unknown };
  if (!body.redirect) throw new Error(`not pending with a redirect: ${res.body}`);
  return body.id;
}

/** An OXXO slip, pending until paid or expired; answers its id (the PA's). */
export function slipPayment(env: PaymentsBackoffice, shop: ShopOfBackoffice = env.shop): Promise<string> {
  return pendingPayment(env, { amount: '150.00', currency: 'MXN', paymentType: 'PA', paymentBrand: 'OXXO', 'billing.country': 'MX', merchantTransactionId: 'order-oxxo', shopperResultUrl: 'https://shop.example/result', testMode: 'EXTERNAL' }, shop);
}

/** An online transfer pending on the simulator's page; answers its id. */
export function redirectPayment(env: PaymentsBackoffice, shop: ShopOfBackoffice = env.shop): Promise<string> {
  return pendingPayment(env, { amount: '25.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'SOFORTUEBERWEISUNG', shopperResultUrl: 'https://shop.example/return' }, shop);
}
