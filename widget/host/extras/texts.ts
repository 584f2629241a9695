// (Loaded on demand: extras.) The English of the texts only extras show, and those texts for the
// page's locale: the merchant's labels / errorMessages, then the locale file, then English, as the
// card form's texts (texts.ts). Kept here so the main script does not carry them.

import { pick, type ExtraErrorMessages, type ExtraLabels, type Texts } from '../texts.js';

export const enExtra: { labels: ExtraLabels; errors: ExtraErrorMessages } = {
  labels: {
    cancel: 'Cancel',
    country: 'Country',
    billingAddress: 'Billing address',
    givenName: 'Given name',
    surname: 'Surname',
    showOtherPaymentMethods: 'Show other payment methods',
    cvvHint: 'The last three digits on the back of your card',
    cvvHintAmex: 'The four digits on the front of your card',
    cvvHintMaestro: 'The last three digits on the back of your card, if present',
    cvvHelp: 'What is this?',
    accountHolder: 'Account holder',
    accountNumber: 'IBAN',
    accountBank: 'BIC',
    bankName: 'Bank name',
    pin: 'PIN',
    ddmmyyyy: 'DD.MM.YYYY',
    payWith: 'Pay with {brand}',
    payByCard: 'Pay by card',
  },
  errors: {
    cardBinError: 'Card not supported',
    accountHolderError: 'Invalid account holder',
    accountNumberError: 'Invalid account number or IBAN',
    accountBankError: 'Invalid bank code or BIC',
    pinError: 'Invalid PIN',
  },
};

/** The extras' texts for the page's locale and the merchant's overrides. */
export function extraTexts(texts: Texts): { labels: ExtraLabels; errors: ExtraErrorMessages } {
  return { labels: pick(enExtra.labels, ...texts.from.labels), errors: pick(enExtra.errors, ...texts.from.errors) };
}
