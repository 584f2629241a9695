import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  { name: 'listWebhooks', summary: 'The channel\'s webhook endpoints', route: 'GET /v1/webhooks', step: 20, params: ENTITY, status: 200 },
];
