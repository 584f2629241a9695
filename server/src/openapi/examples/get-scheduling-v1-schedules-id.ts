import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  { name: 'readSchedule', summary: 'Read the schedule with its next occurrences', route: 'GET /scheduling/v1/schedules/:id', step: 40, path: { id: '{{schedule}}' }, params: ENTITY, status: 200 },
];
