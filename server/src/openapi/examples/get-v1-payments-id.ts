import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  { name: 'readPayment', summary: 'Read a payment', route: 'GET /v1/payments/:id', step: 20, path: { id: '{{payment}}' }, params: ENTITY, status: 200 },
];
