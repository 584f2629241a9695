import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'payWithStoredCard',
    summary: 'A merchant-initiated repeated payment with the stored card',
    route: 'POST /v1/registrations/:id/payments',
    step: 20,
    path: { id: '{{registration}}' },
    params: { ...ENTITY, amount: '15.00', currency: 'EUR', paymentType: 'DB', recurringType: 'REPEATED' },
    status: 200,
  },
];
