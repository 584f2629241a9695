// A flow's outcome reaches the API through one pipeline whatever its form: JSON in the envelope,
// a CSV document, or a stream, with the status only http/ decides (ok 200, refused 400), and GET
// query parameters validated by the same catalogue as POST bodies.

import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiRoute } from '../../src/http/api-route.js';
import { statusOf } from '../../src/flows/outcome-status.js';
import type { Outcome } from '../../src/flows/outcome.js';
import { startTestRelay, type TestRelay } from '../helper.js';

let relay: TestRelay;
beforeAll(async () => {
  relay = await startTestRelay();
});
afterAll(async () => relay.close());

/** Routes of this test only, registered on a second app over the same context. */
async function appWith(run: () => Promise<Outcome>) {
  const { buildApp } = await import('../../src/app/build-app.js');
  return buildApp(relay.ctx, {
    logger: false,
    plugins: [(app, ctx) => registerApiRoute(app, ctx, { method: 'GET', url: '/test/report', operation: 'transactionReport', throttle: 'reads', run })],
  });
}

describe('outcomes of every form through the API pipeline', () => {
  it('maps outcome kinds to status codes in one table', () => {
    expect(statusOf('ok')).toBe(200);
    expect(statusOf('refused')).toBe(400);
  });

  it('answers a CSV outcome as text/csv, without the JSON envelope, and a stream as its bytes', async () => {
    const csv = await appWith(async () => ({ kind: 'ok', body: { result: { code: '000.000.100' } }, content: { type: 'csv', text: 'id,amount\r\nabc,1.00\r\n', filename: 'report 1.csv' } }));
    const headers = { authorization: `Bearer ${relay.merchant.token}` };
    const answer = await csv.inject({ method: 'GET', url: `/test/report?entityId=${relay.merchant.entityId}`, headers });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="report_1.csv"');
    expect(answer.body).toBe('id,amount\r\nabc,1.00\r\n');
    await csv.close();

    const stream = await appWith(async () => ({ kind: 'ok', body: {}, content: { type: 'stream', contentType: 'application/x-ndjson', stream: Readable.from(['{"a":1}\n', '{"a":2}\n']) } }));
    const streamed = await stream.inject({ method: 'GET', url: `/test/report?entityId=${relay.merchant.entityId}`, headers });
    expect(streamed.headers['content-type']).toBe('application/x-ndjson');
    expect(streamed.body).toBe('{"a":1}\n{"a":2}\n');
    await stream.close();
  });

  it('answers a refused outcome with 400 in the envelope, and a bad query value with the parameter named', async () => {
    const app = await appWith(async () => ({ kind: 'refused', body: { result: { code: '700.400.580', description: 'cannot find transaction' } } }));
    const headers = { authorization: `Bearer ${relay.merchant.token}` };
    const refused = await app.inject({ method: 'GET', url: `/test/report?entityId=${relay.merchant.entityId}`, headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ result: { code: '700.400.580' }, buildNumber: expect.any(String), ndc: expect.any(String) });
    const bad = await app.inject({ method: 'GET', url: `/test/report?entityId=${relay.merchant.entityId}&limit=many`, headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result.parameterErrors).toEqual([expect.objectContaining({ name: 'limit' })]);
    await app.close();
  });
});
