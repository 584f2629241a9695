import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'moveClock',
    summary: 'Move the channel\'s clock past the day\'s settlement cut-off (test environment only)',
    route: 'POST /v1/test/clock',
    step: 50,
    params: { ...ENTITY, time: '2026-11-23 02:00:00' },
    status: 200,
  },
];
