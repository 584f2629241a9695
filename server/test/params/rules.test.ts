// Every conditional rule of rules.ts, broken and kept, through the validator.

import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/params/rules.js';
import type { Operation } from '../../src/params/types.js';
import { validate } from '../../src/params/validate.js';
import { accepted, errorFor, paramsOf, refused } from './helpers.js';

type Changes = Record<string, string | null>;

interface Case {
  /** The rule's message: ties the case to its row in RULES. */
  rule: string;
  op: Operation;
  /** Breaks the rule: expect an error on `name`. */
  broken: Changes;
  name: string;
  /** Keeps the rule: must pass. */
  kept: Changes[];
}

const CUSTOMER_NAMES = { 'customer.givenName': 'Jane', 'customer.surname': 'Jones' };

const CASES: Case[] = [
  {
    rule: 'required unless the checkout only stores a card (createRegistration=true without amount)',
    op: 'checkout',
    broken: { amount: null },
    name: 'amount',
    kept: [{ amount: null, currency: null, paymentType: null, createRegistration: 'true' }, {}],
  },
  {
    rule: 'required when createRegistration is false',
    op: 'checkout',
    broken: { amount: null, createRegistration: 'false' },
    name: 'amount',
    kept: [{ createRegistration: 'false' }],
  },
  {
    rule: 'required with an amount',
    op: 'checkout',
    broken: { currency: null, createRegistration: 'true' },
    name: 'currency',
    kept: [{ createRegistration: 'true' }, { amount: null, currency: null, paymentType: null, createRegistration: 'true' }],
  },
  {
    rule: 'required when another customer field is sent',
    op: 'payment',
    broken: { 'customer.email': 'jane@shop.example' },
    name: 'customer.givenName',
    kept: [
      { 'customer.email': 'jane@shop.example', ...CUSTOMER_NAMES },
      // Device data is not the shopper's identity: 3-D Secure v2 sends it on its own.
      { 'customer.ip': '192.0.2.1', 'customer.browser.language': 'de', 'customer.browserFingerprint.id': 'f' },
      {},
    ],
  },
  {
    rule: 'required when another customer field is sent',
    op: 'checkout',
    broken: { 'customer.givenName': 'Jane' },
    name: 'customer.surname',
    kept: [CUSTOMER_NAMES],
  },
  {
    rule: 'customer.identificationDocType and customer.identificationDocId are sent together',
    op: 'payment',
    broken: { ...CUSTOMER_NAMES, 'customer.identificationDocType': 'TAXSTATEMENT' },
    name: 'customer.identificationDocId',
    kept: [{ ...CUSTOMER_NAMES, 'customer.identificationDocType': 'TAXSTATEMENT', 'customer.identificationDocId': '12345678909' }],
  },
  {
    rule: 'shipping.customer.identificationDocType and shipping.customer.identificationDocId are sent together',
    op: 'payment',
    broken: { 'shipping.customer.identificationDocId': '12345678909' },
    name: 'shipping.customer.identificationDocType',
    kept: [{ 'shipping.customer.identificationDocType': 'IDCARD', 'shipping.customer.identificationDocId': '12345678909' }],
  },
  {
    rule: 'required with card data: card.number, card.expiryMonth and card.expiryYear',
    op: 'payment',
    broken: { 'card.expiryYear': null },
    name: 'card.expiryYear',
    kept: [{ 'card.number': null, 'card.expiryMonth': null, 'card.expiryYear': null, 'card.cvv': null, 'card.holder': null }],
  },
  {
    rule: 'required with bank account data',
    op: 'payment',
    broken: { 'bankAccount.iban': 'DE23100000001234567890' },
    name: 'bankAccount.holder',
    kept: [{ 'bankAccount.iban': 'DE23100000001234567890', 'bankAccount.holder': 'Jane Jones' }],
  },
  {
    rule: 'bankAccount.number or bankAccount.iban is required with bank account data',
    op: 'payment',
    broken: { 'bankAccount.holder': 'Jane Jones', 'bankAccount.bic': 'MARKDEF1100' },
    name: 'bankAccount.number',
    kept: [{ 'bankAccount.holder': 'Jane Jones', 'bankAccount.iban': 'DE23100000001234567890', 'bankAccount.bic': 'MARKDEF1100' }],
  },
  {
    rule: 'bankAccount.bankCode or bankAccount.bic is required with bankAccount.number',
    op: 'payment',
    broken: { 'bankAccount.holder': 'Jane Jones', 'bankAccount.number': '1234567890' },
    name: 'bankAccount.bankCode',
    kept: [
      { 'bankAccount.holder': 'Jane Jones', 'bankAccount.number': '1234567890', 'bankAccount.bankCode': '10000000' },
      { 'bankAccount.holder': 'Jane Jones', 'bankAccount.number': '1234567890', 'bankAccount.bic': 'MARKDEF1' },
      // An IBAN carries its bank code.
      { 'bankAccount.holder': 'Jane Jones', 'bankAccount.iban': 'DE23100000001234567890' },
    ],
  },
  {
    rule: 'bankAccount.mandate.id and bankAccount.mandate.dateOfSignature are sent together',
    op: 'payment',
    broken: { 'bankAccount.holder': 'Jane Jones', 'bankAccount.iban': 'DE23100000001234567890', 'bankAccount.mandate.id': 'MANDATE-A' },
    name: 'bankAccount.mandate.dateOfSignature',
    kept: [{ 'bankAccount.holder': 'Jane Jones', 'bankAccount.iban': 'DE23100000001234567890', 'bankAccount.mandate.id': 'MANDATE-A', 'bankAccount.mandate.dateOfSignature': '2024-02-29' }],
  },
  {
    rule: 'walletPay.paymentToken, or the card data the merchant decrypted, is required with wallet data',
    op: 'payment',
    broken: { 'walletPay.source': 'web', 'card.number': null, 'card.expiryMonth': null, 'card.expiryYear': null, 'card.cvv': null, 'card.holder': null },
    name: 'walletPay.paymentToken',
    kept: [{ 'walletPay.source': 'web' }, { 'walletPay.paymentToken': '{"data":"..."}', 'card.number': null, 'card.expiryMonth': null, 'card.expiryYear': null, 'card.cvv': null, 'card.holder': null }],
  },
  {
    rule: 'required when billing.houseNumber2 is sent',
    op: 'payment',
    broken: { 'billing.houseNumber2': 'b' },
    name: 'billing.houseNumber1',
    kept: [{ 'billing.houseNumber1': '12', 'billing.houseNumber2': 'b' }],
  },
  {
    rule: 'required when shipping.houseNumber2 is sent',
    op: 'checkout',
    broken: { 'shipping.houseNumber2': 'b' },
    name: 'shipping.houseNumber1',
    kept: [{ 'shipping.houseNumber1': '12', 'shipping.houseNumber2': 'b' }],
  },
  {
    rule: 'billing.street1 and billing.street2 together must not be digits only',
    op: 'payment',
    broken: { 'billing.street1': '12', 'billing.street2': '34' },
    name: 'billing.street1',
    kept: [{ 'billing.street1': '12', 'billing.street2': 'Main Street' }, { 'billing.street1': 'Main Street 12' }],
  },
  {
    rule: 'shipping.street1 and shipping.street2 together must not be digits only',
    op: 'payment',
    broken: { 'shipping.street2': '7' },
    name: 'shipping.street2',
    kept: [{ 'shipping.street1': '7 Rue de la Paix' }],
  },
  {
    rule: 'not allowed with recurringType=REPEATED',
    op: 'payment',
    broken: { recurringType: 'REPEATED' },
    name: 'card.cvv',
    kept: [{ recurringType: 'REPEATED', 'card.cvv': null }, { recurringType: 'INITIAL' }],
  },
  {
    rule: 'not allowed with recurringType=REPEATED',
    op: 'payment',
    broken: { recurringType: 'REPEATED', 'card.cvv': null, 'threeDSecure.eci': '05' },
    name: 'threeDSecure.eci',
    kept: [{ recurringType: 'INITIAL', 'threeDSecure.eci': '05' }],
  },
  {
    rule: 'required for a capture or a refund',
    op: 'followUp',
    broken: { paymentType: 'RF', amount: null },
    name: 'amount',
    kept: [{ paymentType: 'RF' }, { paymentType: 'RV', amount: null, currency: null }],
  },
  {
    rule: 'the currency has no decimals: the amount must end in .00',
    op: 'payment',
    broken: { amount: '100.50', currency: 'JPY' },
    name: 'amount',
    kept: [{ amount: '100.00', currency: 'JPY' }, { amount: '100', currency: 'KRW' }, { amount: '100.50', currency: 'EUR' }, { amount: '100.55', currency: 'KWD' }],
  },
  {
    rule: 'required for a capture or a refund',
    op: 'followUp',
    broken: { paymentType: 'CP', currency: null },
    name: 'currency',
    kept: [{ paymentType: 'CP' }],
  },
  {
    rule: 'account data is required: card, bank account, virtual account or wallet',
    op: 'registration',
    broken: { 'card.number': null, 'card.expiryMonth': null, 'card.expiryYear': null, 'card.cvv': null, 'card.holder': null },
    name: 'card.number',
    kept: [
      { 'card.number': null, 'card.expiryMonth': null, 'card.expiryYear': null, 'card.cvv': null, 'card.holder': null, paymentBrand: 'DIRECTDEBIT_SEPA', 'bankAccount.holder': 'Jane Jones', 'bankAccount.iban': 'DE23100000001234567890' },
      { 'card.number': null, 'card.expiryMonth': null, 'card.expiryYear': null, 'card.cvv': null, 'card.holder': null, 'virtualAccount.accountId': 'jane@wallet.example' },
    ],
  },
  {
    rule: 'name must start with SHOPPER_ when sent from the payment form',
    op: 'checkoutPayment',
    broken: { 'customParameters[CUSTOM_due_date]': '01012030' },
    name: 'customParameters[CUSTOM_due_date]',
    kept: [{ 'customParameters[SHOPPER_gift_note]': 'Happy birthday' }],
  },
  {
    rule: 'required unless the brand is detected from card.number or a stored registration',
    op: 'payment',
    broken: { paymentBrand: null, 'card.number': null, 'card.expiryMonth': null, 'card.expiryYear': null, 'card.cvv': null, 'card.holder': null, 'virtualAccount.accountId': 'jane@wallet.example' },
    name: 'paymentBrand',
    kept: [{ paymentBrand: null }],
  },
  {
    rule: 'required unless the brand is detected from card.number or a stored registration',
    op: 'registration',
    broken: { paymentBrand: null, 'card.number': null, 'card.expiryMonth': null, 'card.expiryYear': null, 'card.cvv': null, 'card.holder': null, 'bankAccount.holder': 'Jane Jones', 'bankAccount.iban': 'DE23100000001234567890' },
    name: 'paymentBrand',
    kept: [{ paymentBrand: null }],
  },
  {
    rule: 'required with recurringMigration data',
    op: 'registration',
    broken: { 'recurringMigration.amount': '10.00' },
    name: 'recurringMigration.paymentType',
    kept: [{ 'recurringMigration.paymentType': 'DB', 'recurringMigration.amount': '10.00', 'recurringMigration.requestTimestamp': '2025-01-02 10:11:12', 'recurringMigration.connectorTxId1': 'abc123' }],
  },
  {
    rule: 'required unless the brand is detected from card.number or a stored registration',
    op: 'checkoutPayment',
    broken: { paymentBrand: null, 'card.number': null, 'card.expiryMonth': null, 'card.expiryYear': null, 'card.cvv': null, 'card.holder': null, 'bankAccount.holder': 'Jane Jones', 'bankAccount.iban': 'DE23100000001234567890' },
    name: 'paymentBrand',
    kept: [
      { paymentBrand: null },
      { paymentBrand: null, 'card.number': null, 'card.expiryMonth': null, 'card.expiryYear': null, 'card.holder': null, registrationId: '8ac7a4a1845f7e8b01846034a5bb3cc5' },
    ],
  },
];

