import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'expirePaidSlip',
    summary: 'Expire a slip: refused once the slip is paid (100.350.101)',
    route: 'POST /v1/test/vouchers/:id/expire',
    step: 30,
    path: { id: '{{slip}}' },
    params: ENTITY,
    status: 400,
  },
];
