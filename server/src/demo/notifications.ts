// The demo shop's webhook receiver, as a merchant writes one: decrypt with the webhook secret (the
// tag proves the relay sent it), apply it to the order it names, answer 200; anything that does
// not decrypt gets 400, so nobody else can change an order.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { decryptNotification } from '../webhooks/cipher.js';
import { IV_HEADER, TAG_HEADER } from '../webhooks/headers.js';
import type { OrderBook } from './orders.js';
import type { DemoLogger } from './shop.js';

export const WEBHOOK_PATH = '/webhooks';

/** A notification is a few KiB; a bigger body is not one. */
const MAX_BODY_BYTES = 256 * 1024;

export function notificationReceiver(secret: string, orders: OrderBook, logger: DemoLogger): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        res.writeHead(413).end();
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      const iv = req.headers[IV_HEADER.toLowerCase()];
      const tag = req.headers[TAG_HEADER.toLowerCase()];
      let notification: { type?: unknown; payload?: Record<string, unknown> };
      try {
        if (typeof iv !== 'string' || typeof tag !== 'string') throw new Error('no IV or tag header');
        notification = JSON.parse(decryptNotification(secret, { body: Buffer.concat(chunks).toString('utf8'), iv, tag })) as typeof notification;
      } catch (error) {
        logger.warn({ err: (error as Error).message }, 'demo shop: a notification that does not decrypt was refused');
        res.writeHead(400, { 'content-type': 'text/plain' }).end('cannot decrypt');
        return;
      }
      const known = orders.apply(notification);
      logger.info({ type: notification.type, orderId: notification.payload?.merchantTransactionId, known }, 'demo shop: notification received');
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  };
}
