import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  { name: 'readWebhook', summary: 'One webhook endpoint', route: 'GET /v1/webhooks/:id', step: 20, path: { id: '{{webhook}}' }, params: ENTITY, status: 200 },
];
