import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'chargeback',
    summary: 'Simulate a chargeback of the debit (test environment only)',
    route: 'POST /v1/test/payments/:id/chargeback',
    step: 40,
    path: { id: '{{debit}}' },
    params: { ...ENTITY, amount: '20.00', currency: 'EUR', reasonCode: '000.100.221' },
    status: 200,
    remember: { chargeback: 'id' },
  },
];
