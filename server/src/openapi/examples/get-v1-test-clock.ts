import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  { name: 'readClock', summary: 'Read the channel\'s clock (test environment only)', route: 'GET /v1/test/clock', step: 55, params: ENTITY, status: 200 },
];
