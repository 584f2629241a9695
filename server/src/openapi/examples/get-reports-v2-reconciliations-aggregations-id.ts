import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'aggregationRecordsV2',
    summary: 'The records of one aggregation, v2 columns',
    route: 'GET /reports/v2/reconciliations/aggregations/:id',
    step: 70,
    path: { id: '{{aggregation}}' },
    params: { ...ENTITY, reconciliationType: 'SETTLED' },
    status: 200,
  },
];
