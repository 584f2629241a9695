import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'createWebhook',
    summary: 'Register a webhook endpoint for payment notifications',
    route: 'POST /v1/webhooks',
    step: 10,
    params: { ...ENTITY, url: '{{webhookUrl}}', eventTypes: 'PAYMENT' },
    status: 200,
    remember: { webhook: 'id', webhookSecret: 'secret' },
  },
];
