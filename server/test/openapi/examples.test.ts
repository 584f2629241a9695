// Every example request of the document, replayed against a running relay over real HTTP (the test
// merchant, a webhook receiver), in step order so that an id is answered before it is used, and
// every answer checked against the document's schema for its status and content type with ajv's
// 2020-12 dialect: the examples, the document and the relay cannot drift apart.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, type TestRelay } from '../helper.js';
import { startReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { defaultReportsConfig } from '../../src/config/reports.js';
import { EXAMPLES, type ExampleRequest } from '../../src/openapi/examples/index.js';
import { DOCUMENT_VALUES, examplePath, fillAll } from '../../src/openapi/examples/fill.js';
import { responseValidator } from './document-validator.js';

type Json = Record<string, any>;

let relay: TestRelay;
let receiver: WebhookReceiver;
let base: string;
let fileDir: string;
let document: Json;
let validator: ReturnType<typeof responseValidator>;
/** What earlier answers gave, by the names the examples remember them under. */
const values: Record<string, string> = {};

beforeAll(async () => {
  receiver = await startReceiver();
  fileDir = mkdtempSync(join(tmpdir(), 'paywidgets-openapi-files-'));
  // Reports see a payment at once: the relay's clock stands still in tests, so the usual few
  // seconds' delay would hide the examples' payments from the report by date.
  relay = await startTestRelay({ reports: { ...defaultReportsConfig, fileDir, visibilityDelayMs: 0 } });
  base = await relay.app.listen({ port: 0, host: '127.0.0.1' });
  document = await (await fetch(`${base}/openapi.json`)).json();
  validator = responseValidator(document);
  Object.assign(values, { entityId: relay.merchant.entityId, webhookUrl: receiver.url });
});
afterAll(async () => {
  await relay.close();
  await receiver.close();
  rmSync(fileDir, { recursive: true, force: true });
});

const ordered = [...EXAMPLES].sort((a, b) => a.step - b.step);

function methodOf(example: ExampleRequest): string {
  return example.route.slice(0, example.route.indexOf(' '));
}

/** The route as the document's path key: `/v1/payments/{id}`. */
function documentPathOf(example: ExampleRequest): string {
  return example.route.slice(example.route.indexOf(' ') + 1).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

async function send(example: ExampleRequest): Promise<Response> {
  const method = methodOf(example);
  const params = new URLSearchParams(fillAll(example.params, values)).toString();
  const path = examplePath(example, values);
  const headers: Record<string, string> = {};
  if (example.auth !== false) headers.authorization = `Bearer ${relay.merchant.token}`;
  if (method === 'POST') {
    headers['content-type'] = 'application/x-www-form-urlencoded; charset=UTF-8';
    return fetch(`${base}${path}`, { method, headers, body: params });
  }
  return fetch(`${base}${path}${params ? `?${params}` : ''}`, { method, headers });
}

function valueAt(body: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Json)[key] : undefined), body);
}

describe('the answer schemas', () => {
  // A payment's answer as the relay gives it; each change below is one a drifted relay could make.
  const payment = {
    id: '01a20320a200761d1caeffb2303ebf6c',
    paymentType: 'PA',
    paymentBrand: 'VISA',
    amount: '92.00',
    currency: 'EUR',
    result: { code: '000.100.110', description: "Request successfully processed in 'Merchant in Integrator Test Mode'" },
    card: { bin: '420000', last4Digits: '0000', expiryMonth: '05', expiryYear: '2034' },
    buildNumber: 'paywidgets-0.1.0',
    timestamp: '2026-11-22 12:00:00+0000',
    ndc: '9b1fbcc2-d257-da14-9db9-fc605c64b9f9',
  };
  const check = (body: unknown) => validator.check('/v1/payments', 'POST', 200, 'application/json', body).errors;

  it('accept a payment as the relay answers it', () => {
    expect(check(payment)).toBeNull();
  });

  it.each([
    ['no result', { ...payment, result: undefined }],
    ['a result code of another shape', { ...payment, result: { ...payment.result, code: '000.100' } }],
    ['no description', { ...payment, result: { code: '000.100.110' } }],
    ['no id', { ...payment, id: undefined }],
    ['an amount of three decimals', { ...payment, amount: '92.000' }],
    ['a timestamp without its zone', { ...payment, timestamp: '2026-11-22 12:00:00' }],
    ['no ndc', { ...payment, ndc: undefined }],
    ['a BIN of five digits', { ...payment, card: { ...payment.card, bin: '42000' } }],
    ['an unknown payment type', { ...payment, paymentType: 'XX' }],
  ])('refuse a payment with %s', (_what, body) => {
    expect(check(JSON.parse(JSON.stringify(body)))).not.toBeNull();
  });
});

