// X-Request-Id over real HTTP: a caller's sane id is answered back and is on every log line of its
// request; an insane one is neither echoed nor logged, a made one takes its place; every answer,
// errors and early refusals included, carries one.

import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerRequestId, newRequestId } from '../../src/domain/request-id.js';
import { formBody, startTestRelay, testCard, type TestRelay } from '../helper.js';
import { captureLog, type LogCapture } from '../support/log-lines.js';

/** Sends raw bytes (any header value at all) and returns the answer's head and body. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
}

function headerOf(answer: string, name: string): string | undefined {
  const head = answer.split('\r\n\r\n')[0] ?? '';
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

const MADE = /^[a-z]{16}$/;

describe('request ids', () => {
  let relay: TestRelay;
  let log: LogCapture;
  let base: string;
  let port: number;

  beforeAll(async () => {
    log = captureLog();
    relay = await startTestRelay({ logLevel: 'trace' }, {}, log.stream);
    await relay.app.listen({ port: 0, host: '127.0.0.1' });
    port = (relay.app.server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => relay.close());

  const pay = (headers: Record<string, string>, form: Record<string, string> = {}) =>
    fetch(`${base}/v1/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${relay.merchant.token}`, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: formBody({ entityId: relay.merchant.entityId, amount: '10.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard(), ...form }),
    });

  it('answers a sane caller id back and puts it on every log line of the request', async () => {
    const id = 'shop-7.order:42_x';
    // An unknown parameter with strictness off logs a debug line inside the route, besides the request line.
    const answer = await pay({ 'x-request-id': id }, { notAParameter: 'x' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toBe(id);
    const lines = log.of(id);
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['unused parameters ignored', 'request']));
    const requestLine = lines.find((l) => l.msg === 'request');
    expect(requestLine).toMatchObject({ method: 'POST', url: '/v1/payments', statusCode: 200 });
    // No other request's lines carry it.
    expect(log.lines().filter((l) => JSON.stringify(l).includes(id)).every((l) => l.reqId === id)).toBe(true);
  });

  it('makes an id for a request that brings none, different for each', async () => {
    const [a, b] = await Promise.all([pay({}), pay({})]);
    const ids = [a.headers.get('x-request-id'), b.headers.get('x-request-id')];
    for (const id of ids) {
      expect(id).toMatch(MADE);
      expect(log.of(id as string).map((l) => l.msg)).toContain('request');
    }
    expect(ids[0]).not.toBe(ids[1]);
  });

  const insane: [string, string][] = [
    ['too long', 'a'.repeat(129)],
    ['with a space', 'order 42'],
    ['with a tab', 'order\t42'],
    ['with a control character', 'order\u000142'],
    ['with a DEL', 'order\u007f42'],
    ['with a character beyond ASCII', 'ordér-42'],
    ['holding a card number', 'pay-4200000000000000'],
    ['holding a card number in groups', '4200-0000-0000-0000'],
  ];
  for (const [what, id] of insane) {
    it(`replaces a caller id ${what} with a made one, and never echoes or logs it`, async () => {
      const body = formBody({ entityId: relay.merchant.entityId, paymentBrand: 'VISA', amount: '1.00', currency: 'EUR', paymentType: 'DB', ...testCard() });
      const before = log.lines().length;
      const answer = await rawRequest(
        port,
        `POST /v1/payments HTTP/1.1\r\nHost: relay.test\r\nAuthorization: Bearer ${relay.merchant.token}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
          `X-Request-Id: ${id}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
      const made = headerOf(answer, "X-Request-Id");
      // A value the HTTP parser itself refuses gets the client-error answer, with a made id too.
      expect(made).toMatch(MADE);
      expect(answer).not.toContain(id);
      const after = log.lines().slice(before);
      expect(JSON.stringify(after)).not.toContain(JSON.stringify(id).slice(1, -1));
      expect(after.filter((l) => l.reqId !== undefined).every((l) => l.reqId === made)).toBe(true);
    });
  }

  it('takes 128 characters, and refuses an empty id', () => {
    expect(callerRequestId('a'.repeat(128))).toBe('a'.repeat(128));
    expect(callerRequestId('')).toBeUndefined();
    expect(callerRequestId(['a', 'b'])).toBeUndefined();
    // A timestamp or an order number that fails the Luhn check is no card number.
    expect(callerRequestId('order-1700000000001')).toBe('order-1700000000001');
    expect(newRequestId()).toMatch(MADE);
  });

  describe('is on every answer', () => {
    const cases: [string, number, () => Promise<Response>][] = [
      ['a payment', 200, () => pay({ 'x-request-id': 'case-200' })],
      ['a parameter refused (400)', 400, () => pay({ 'x-request-id': 'case-400' }, { amount: 'ten' })],
      ['an unknown path (404)', 404, () => fetch(`${base}/v1/nothing-here`, { headers: { 'x-request-id': 'case-404' } })],
      ['no credentials (401)', 401, () => fetch(`${base}/v1/payments/0123456789abcdef0123456789abcdef?entityId=x`, { headers: { 'x-request-id': 'case-401' } })],
    ];
    for (const [what, status, send] of cases) {
      it(what, async () => {
        const answer = await send();
        expect(answer.status).toBe(status);
        const id = answer.headers.get('x-request-id');
        expect(id).toMatch(/^case-/);
        expect(log.of(id as string).find((l) => l.msg === 'request')).toMatchObject({ statusCode: status });
      });
    }

    it('an error the router raises before any hook runs (an id longer than any: 404)', async () => {
      // Longer than an HTTP request's head may be, so only reachable in process.
      const answer = await relay.app.inject({ method: 'GET', url: `/v1/payments/${'a'.repeat(20_000)}`, headers: { 'x-request-id': 'case-router' } });
      expect(answer.statusCode).toBe(404);
      expect(answer.headers['x-request-id']).toBe('case-router');
    });

    it('a request while draining (503)', async () => {
      relay.ctx.draining = true;
      try {
        const answer = await pay({ 'x-request-id': 'case-503' });
        expect(answer.status).toBe(503);
        expect(answer.headers.get('x-request-id')).toBe('case-503');
        expect(log.of('case-503').find((l) => l.msg === 'request')).toMatchObject({ statusCode: 503 });
      } finally {
        relay.ctx.draining = false;
      }
    });

    it('a request that is not HTTP at all (400 from the connection)', async () => {
      const answer = await rawRequest(port, 'NOT HTTP\r\n\r\n');
      expect(answer.startsWith('HTTP/1.1 400')).toBe(true);
      expect(headerOf(answer, 'X-Request-Id')).toMatch(MADE);
    });
  });
});
