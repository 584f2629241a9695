import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'listDeliveries',
    summary: 'The endpoint\'s last ten notifications, with every attempt',
    route: 'GET /v1/webhooks/:id/deliveries',
    step: 60,
    path: { id: '{{webhook}}' },
    params: { ...ENTITY, limit: '10' },
    status: 200,
  },
];
