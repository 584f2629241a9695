import { ENTITY, MASTER, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'storeCard',
    summary: 'Store a MASTER test card',
    route: 'POST /v1/registrations',
    step: 10,
    params: { ...ENTITY, ...MASTER },
    status: 200,
    remember: { registration: 'id' },
  },
];
