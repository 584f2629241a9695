import { VISA, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'widgetStoresCard',
    summary: 'The registration widget stores a card (no token; the relay\'s origin)',
    route: 'POST /v1/checkouts/:id/registration',
    step: 20,
    path: { id: '{{registrationCheckout}}' },
    params: { ...VISA, shopperResultUrl: 'https://shop.example/saved' },
    auth: false,
    status: 200,
  },
];
