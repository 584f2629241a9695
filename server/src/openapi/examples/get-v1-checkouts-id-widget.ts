import type { ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  { name: 'widgetConfiguration', summary: 'What the widget reads to draw the form', route: 'GET /v1/checkouts/:id/widget', step: 16, path: { id: '{{checkout}}' }, params: {}, auth: false, status: 200 },
];
