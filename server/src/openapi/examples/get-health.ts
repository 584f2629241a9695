import type { ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  { name: 'health', summary: 'The process is up', route: 'GET /health', step: 1, params: {}, auth: false, status: 200 },
];
