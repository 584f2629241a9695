import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'aggregationRecords',
    summary: 'The records of one aggregation',
    route: 'GET /reports/v1/reconciliations/aggregations/:id',
    step: 70,
    path: { id: '{{aggregation}}' },
    params: { ...ENTITY, sortValue: 'Amount', sortOrder: 'DESC' },
    status: 200,
  },
];
