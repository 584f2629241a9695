// One payment-making call under a fresh Idempotency-Key (sent again as merchantTransactionId, so
// the database itself shows how many payments each key made), booked when the relay acknowledged it.

import { isSuccessCode } from './client.js';
import { acknowledge } from './ledger.js';
import type { Shop } from './shop.js';

export interface Paid {
  id: string;
  json: Record<string, unknown>;
}

/** POSTs `path` and books the payment it acknowledged; undefined when it was refused, declined or never answered. */
export async function pay(shop: Shop, kind: string, path: string, form: Record<string, string>, booked: { paymentType: string; amount: number; referencedId?: string }): Promise<Paid | undefined> {
  const key = shop.merchant.newKey(kind);
  const answer = await shop.merchant.call(kind, 'POST', path, { ...form, merchantTransactionId: key }, key);
  if (!answer || answer.status !== 200) return undefined;
  const id = answer.json.id;
  const code = (answer.json.result as { code?: string } | undefined)?.code;
  if (typeof id !== 'string' || !isSuccessCode(code)) return undefined;
  acknowledge(shop.ledger, { key, id, paymentType: booked.paymentType, amount: booked.amount, referencedId: booked.referencedId, kind });
  return { id, json: answer.json };
}
