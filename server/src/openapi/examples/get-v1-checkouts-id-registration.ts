import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'registrationCheckoutBeforeStoring',
    summary: 'Before the shopper stores a card: the checkout, pending',
    route: 'GET /v1/checkouts/:id/registration',
    step: 13,
    path: { id: '{{registrationCheckout}}' },
    params: ENTITY,
    status: 200,
  },
  {
    name: 'registrationCheckoutStatus',
    summary: 'The card a registration checkout stored',
    route: 'GET /v1/checkouts/:id/registration',
    step: 25,
    path: { id: '{{registrationCheckout}}' },
    params: ENTITY,
    status: 200,
  },
];
