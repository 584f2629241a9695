import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'redeliverFailed',
    summary: 'Send again every delivery that failed since a moment',
    route: 'POST /v1/webhooks/:id/redeliveries',
    step: 60,
    path: { id: '{{webhook}}' },
    params: { ...ENTITY, since: '2026-11-22 00:00:00' },
    status: 200,
  },
];
