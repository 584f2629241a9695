import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'reconciliationFile',
    summary: 'The reconciliation file of a day (CSV)',
    route: 'GET /reports/v1/reconciliations/file',
    step: 70,
    params: { ...ENTITY, 'date.from': '2026-11-22', 'date.to': '2026-11-22' },
    status: 200,
  },
];