describe('conditional rules', () => {
  it.each(CASES.map((c) => [`${c.op}: ${c.rule} (${c.name})`, c] as const))('%s', (_title, c) => {
    const error = errorFor(refused(c.op, c.broken), c.name);
    expect(error.message).toBe(c.rule);
    for (const kept of c.kept) accepted(c.op, kept);
  });

  it('every rule of the table has a case here (a drop rule is tested below)', () => {
    const covered = new Set(CASES.map((c) => c.rule));
    const untested = RULES.filter((r) => r.kind !== 'drop' && !covered.has(r.message)).map((r) => r.message);
    expect(untested).toEqual([]);
  });
});

describe('rules that depend on the operation', () => {
  it('a reversal ignores amount and currency: dropped, even malformed, and absent from the result', () => {
    const params = accepted('followUp', { paymentType: 'RV', amount: '1e3', currency: 'eur' });
    expect(params.has('amount')).toBe(false);
    expect(params.has('currency')).toBe(false);
    expect(params.get('paymentType')).toBe('RV');
  });

  it('customer names are required only on a strict channel: a lenient one takes customer.email alone', () => {
    const sent = paramsOf('payment', { 'customer.email': 'jane@shop.example' });
    expect(validate('payment', sent).ok).toBe(true);
    expect(validate('payment', sent, { strict: false }).ok).toBe(true);
    expect(errorFor(refused('payment', { 'customer.email': 'jane@shop.example' }), 'customer.givenName').message).toBe('required when another customer field is sent');
  });

  it('customer names are not required on the widget submit: the checkout holds them', () => {
    accepted('checkoutPayment', { 'customer.email': 'jane@shop.example' });
  });

  it('REPEATED registration payments: forbidden data and REPEATED only', () => {
    accepted('registrationPayment', { recurringType: 'REPEATED' });
    expect(errorFor(refused('registrationPayment', { recurringType: 'INITIAL' }), 'recurringType').message).toBe('must be one of REPEATED');
  });

  it('a registration takes recurringType=INITIAL only', () => {
    accepted('registration', { recurringType: 'INITIAL' });
    expect(errorFor(refused('registration', { recurringType: 'REPEATED' }), 'recurringType').message).toBe('must be one of INITIAL');
  });

  it('reports a broken rule once even when the same name also fails its format', () => {
    const errors = refused('payment', { 'customer.email': 'jane@shop.example', 'customer.givenName': 'x'.repeat(10), 'customer.surname': '' });
    expect(errors.filter((e) => e.name === 'customer.surname')).toHaveLength(1);
  });
});
