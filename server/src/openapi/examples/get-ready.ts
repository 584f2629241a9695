import type { ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  { name: 'ready', summary: 'Every readiness check passes', route: 'GET /ready', step: 1, params: {}, auth: false, status: 200 },
];
