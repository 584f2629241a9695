import type { ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  { name: 'openApiDocument', summary: 'This document', route: 'GET /openapi.json', step: 1, params: {}, auth: false, status: 200 },
];
