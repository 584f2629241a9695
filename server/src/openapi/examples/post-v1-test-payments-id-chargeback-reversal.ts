import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'chargebackReversal',
    summary: 'Simulate the reversal of that chargeback (test environment only)',
    route: 'POST /v1/test/payments/:id/chargeback-reversal',
    step: 45,
    path: { id: '{{debit}}' },
    params: { ...ENTITY, chargebackId: '{{chargeback}}' },
    status: 200,
  },
];
