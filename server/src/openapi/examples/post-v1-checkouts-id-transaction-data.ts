import { MASTER, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'saveTransactionData',
    summary: 'The card frame saves the shopper\'s data without paying (summary page)',
    route: 'POST /v1/checkouts/:id/transactionData',
    step: 20,
    path: { id: '{{summaryCheckout}}' },
    params: { ...MASTER, shopperResultUrl: 'https://shop.example/summary' },
    auth: false,
    status: 200,
  },
];
