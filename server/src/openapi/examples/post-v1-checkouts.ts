import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'prepareCheckout',
    summary: 'Prepare a checkout of 49.90 EUR that also offers the shopper\'s stored card',
    route: 'POST /v1/checkouts',
    // After the card is stored (step 10), so the checkout can offer it.
    step: 12,
    params: { ...ENTITY, amount: '49.90', currency: 'EUR', paymentType: 'DB', merchantTransactionId: 'order-10003', 'registrations[0].id': '{{registration}}' },
    status: 200,
    remember: { checkout: 'id' },
  },
  {
    name: 'prepareSummaryCheckout',
    summary: 'Prepare a checkout the merchant completes after a summary page',
    route: 'POST /v1/checkouts',
    step: 10,
    params: { ...ENTITY, amount: '19.90', currency: 'EUR', paymentType: 'DB' },
    status: 200,
    remember: { summaryCheckout: 'id' },
  },
  {
    name: 'prepareAccountCheckout',
    summary: 'Prepare a checkout paid by SEPA direct debit',
    route: 'POST /v1/checkouts',
    step: 10,
    params: { ...ENTITY, amount: '12.00', currency: 'EUR', paymentType: 'DB' },
    status: 200,
    remember: { accountCheckout: 'id' },
  },
  {
    name: 'prepareRegistrationCheckout',
    summary: 'Prepare a checkout that only stores a card',
    route: 'POST /v1/checkouts',
    step: 10,
    params: { ...ENTITY, createRegistration: 'true' },
    status: 200,
    remember: { registrationCheckout: 'id' },
  },
];
