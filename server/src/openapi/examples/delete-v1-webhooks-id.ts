import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  { name: 'removeWebhook', summary: 'Remove the webhook endpoint', route: 'DELETE /v1/webhooks/:id', step: 90, path: { id: '{{webhook}}' }, params: ENTITY, status: 200 },
];
