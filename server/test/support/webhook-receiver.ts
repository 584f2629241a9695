// A real HTTP receiver of webhook notifications for tests: it records every request (headers and
// body), decrypts what it can with the secrets it is given, and answers as the test tells it (a
// status per request, or a hang).

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decryptNotification } from '../../src/webhooks/cipher.js';
import { EVENT_ID_HEADER, IV_HEADER, TAG_HEADER } from '../../src/webhooks/headers.js';

export interface Notification {
  type: string;
  action?: string;
  payload: Record<string, unknown>;
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** The decrypted notification, when one of the receiver's secrets opens it (tried when read). */
  readonly notification?: Notification;
  eventId?: string;
}

/** An answer with a body of the test's choosing (any bytes). */
export interface RawAnswer {
  status: number;
  body: Buffer;
}

/** What to answer the n-th request (0-based): a status, a status with its body, or 'hang' (never answer). */
export type Answer = (n: number, received: Received) => number | RawAnswer | 'hang';

export interface WebhookReceiver {
  url: string;
  received: Received[];
  /** Secrets tried, in order, to decrypt a notification. */
  secrets: string[];
  answer: Answer;
  notifications(): Notification[];
  close(): Promise<void>;
}

export async function startReceiver(answer: Answer = () => 200, path = '/hooks'): Promise<WebhookReceiver> {
  const receiver: Omit<WebhookReceiver, 'url' | 'close'> = {
    received: [],
    secrets: [],
    answer,
    notifications: () => receiver.received.flatMap((r) => (r.notification ? [r.notification] : [])),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const iv = req.headers[IV_HEADER.toLowerCase()];
      const tag = req.headers[TAG_HEADER.toLowerCase()];
      const eventId = req.headers[EVENT_ID_HEADER.toLowerCase()];
      let opened: Notification | undefined;
      // Decrypted when read: the secret of a new endpoint is known only once its activation, the
      // first request, has been answered.
      const entry: Received = {
        headers: req.headers,
        body,
        ...(typeof eventId === 'string' ? { eventId } : {}),
        get notification() {
          if (opened || typeof iv !== 'string' || typeof tag !== 'string') return opened;
          for (const secret of receiver.secrets) {
            try {
              opened = JSON.parse(decryptNotification(secret, { body, iv, tag })) as Notification;
              break;
            } catch {
              // Another secret, perhaps.
            }
          }
          return opened;
        },
      };
      const n = receiver.received.length;
      receiver.received.push(entry);
      const verdict = receiver.answer(n, entry);
      if (verdict === 'hang') return;
      if (typeof verdict === 'object') {
        res.statusCode = verdict.status;
        res.end(verdict.body);
        return;
      }
      res.statusCode = verdict;
      res.end(verdict >= 200 && verdict < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/**
 * A receiver with an active endpoint of `entityId` (every event type), made through the API on the
 * relay `post` talks to: the relay keeps an event only when an endpoint wants it, so a test that
 * reads events back needs one. The endpoint's secret opens the receiver's notifications.
 */
export async function listeningReceiver(post: (url: string, form: Record<string, string>) => Promise<{ statusCode: number; body: string; json(): unknown }>, entityId: string): Promise<WebhookReceiver> {
  const receiver = await startReceiver();
  const created = await post('/v1/webhooks', { entityId, url: receiver.url });
  if (created.statusCode !== 200) {
    await receiver.close();
    throw new Error(`the endpoint was not made: ${created.statusCode} ${created.body}`);
  }
  receiver.secrets.push((created.json() as { secret: string }).secret);
  return receiver;
}
