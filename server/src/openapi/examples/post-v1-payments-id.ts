import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'capture',
    summary: 'Capture the preauthorization',
    route: 'POST /v1/payments/:id',
    step: 30,
    path: { id: '{{payment}}' },
    params: { ...ENTITY, amount: '92.00', currency: 'EUR', paymentType: 'CP' },
    status: 200,
  },
  {
    name: 'refund',
    summary: 'Refund part of a debit',
    route: 'POST /v1/payments/:id',
    step: 30,
    path: { id: '{{debit}}' },
    params: { ...ENTITY, amount: '5.00', currency: 'EUR', paymentType: 'RF' },
    status: 200,
  },
];
