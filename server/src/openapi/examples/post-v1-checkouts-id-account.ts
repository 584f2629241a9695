import { SEPA, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'payBySepa',
    summary: 'The bank-account form pays the checkout by SEPA direct debit',
    route: 'POST /v1/checkouts/:id/account',
    step: 20,
    path: { id: '{{accountCheckout}}' },
    params: { ...SEPA, shopperResultUrl: 'https://shop.example/result' },
    auth: false,
    status: 200,
  },
];
