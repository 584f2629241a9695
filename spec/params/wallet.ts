// Spec: "Mobile wallet" (the prefix walletPay stands for a neutral word).

import type { ParamRow } from './row.js';

export const wallet: readonly ParamRow[] = [
  { name: 'walletPay.paymentToken', format: 'AN', requirement: 'Required', notes: 'Defined by the wallet provider; encrypted token sent as-is, the service decrypts it. No length of its own: the body limit bounds it.' },
  { name: 'walletPay.source', format: 'enum(web,app)', requirement: 'Required', notes: 'Used when the merchant decrypts itself and sends card.number, card.expiryMonth, card.expiryYear, threeDSecure.verificationId, threeDSecure.eci.' },
];
