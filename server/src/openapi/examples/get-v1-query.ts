import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'queryByReference',
    summary: 'Transaction report by the merchant\'s reference',
    route: 'GET /v1/query',
    step: 40,
    params: { ...ENTITY, merchantTransactionId: 'order-10001' },
    status: 200,
  },
  {
    name: 'queryByDate',
    summary: 'Transaction report of a day, with captures and refunds',
    route: 'GET /v1/query',
    step: 40,
    params: { ...ENTITY, 'date.from': '2026-11-22', 'date.to': '2026-11-22', includeLinkedTransactions: 'true' },
    status: 200,
  },
];
