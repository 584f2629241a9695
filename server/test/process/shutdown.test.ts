// SIGTERM on a real relay process (e2e/support/relay-process.ts): a request in flight still gets
// its answer, the listening socket is gone (a new connection is refused), idle connections are
// closed, and the process exits 0. Raw sockets, so the test knows exactly when the relay has read
// the request's headers (100 Continue) and when it started draining (it closed the idle connection).

import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startRelay, type RelayProcess } from '../../../e2e/support/relay-process.js';
import { formBody, testCard } from '../helper.js';

/** Resolves with everything the peer sent once it closed the connection. */
function readAll(socket: Socket): Promise<string> {
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  return once(socket, 'close').then(() => text);
}

function firstData(socket: Socket): Promise<string> {
  return once(socket, 'data').then(([chunk]) => String(chunk));
}

async function open(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  return socket;
}

/** How a fresh connection fares: refused, or the status a GET /ready gets on it. */
async function freshConnection(port: number): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  const outcome = await new Promise<string>((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
  if (outcome !== 'connected') return outcome;
  // Accepted by the kernel just as the relay closed its listening socket: reset, never served.
  const reset = new Promise<string>((resolve) => socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error')));
  const answer = Promise.race([readAll(socket), reset.then((code) => ` ${code}`)]);
  socket.end('GET /ready HTTP/1.1\r\nHost: relay\r\nConnection: close\r\n\r\n');
  return (await answer).split(' ')[1] ?? 'no answer';
}

describe('SIGTERM on a relay process', () => {
  const logDir = mkdtempSync(join(tmpdir(), 'paywidgets-shutdown-'));
  let relay: RelayProcess | undefined;
  afterAll(async () => {
    await relay?.stop();
    rmSync(logDir, { recursive: true, force: true });
  });

  it('answers the request in flight, refuses new connections, and exits 0', async () => {
    relay = await startRelay({ logDir, name: 'shutdown' });
    const port = Number(new URL(relay.url).port);
    expect(await freshConnection(port)).toBe('200');

    // An idle kept-alive connection: the relay closes it when it starts draining.
    const idle = await open(port);
    const idleAnswer = firstData(idle);
    idle.write('GET /health HTTP/1.1\r\nHost: relay\r\n\r\n');
    expect(await idleAnswer).toMatch(/^HTTP\/1\.1 200/);
    const idleClosed = once(idle, 'close');

    // A slow request: headers now (the relay says 100 Continue once it has read them), body later.
    const body = formBody({ entityId: relay.credentials.entityId, amount: '15.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA', ...testCard() });
    const slow = await open(port);
    const continued = firstData(slow);
    slow.write(
      `POST /v1/payments HTTP/1.1\r\nHost: relay\r\nAuthorization: Bearer ${relay.credentials.accessToken}\r\n` +
        `Content-Type: application/x-www-form-urlencoded; charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
    );
    expect(await continued).toMatch(/^HTTP\/1\.1 100 Continue/);
    const answer = readAll(slow);

    const exited = relay.terminate();
    await idleClosed;
    expect(['ECONNREFUSED', 'ECONNRESET', '503']).toContain(await freshConnection(port));

    slow.write(body);
    const response = await answer;
    expect(response).toMatch(/^HTTP\/1\.1 200 /);
    const json = JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as { result: { code: string }; amount: string };
    expect(json.result.code).toBe('000.100.110');
    expect(json.amount).toBe('15.00');

    expect(await exited).toEqual({ code: 0, signal: null });
    const log = readFileSync(relay.logFile, 'utf8');
    expect(log).toContain('SIGTERM received: draining');
    expect(log).toContain('no request in flight: closing');
  });
});
