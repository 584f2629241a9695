import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
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
