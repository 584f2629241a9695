// The program the generated-client test writes beside the client it generates: a merchant backend
// that pre-authorizes a payment, captures it and refunds it with openapi-fetch over the paths type
// openapi-typescript made from the relay's live document. It is text here because it imports a
// module (relay-api.ts) that exists only in the test's temporary folder.
//
// Run as `pay-capture-refund.ts <relay url> <token> <entityId>`; prints one JSON line per call.
// The `@ts-expect-error` lines hold the types to the document: a paymentType outside its list and
// a missing entityId must not compile, which a client of loose types (any) would let through.

export const CLIENT_USAGE_FILE = 'pay-capture-refund.ts';

export const CLIENT_USAGE_SOURCE = `import createClient from 'openapi-fetch';
import type { paths } from './relay-api.js';

const [baseUrl, token, entityId] = process.argv.slice(2) as [string, string, string];

// The relay reads form bodies only: every body goes out form-encoded.
const relay = createClient<paths>({
  baseUrl,
  headers: { Authorization: \`Bearer \${token}\`, 'Content-Type': 'application/x-www-form-urlencoded' },
  bodySerializer: (body: unknown) => new URLSearchParams(body as Record<string, string>).toString(),
});

function report(step: string, status: number, data: { id?: string; result: { code: string } } | undefined): string {
  if (!data) throw new Error(\`\${step}: HTTP \${status} without a payment\`);
  console.log(JSON.stringify({ step, status, id: data.id, code: data.result.code }));
  if (!data.id) throw new Error(\`\${step}: no id\`);
  return data.id;
}

const card = { paymentBrand: 'VISA', 'card.number': '4200000000000000', 'card.holder': 'Jane Jones', 'card.expiryMonth': '05', 'card.expiryYear': '2034', 'card.cvv': '123' } as const;

const authorized = await relay.POST('/v1/payments', { body: { entityId, amount: '92.10', currency: 'EUR', paymentType: 'PA', ...card } });
const paymentId = report('PA', authorized.response.status, authorized.data);

const captured = await relay.POST('/v1/payments/{id}', { params: { path: { id: paymentId } }, body: { entityId, amount: '92.10', currency: 'EUR', paymentType: 'CP' } });
report('CP', captured.response.status, captured.data);

const refunded = await relay.POST('/v1/payments/{id}', { params: { path: { id: paymentId } }, body: { entityId, amount: '30.00', currency: 'EUR', paymentType: 'RF' } });
report('RF', refunded.response.status, refunded.data);

function neverCalled(): void {
  // @ts-expect-error: XX is not a payment type of the document
  void relay.POST('/v1/payments/{id}', { params: { path: { id: paymentId } }, body: { entityId, paymentType: 'XX' } });
  // @ts-expect-error: entityId is required
  void relay.POST('/v1/payments', { body: { amount: '1.00', currency: 'EUR', paymentType: 'DB' } });
}
void neverCalled;
`;
