import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  { name: 'cancelSchedule', summary: 'Cancel the schedule', route: 'DELETE /scheduling/v1/schedules/:id', step: 80, path: { id: '{{schedule}}' }, params: ENTITY, status: 200 },
];
