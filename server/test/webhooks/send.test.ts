// One delivery attempt against real local receivers (F4, A8): what counts as delivered, and every
// way a receiver can misbehave (error status, redirect, hang, reset, endless answer) ends as a
// bounded, failed attempt instead of a thrown error, a followed redirect or unbounded reading.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResolveAll } from '../../src/webhooks/address-guard.js';
import { createWebhookSender, type DeliveryRequest, type SenderOptions, type WebhookSender } from '../../src/webhooks/send.js';

interface Receiver {
  url: string;
  port: number;
  /** Requests received, in order. */
  hits: Array<{ method?: string; headers: IncomingMessage['headers']; body: string }>;
  /** Connections accepted. */
  connections: number;
}

const servers: Server[] = [];
const senders: WebhookSender[] = [];

afterEach(async () => {
  for (const sender of senders.splice(0)) sender.close();
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((done) => server.close(done));
    }),
  );
});

/** A receiver on 127.0.0.1 and a free port that records each request, then lets `answer` reply. */
async function startReceiver(answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<Receiver> {
  const server = createServer();
  servers.push(server);
  const receiver: Receiver = { url: '', port: 0, hits: [], connections: 0 };
  server.on('connection', () => receiver.connections++);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      receiver.hits.push({ method: req.method, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      answer(req, res);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hooks`;
  return receiver;
}

/** A sender that may reach loopback receivers unless told otherwise, closed after each test. */
function sender(options: SenderOptions = {}): WebhookSender {
  const created = createWebhookSender({ allowPrivate: true, ...options });
  senders.push(created);
  return created;
}

const delivery = (url: string): DeliveryRequest => ({
  url,
  headers: { 'X-Initialization-Vector': '3D575574536D450F71AC76D8', 'X-Authentication-Tag': '19FDD068C6F383C173D3A906F7BD1D83', 'X-Event-Id': 'evt-1' },
  body: 'F8E2F759E528CB69375E51DB2AF9B53734E393',
});

const answering = (status: number, text = '') => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { 'Content-Type': 'text/plain' });
  res.end(text);
};

describe('a delivery attempt', () => {
  it('POSTs the body as text/plain with the given headers, and a 200 is a delivery', async () => {
    const receiver = await startReceiver(answering(200, 'thanks'));
    const result = await sender().send(delivery(receiver.url));
    expect(result).toMatchObject({ ok: true, status: 200, responseStart: 'thanks', gone: false });
    expect(result.error).toBeUndefined();
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(receiver.hits).toHaveLength(1);
    expect(receiver.hits[0]).toMatchObject({
      method: 'POST',
      body: 'F8E2F759E528CB69375E51DB2AF9B53734E393',
      headers: { 'content-type': 'text/plain', 'x-initialization-vector': '3D575574536D450F71AC76D8', 'x-authentication-tag': '19FDD068C6F383C173D3A906F7BD1D83', 'x-event-id': 'evt-1' },
    });
  });

  it('takes a 204 as a delivery', async () => {
    const receiver = await startReceiver(answering(204));
    expect(await sender().send(delivery(receiver.url))).toMatchObject({ ok: true, status: 204, responseStart: '', gone: false });
  });

  it('takes a 500 as a failed attempt that keeps its status and answer', async () => {
    const receiver = await startReceiver(answering(500, 'database down'));
    const result = await sender().send(delivery(receiver.url));
    expect(result).toMatchObject({ ok: false, status: 500, responseStart: 'database down', gone: false });
    expect(result.error).toBeUndefined();
  });

  it('marks a 410 as gone', async () => {
    const receiver = await startReceiver(answering(410));
    expect(await sender().send(delivery(receiver.url))).toMatchObject({ ok: false, status: 410, gone: true });
  });

  it('never follows a redirect: a 302 is a failed attempt and its target is never asked', async () => {
    const target = await startReceiver(answering(200));
    const redirecting = await startReceiver((_req, res) => {
      res.writeHead(302, { Location: target.url });
      res.end();
    });
    expect(await sender().send(delivery(redirecting.url))).toMatchObject({ ok: false, status: 302, gone: false });
    expect(redirecting.hits).toHaveLength(1);
    expect(target.hits).toHaveLength(0);
  });

  it('gives up on a receiver that never answers once the attempt timeout has passed', async () => {
    const receiver = await startReceiver(() => {});
    const result = await sender({ timeoutMs: 200 }).send(delivery(receiver.url));
    expect(result).toMatchObject({ ok: false, gone: false, error: 'no complete answer within 200 ms' });
    expect(result.status).toBeUndefined();
    expect(receiver.hits).toHaveLength(1);
  });

  it('gives up on an answer that starts and never ends, within the same timeout', async () => {
    const receiver = await startReceiver((_req, res) => {
      res.writeHead(200);
      res.write('partial');
    });
    const result = await sender({ timeoutMs: 200 }).send(delivery(receiver.url));
    expect(result).toMatchObject({ ok: false, status: 200, responseStart: 'partial', error: 'no complete answer within 200 ms' });
  });

  it('takes a connection the receiver destroys as a failed attempt with the error', async () => {
    const receiver = await startReceiver((req) => req.socket.destroy());
    const result = await sender().send(delivery(receiver.url));
    expect(result).toMatchObject({ ok: false, gone: false, error: 'socket hang up (ECONNRESET)' });
    expect(result.status).toBeUndefined();
  });

  it('takes a refused connection as a failed attempt with the error', async () => {
    const receiver = await startReceiver(answering(200));
    const closed = servers.pop();
    await new Promise((done) => closed?.close(done));
    const result = await sender().send(delivery(receiver.url));
    expect(result).toMatchObject({ ok: false, error: `connect ECONNREFUSED 127.0.0.1:${receiver.port}` });
  });

  it('reads at most 64 KiB of a 50 MB answer, keeps 1 KiB of it, and drops the connection', async () => {
    const total = 50 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let written = 0;
    let serverClosed!: Promise<unknown>;
    const receiver = await startReceiver((_req, res) => {
      serverClosed = once(res, 'close');
      res.writeHead(200);
      const pump = (): void => {
        while (written < total) {
          written += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', pump);
            return;
          }
        }
        res.end();
      };
      pump();
    });
    const result = await sender().send(delivery(receiver.url));
    expect(result).toMatchObject({ ok: true, status: 200, responseStart: 'x'.repeat(1024) });
    await serverClosed;
    expect(written).toBeLessThan(total);
  });

  it('reuses a kept-alive connection for the next delivery to the same receiver', async () => {
    const receiver = await startReceiver(answering(200));
    const relay = sender();
    await relay.send(delivery(receiver.url));
    await relay.send(delivery(receiver.url));
    expect(receiver.hits).toHaveLength(2);
    expect(receiver.connections).toBe(1);
  });

  it('turns a header value it cannot send into a failed attempt instead of throwing', async () => {
    const receiver = await startReceiver(answering(200));
    const result = await sender().send({ ...delivery(receiver.url), headers: { 'X-Event-Id': 'evt\r\nX-Injected: 1' } });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/ERR_INVALID_CHAR/);
    expect(receiver.hits).toHaveLength(0);
  });

  it.each([
    ['not a url', 'the endpoint URL is not a valid absolute URL'],
    ['ftp://127.0.0.1/', 'the endpoint URL must use http or https'],
  ])('refuses the endpoint %j without throwing', async (url, error) => {
    expect(await sender().send(delivery(url))).toMatchObject({ ok: false, gone: false, error });
  });
});

describe('the address guard on delivery (A8)', () => {
  /** Resolves every name to the loopback receiver, as a rebinding DNS server would. */
  const toLoopback: ResolveAll = (_hostname, _options, callback) => callback(null, [{ address: '127.0.0.1', family: 4 }]);

  it('refuses a private IP literal unless private targets are allowed', async () => {
    const receiver = await startReceiver(answering(200));
    const refused = await sender({ allowPrivate: false }).send(delivery(receiver.url));
    expect(refused).toMatchObject({ ok: false, error: '127.0.0.1 is a private address, and this relay does not deliver webhooks to private addresses' });
    expect(receiver.hits).toHaveLength(0);
    expect(await sender({ allowPrivate: true }).send(delivery(receiver.url))).toMatchObject({ ok: true, status: 200 });
    expect(receiver.hits).toHaveLength(1);
  });

  it('refuses a name that resolves to a private address at connect time', async () => {
    const receiver = await startReceiver(answering(200));
    const url = `http://hooks.example:${receiver.port}/hooks`;
    const refused = await sender({ allowPrivate: false, resolve: toLoopback }).send(delivery(url));
    expect(refused).toMatchObject({ ok: false, error: 'hooks.example (127.0.0.1) is a private address, and this relay does not deliver webhooks to private addresses' });
    expect(receiver.hits).toHaveLength(0);
    // The same name reaches the receiver when private targets are allowed: the hook is what refused.
    expect(await sender({ allowPrivate: true, resolve: toLoopback }).send(delivery(url))).toMatchObject({ ok: true, status: 200 });
    expect(receiver.hits).toHaveLength(1);
  });
});
