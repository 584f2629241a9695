import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'checkoutStatusBeforePayment',
    summary: 'The status before the shopper pays: the checkout, pending',
    route: 'GET /v1/checkouts/:id/payment',
    step: 13,
    path: { id: '{{checkout}}' },
    params: ENTITY,
    status: 200,
  },
  { name: 'checkoutStatus', summary: 'The checkout\'s payment status', route: 'GET /v1/checkouts/:id/payment', step: 25, path: { id: '{{checkout}}' }, params: ENTITY, status: 200 },
];
