// The document served at GET /openapi.json: valid OpenAPI 3.1 by a maintained validator, served
// without a token from the same bytes made at start, its servers from PUBLIC_URL, and made of the
// catalogue (formats, required names, rules, result codes, errors) rather than a copy of it.

import Fastify from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, type TestRelay } from '../helper.js';
import { collectRoutes } from '../../src/openapi/route-table.js';
import { openApiDocument, UndocumentedRouteError } from '../../src/openapi/document.js';
import { RESULT_CODES } from '../../../spec/result-codes.js';
import { ERRORS } from '../../src/domain/errors.js';
import { ENDPOINTS } from '../../../spec/endpoints.js';
import { buildApp } from '../../src/app/build-app.js';

type Json = Record<string, any>;

let relay: TestRelay;
let document: Json;

beforeAll(async () => {
  relay = await startTestRelay({ publicUrl: 'https://pay.example.com' });
  const res = await relay.app.inject({ method: 'GET', url: '/openapi.json' });
  expect(res.statusCode).toBe(200);
  document = res.json();
});
afterAll(() => relay.close());

describe('the document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('is served without a token, as the same bytes every time, naming the relay\'s public URL', async () => {
    const first = await relay.app.inject({ method: 'GET', url: '/openapi.json' });
    const second = await relay.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toBe(first.body);
    expect(document.servers).toEqual([{ url: 'https://pay.example.com' }]);
    expect(document.info.version).toBe(relay.ctx.config.buildNumber);
  });

  it('describes the Bearer token and asks it of every merchant route', () => {
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/v1/payments'].post.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/v1/checkouts/{id}/widget'].get.security).toEqual([]);
    expect(document.paths['/v1/checkouts/{id}/payment'].post.security).toEqual([{}, { bearerAuth: [] }]);
  });

  it('marks the test environment\'s routes as test only', () => {
    const testOnly = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.entries(ops as Json).filter(([, op]) => op['x-test-only'] === true).map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(testOnly.sort()).toEqual([
      'GET /v1/test/clock',
      'POST /v1/test/clock',
      'POST /v1/test/payments/{id}/chargeback',
      'POST /v1/test/payments/{id}/chargeback-reversal',
      'POST /v1/test/vouchers/{id}/expire',
      'POST /v1/test/vouchers/{id}/pay',
    ]);
    for (const name of testOnly) {
      const [method, path] = name.split(' ') as [string, string];
      expect(document.paths[path][method.toLowerCase()].tags).toEqual(['Test only']);
    }
  });
});

describe('what the catalogue says', () => {
  it('gives each parameter its format, length and enum, and each operation its required names', () => {
    const payment = document.components.schemas.paymentRequest;
    expect(payment.properties['card.number']).toMatchObject({ type: 'string', pattern: '^[0-9]*$', minLength: 12, maxLength: 19, 'x-format': 'N{12,19}' });
    expect(payment.properties.amount.pattern).toBe('^[0-9]{1,10}(?:\\.[0-9]{2})?$');
    // The operation narrows paymentType; the row's own list is wider.
    expect(payment.properties.paymentType.enum).toEqual(['PA', 'DB', 'CD', 'CB', 'CR']);
    expect(payment.properties.currency.enum).toContain('EUR');
    expect(payment.required).toEqual([...ENDPOINTS.payment.requires]);
    // Indexed names are pattern properties: cart.items[0].name up to cart.items[1000].name.
    const [itemName] = Object.entries(payment.patternProperties as Json).find(([, s]) => s['x-name'] === 'cart.items[n].name')!;
    expect(new RegExp(itemName).test('cart.items[0].name')).toBe(true);
    expect(new RegExp(itemName).test('cart.items[1000].name')).toBe(true);
    expect(new RegExp(itemName).test('cart.items[1001].name')).toBe(false);
    expect(new RegExp(itemName).test('cart.items[01].name')).toBe(false);
  });

  it('states the conditional rules of the operation, as text and as x-rules data', () => {
    const followUp = document.components.schemas.followUpRequest;
    expect(followUp.description).toContain('amount, currency required when paymentType is CP or RF: required for a capture or a refund.');
    expect(followUp['x-rules']).toContainEqual(expect.objectContaining({ kind: 'drop', names: ['amount', 'currency'], on: ['followUp'] }));
    const registrationPayment = document.components.schemas.registrationPaymentRequest;
    // A rule about names the operation does not take is not stated there.
    expect(document.paths['/v1/webhooks/{id}/deliveries'].get.description).not.toContain('Conditions');
    expect(document.components.schemas.checkoutPaymentRequest.description).toContain(
      '- paymentBrand required unless any of card.number, registrationId is sent: required unless the brand is detected from card.number or a stored registration.',
    );
    expect(registrationPayment['x-forbidden']).toContainEqual({ pattern: 'card.cvv', message: 'not allowed on a payment with a stored registration' });
  });

  it('takes a read\'s query parameters from its operation', () => {
    const report = document.paths['/v1/query'].get.parameters as Json[];
    expect(report.find((p) => p.name === 'entityId')).toMatchObject({ in: 'query', required: true });
    expect(report.find((p) => p.name === 'date.from')?.schema.pattern).toBe('^[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])(?: (?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9])?$');
  });

  it('lists every result code of the catalogue with its description', () => {
    const listed = document.components.schemas.ResultCode['x-result-codes'] as { code: string; description: string }[];
    expect(Object.fromEntries(listed.map((c) => [c.code, c.description]))).toEqual(RESULT_CODES);
  });

  it('answers each error status with the error shape, naming the errors of that status', () => {
    const statuses = [...new Set(Object.values(ERRORS).map((e) => e.status))];
    for (const status of statuses) {
      expect(document.components.responses[`Error${status}`].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
    expect(document.components.responses.Error429.description).toContain('`800.120.100`');
    expect(document.paths['/v1/payments'].post.responses['429']).toEqual({ $ref: '#/components/responses/Error429' });
  });
});

describe('a route the document cannot describe', () => {
  it('stops the document from being made', async () => {
    const app = Fastify();
    const routes = collectRoutes(app);
    app.get('/v1/something-new', async () => ({}));
    await app.ready();
    expect(() => openApiDocument(routes, { serverUrl: 'http://relay.test', version: 'x' })).toThrow(UndocumentedRouteError);
    expect(() => openApiDocument(routes, { serverUrl: 'http://relay.test', version: 'x' })).toThrow('GET /v1/something-new');
    await app.close();
  });

  it('keeps the relay from starting', async () => {
    const app = await buildApp(relay.ctx, { logger: false, plugins: [(a) => void a.post('/v1/something-new', async () => ({}))] });
    await expect(app.ready()).rejects.toThrow('POST /v1/something-new has no catalogue operation');
    await app.close();
  });
});
