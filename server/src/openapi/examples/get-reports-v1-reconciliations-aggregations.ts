import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'listAggregations',
    summary: 'The settlement aggregations of a day',
    route: 'GET /reports/v1/reconciliations/aggregations',
    step: 60,
    params: { ...ENTITY, 'date.from': '2026-11-22', 'date.to': '2026-11-22' },
    status: 200,
    remember: { aggregation: 'aggregations.0.id' },
  },
];