describe('the examples', () => {
  it('have unique names, and every operation of the document has at least one', () => {
    expect(new Set(EXAMPLES.map((e) => e.name)).size).toBe(EXAMPLES.length);
    const documented = Object.entries(document.paths).flatMap(([path, ops]) => Object.keys(ops as object).map((m) => `${m.toUpperCase()} ${path}`));
    const exampled = new Set(EXAMPLES.map((e) => `${methodOf(e)} ${documentPathOf(e)}`));
    expect(documented.filter((route) => !exampled.has(route))).toEqual([]);
  });

  it('are in the document, each under its operation', () => {
    for (const example of EXAMPLES) {
      const operation = document.paths[documentPathOf(example)]?.[methodOf(example).toLowerCase()];
      expect(operation, example.route).toBeDefined();
      expect((operation['x-request-examples'] as Json[]).map((r) => r.name)).toContain(example.name);
      if (methodOf(example) === 'POST') expect(Object.keys(operation.requestBody.content['application/x-www-form-urlencoded'].examples)).toContain(example.name);
    }
  });

  // An example the relay refuses (a missing amount) may break the schema on purpose; the others
  // hold to it, with the document's sample values in their placeholders.
  it('that the relay takes send what the document says the operation takes', () => {
    for (const example of EXAMPLES.filter((e) => e.status === 200)) {
      const operation = document.paths[documentPathOf(example)][methodOf(example).toLowerCase()];
      const params = fillAll(example.params, DOCUMENT_VALUES);
      if (methodOf(example) === 'POST') {
        if (Object.keys(example.params).length === 0) continue;
        const schema = operation.requestBody.content['application/x-www-form-urlencoded'].schema;
        expect(validator.checkSchema(schema, params), example.name).toBeNull();
        continue;
      }
      const parameters = (operation.parameters as Json[]).filter((p) => p.in === 'query');
      expect(Object.keys(params).filter((name) => !parameters.some((p) => p.name === name)), example.name).toEqual([]);
      for (const parameter of parameters) {
        if (parameter.required) expect(params[parameter.name], `${example.name}: ${parameter.name}`).toBeDefined();
        if (params[parameter.name] !== undefined) expect(validator.checkSchema(parameter.schema, params[parameter.name]), `${example.name}: ${parameter.name}`).toBeNull();
      }
    }
    // And the schema refuses what the relay refuses: a short card number, a quantity in words, no amount.
    const payment = document.paths['/v1/payments'].post.requestBody.content['application/x-www-form-urlencoded'].schema;
    const card = fillAll(EXAMPLES.find((e) => e.name === 'preauthorizeCard')!.params, DOCUMENT_VALUES);
    expect(validator.checkSchema(payment, { ...card, 'card.number': '42' })).not.toBeNull();
    expect(validator.checkSchema(payment, { ...card, 'cart.items[0].quantity': 'two' })).not.toBeNull();
    expect(validator.checkSchema(payment, { ...card, amount: undefined })).not.toBeNull();
  });

  it.each(ordered.map((example) => [example.name, example] as const))('%s answers as the document says', async (_name, example) => {
    const res = await send(example);
    const contentType = res.headers.get('content-type') ?? '';
    const text = await res.text();
    expect(res.status, text).toBe(example.status);
    const body: unknown = contentType.startsWith('application/json') ? JSON.parse(text) : text;
    const result = validator.check(documentPathOf(example), methodOf(example), res.status, contentType, body);
    expect(result.errors, `${result.schema}: ${text}`).toBeNull();
    if (typeof body === 'object' && body !== null && 'result' in body) {
      expect((body as Json).result.code).toMatch(/^[0-9]{3}\.[0-9]{3}\.[0-9]{3}$/);
    }
    for (const [name, path] of Object.entries(example.remember ?? {})) {
      const value = valueAt(body, path);
      expect(typeof value, `${example.name} remembers ${name} from ${path}`).toBe('string');
      values[name] = value as string;
    }
  });

  it('made the relay send notifications that decrypt to what the document says', () => {
    receiver.secrets.push(values.webhookSecret ?? '');
    const notifications = receiver.notifications();
    // The endpoint's activation and its test are sent before their answers; payments' events may follow.
    expect(notifications.filter((n) => n.type === 'test').map((n) => n.action).sort()).toEqual(['webhook activation', 'webhook test']);
    const schema = document.webhooks.notification.post.requestBody.content['text/plain'].schema;
    for (const received of receiver.received) {
      expect(validator.checkSchema(schema, received.body)).toBeNull();
      for (const header of document.webhooks.notification.post.parameters as Json[]) {
        expect(validator.checkSchema(header.schema, received.headers[header.name.toLowerCase()])).toBeNull();
      }
    }
    for (const notification of notifications) expect(validator.checkSchema({ $ref: '#/components/schemas/Notification' }, notification)).toBeNull();
  });
});
