import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'quoteUsdBrl',
    summary: 'A guaranteed USD to BRL rate for a price of 100.00 USD',
    route: 'POST /v1/quotes',
    step: 10,
    params: { ...ENTITY, currency: 'USD', targetCurrency: 'BRL', amount: '100.00' },
    status: 200,
    remember: { quote: 'id' },
  },
];
