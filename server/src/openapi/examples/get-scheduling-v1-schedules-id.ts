import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  { name: 'readSchedule', summary: 'Read the schedule with its runs (after the test clock ran one)', route: 'GET /scheduling/v1/schedules/:id', step: 56, path: { id: '{{schedule}}' }, params: ENTITY, status: 200 },
];
