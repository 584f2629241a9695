import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  { name: 'paySlip', summary: 'Pay the BOLETO slip at once (test environment only)', route: 'POST /v1/test/vouchers/:id/pay', step: 20, path: { id: '{{slip}}' }, params: ENTITY, status: 200 },
];
