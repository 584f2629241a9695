import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'listSchedules',
    summary: 'The schedules of the stored card',
    route: 'GET /scheduling/v1/schedules',
    step: 40,
    params: { ...ENTITY, registrationId: '{{registration}}' },
    status: 200,
  },
];
