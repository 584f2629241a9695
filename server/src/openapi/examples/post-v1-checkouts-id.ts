import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'updateCheckout',
    summary: 'Change the checkout\'s amount before the shopper pays',
    route: 'POST /v1/checkouts/:id',
    step: 15,
    path: { id: '{{checkout}}' },
    params: { ...ENTITY, amount: '59.90' },
    status: 200,
  },
];
