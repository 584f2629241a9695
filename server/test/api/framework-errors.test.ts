// Errors the framework raises before any route runs (a request that is not HTTP) answer in the
// API's shape with the relay's headers, and never quote the path back; a path that is not valid
// percent-encoding and an over-long id reach their route, which answers them as unknown ids.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRelay, type TestRelay } from '../helper.js';

let relay: TestRelay;
beforeAll(async () => {
  relay = await startTestRelay();
});
afterAll(async () => relay.close());

const CARD = '4200000000000000';

function expectApiError(res: { statusCode: number; headers: Record<string, unknown>; json(): any; body: string }, status: number) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body.result.code).toBe('200.300.404');
  expect(body).toHaveProperty('ndc');
  expect(body).toHaveProperty('buildNumber');
  expect(body).not.toHaveProperty('error');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.body).not.toContain(CARD);
}

describe('framework errors', () => {
  it('answers a path that is not valid percent-encoding as its route answers an unknown id, without echoing it', async () => {
    // Read as a browser reads it (bytes that are not UTF-8 as U+FFFD): an id no payment has.
    expectApiError(await relay.get(`/v1/payments/%ff?entityId=${relay.merchant.entityId}`), 404);
    expectApiError(await relay.get(`/v1/payments/${CARD}%ff?entityId=${relay.merchant.entityId}`), 404);
    expectApiError(await relay.post(`/v1/payments/${CARD}%zz`, { entityId: relay.merchant.entityId, paymentType: 'RV' }), 404);
    expectApiError(await relay.get(`/v1/pay%ffments/${CARD}?entityId=${relay.merchant.entityId}`), 404);
  });

  it('answers an over-long id as not found', async () => {
    expectApiError(await relay.get(`/v1/payments/${CARD.repeat(10)}?entityId=${relay.merchant.entityId}`), 404);
    expectApiError(await relay.get(`/v1/payments/${CARD.repeat(1_000)}?entityId=${relay.merchant.entityId}`), 404);
  });

  it('answers a request that is not HTTP in the API shape, then closes', async () => {
    const address = await relay.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write(`GET /v1/payments/${CARD} HTTP/1.1\r\nHost: x\r\nBad Header ${CARD}\r\n\r\n`));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toContain('X-Content-Type-Options: nosniff');
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    expect(body.result.code).toBe('200.300.404');
    expect(raw).not.toContain(CARD);
  });
});
