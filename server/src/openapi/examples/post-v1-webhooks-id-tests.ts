import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  { name: 'testWebhook', summary: 'Send a test notification', route: 'POST /v1/webhooks/:id/tests', step: 30, path: { id: '{{webhook}}' }, params: ENTITY, status: 200 },
];
