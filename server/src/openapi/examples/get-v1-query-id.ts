import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  { name: 'queryPayment', summary: 'Transaction report of one payment', route: 'GET /v1/query/:id', step: 20, path: { id: '{{payment}}' }, params: ENTITY, status: 200 },
];
