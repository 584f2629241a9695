import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  { name: 'deleteRegistration', summary: 'Delete the stored card', route: 'DELETE /v1/registrations/:id', step: 90, path: { id: '{{registration}}' }, params: ENTITY, status: 200 },
];
