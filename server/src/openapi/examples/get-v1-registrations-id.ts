import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  { name: 'readRegistration', summary: 'Read the stored card (masked)', route: 'GET /v1/registrations/:id', step: 20, path: { id: '{{registration}}' }, params: ENTITY, status: 200 },
];
