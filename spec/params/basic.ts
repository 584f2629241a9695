// Spec: "Basic payment parameters (request)", plus the two checkout-only switches the API uses.

import type { ParamRow } from './row.js';

/** AN32 of letters, digits and underscore: brand codes such as VISA, DIRECTDEBIT_SEPA. */
export const BRAND = '/^[A-Za-z0-9_]{1,32}$/';

export const basic: readonly ParamRow[] = [
  { name: 'amount', format: 'N10.N2', requirement: 'Required', notes: 'The only amount used for processing; taxAmount and shipping.cost are already included in it. An integer amount (10) reads as 10.00.' },
  { name: 'taxAmount', format: 'N10.N2', requirement: 'Conditional', notes: 'Tax amount.' },
  { name: 'currency', format: 'currency', requirement: 'Required', notes: 'A3, upper case, ISO 4217. Currency of amount.' },
  { name: 'paymentBrand', format: BRAND, requirement: 'Conditional', notes: 'Optional only when card brand detection is used; otherwise mandatory.' },
  { name: 'paymentType', format: 'enum(PA,DB,CD,CP,RV,RF,CB,CR)', requirement: 'Required', notes: 'A2. RC exists only in voucher confirmations the service sends, never in a request; CB and CR (chargebacks) are named only to be refused (700.400.402); each operation narrows the list (spec/endpoints.ts).' },
  { name: 'overridePaymentType[brand]', key: BRAND, format: 'enum(PA,DB,CD)', requirement: 'Optional', notes: 'Gives a brand its own payment type; paymentType stays the default. Accepted only when creating a checkout.' },
  { name: 'descriptor', format: 'AN127', requirement: 'Optional', notes: 'Fills the statement descriptor; merchant.name can override it.' },
  { name: 'merchantTransactionId', format: 'AN{8,255}', requirement: 'Conditional', notes: 'Merchant reference, should be unique, used for reconciliation; some receivers require it.' },
  { name: 'merchantInvoiceId', format: 'AN{8,255}', requirement: 'Optional', notes: 'Invoice number, should be unique, not passed onward.' },
  { name: 'merchantMemo', format: 'AN{8,255}', requirement: 'Optional', notes: 'Appears only in reporting.' },
  { name: 'transactionCategory', format: 'enum(EC,MO,TO,RC,IN,PO,PM)', requirement: 'Optional', notes: 'Printed AN32 with these values.' },
  { name: 'testMode', format: 'enum(EXTERNAL,INTERNAL)', requirement: 'Optional', notes: 'Default INTERNAL; removed on production.' },
  { name: 'entityId', format: '/^[a-f0-9]{32}$/', requirement: 'Conditional', notes: '32 chars, a-f and 0-9. See Authentication.' },
  { name: 'integrity', format: 'bool', requirement: 'Optional', notes: 'Not in the spec tables: checkout only; true returns the sha384 of the widget script for subresource integrity (docs/security-cases.md W8).' },
];
