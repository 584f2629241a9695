import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  { name: 'readQuote', summary: 'Read the quote', route: 'GET /v1/quotes/:id', step: 20, path: { id: '{{quote}}' }, params: ENTITY, status: 200 },
];
