import { ENTITY, VISA, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'widgetPays',
    summary: 'The card frame pays the checkout (no token; the relay\'s origin)',
    route: 'POST /v1/checkouts/:id/payment',
    step: 20,
    path: { id: '{{checkout}}' },
    params: { ...VISA, shopperResultUrl: 'https://shop.example/result' },
    auth: false,
    status: 200,
  },
  {
    name: 'merchantCompletes',
    summary: 'The merchant pays the data the shopper saved on the summary page (token)',
    route: 'POST /v1/checkouts/:id/payment',
    step: 30,
    path: { id: '{{summaryCheckout}}' },
    params: ENTITY,
    status: 200,
  },
];
