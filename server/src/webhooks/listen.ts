// A local receiver for merchants developing their integration (`relay webhook listen`): it
// decrypts each notification with their secret and prints it, so they see exactly what their own
// endpoint will get. It answers as a careful receiver should: 200 only once the notification has
// authenticated, 400 otherwise, so the relay retries and a wrong secret shows at once.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { formatTimestamp, systemClock, type Clock } from '../domain/clock.js';
import { decryptNotification, webhookKey } from './cipher.js';
import { EVENT_ID_HEADER, IV_HEADER, TAG_HEADER } from './headers.js';

/** The largest notification accepted, 1 MiB: real ones are a few kilobytes of hex. */
export const DEFAULT_LISTEN_MAX_BODY_BYTES = 1024 * 1024;

export interface WebhookListenerOptions {
  /** Loopback unless told otherwise: the listener is for a developer's own machine. */
  host?: string;
  /** 0 picks a free port; `url` tells which. */
  port: number;
  /** The merchant's webhook secret, 64 hex characters; checked before listening. */
  secretHex: string;
  /** Receives the output one line at a time (the CLI prints each). */
  write: (line: string) => void;
  clock?: Clock;
  maxBodyBytes?: number;
}

export interface WebhookListener {
  /** Where to point the relay, e.g. http://127.0.0.1:4000/. */
  url: string;
  close(): Promise<void>;
}

export async function startWebhookListener(options: WebhookListenerOptions): Promise<WebhookListener> {
  const { host = '127.0.0.1', port, secretHex, write, clock = systemClock, maxBodyBytes = DEFAULT_LISTEN_MAX_BODY_BYTES } = options;
  webhookKey(secretHex); // a mistyped secret fails here, not at the first notification

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const answer = (status: number, text: string): void => {
      if (status !== 200) write(`[${formatTimestamp(clock.now())}] refused (${status}): ${text}`);
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`${text}\n`);
    };
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return answer(405, 'notifications are POSTed');
    }
    const tooLarge = `the body is larger than ${maxBodyBytes} bytes`;
    if (Number(req.headers['content-length'] ?? 0) > maxBodyBytes) {
      // Not read at all: the connection closes after the answer.
      res.setHeader('Connection', 'close');
      return answer(413, tooLarge);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the cap the rest is read and dropped, so memory stays bounded and the sender still gets its answer.
      if (size <= maxBodyBytes) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > maxBodyBytes) return answer(413, tooLarge);
      const iv = header(req, IV_HEADER);
      const tag = header(req, TAG_HEADER);
      if (iv === undefined) return answer(400, `missing ${IV_HEADER} header`);
      if (tag === undefined) return answer(400, `missing ${TAG_HEADER} header`);
      let plaintext: string;
      try {
        plaintext = decryptNotification(secretHex, { body: Buffer.concat(chunks).toString('latin1'), iv, tag });
      } catch (err) {
        return answer(400, `decryption failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      const eventId = header(req, EVENT_ID_HEADER);
      write(`[${formatTimestamp(clock.now())}] notification${eventId === undefined ? '' : ` ${eventId}`}`);
      for (const line of pretty(plaintext).split('\n')) write(line);
      answer(200, 'OK');
    });
  };

  const server = createServer(handle);
  server.listen(port, host);
  await once(server, 'listening');
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${urlHost}:${address.port}/`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** A header's value, when present once (node joins repeated ones, which then fail as not hex). */
function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}

/** The notification indented for reading; printed as it came when it is not JSON. */
function pretty(plaintext: string): string {
  try {
    return JSON.stringify(JSON.parse(plaintext), null, 2);
  } catch {
    return plaintext;
  }
}
