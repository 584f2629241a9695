import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'updateWebhook',
    summary: 'Also notify of stored cards',
    route: 'POST /v1/webhooks/:id',
    step: 20,
    path: { id: '{{webhook}}' },
    params: { ...ENTITY, eventTypes: 'PAYMENT,REGISTRATION' },
    status: 200,
  },
];
