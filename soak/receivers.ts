// The merchant's webhook receivers, each with a temper: healthy ones, a slow one, one that fails
// for a while, one that answers 410 Gone, one that answers 200 with a body of odd bytes, and a
// hang that a fault can switch on. Each records what it received (the event id, when, what it
// answered) for the audit; a notification is decrypted with the endpoint's secret when read.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decryptNotification } from '../server/src/webhooks/cipher.js';
import { EVENT_ID_HEADER, IV_HEADER, TAG_HEADER } from '../server/src/webhooks/headers.js';

export type Temper = 'healthy' | 'slow' | 'failing-for-a-while' | 'gone' | 'odd-bytes';

export interface Arrival {
  at: number;
  eventId: string | undefined;
  /** What the receiver answered; 0 for a request left hanging. */
  status: number;
  body: string;
  iv: string | undefined;
  tag: string | undefined;
}

export interface Receiver {
  name: string;
  temper: Temper;
  url: string;
  /** The endpoint's id and secret, once it is registered. */
  endpointId: string;
  secret: string;
  arrivals: Arrival[];
  /** Until this time, every request hangs (a fault). */
  hangUntil: number;
  /** The failing receiver answers 503 until then. */
  failUntil: number;
  /** Opens an arrival: the notification's type, action and payload, or undefined. */
  open(arrival: Arrival): { type: string; action?: string; payload: Record<string, unknown> } | undefined;
  close(): Promise<void>;
}

/** 200 with bytes that are neither UTF-8 nor text: a NUL, lone continuation bytes, an overlong form. */
const ODD_BYTES = Buffer.from([0x6f, 0x6b, 0x00, 0xff, 0xfe, 0x80, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0x0a]);
const SLOW_MS = 1_500;

export async function startReceiver(name: string, temper: Temper, failForMs: number): Promise<Receiver> {
  const pendingHangs = new Set<() => void>();
  const receiver: Receiver = {
    name,
    temper,
    url: '',
    endpointId: '',
    secret: '',
    arrivals: [],
    hangUntil: 0,
    failUntil: 0,
    open: (arrival) => {
      if (!receiver.secret || !arrival.iv || !arrival.tag) return undefined;
      try {
        return JSON.parse(decryptNotification(receiver.secret, { body: arrival.body, iv: arrival.iv, tag: arrival.tag }));
      } catch {
        return undefined;
      }
    },
    close: async () => {
      for (const release of pendingHangs) release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const header = (n: string): string | undefined => {
        const v = req.headers[n.toLowerCase()];
        return typeof v === 'string' ? v : undefined;
      };
      const arrival: Arrival = { at: Date.now(), eventId: header(EVENT_ID_HEADER), status: 0, body: Buffer.concat(chunks).toString('utf8'), iv: header(IV_HEADER), tag: header(TAG_HEADER) };
      receiver.arrivals.push(arrival);
      const answer = (status: number, body: Buffer | string = status < 300 ? 'ok' : 'no'): void => {
        arrival.status = status;
        res.statusCode = status;
        res.end(body);
      };
      // The activation (before the endpoint's id is known) is always acknowledged: each endpoint must become active.
      if (!receiver.endpointId) return answer(200);
      if (Date.now() < receiver.hangUntil) {
        // Held until the relay gives up (its timeout) or the receiver closes.
        const release = (): void => void res.destroy();
        pendingHangs.add(release);
        res.on('close', () => pendingHangs.delete(release));
        return;
      }
      switch (temper) {
        case 'healthy':
          return answer(200);
        case 'slow': {
          const timer = setTimeout(() => answer(200), SLOW_MS);
          res.on('close', () => clearTimeout(timer));
          return;
        }
        case 'failing-for-a-while':
          return Date.now() < receiver.failUntil ? answer(503) : answer(200);
        case 'gone':
          return answer(410);
        case 'odd-bytes':
          return answer(200, ODD_BYTES);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/${name}`;
  receiver.failUntil = Date.now() + failForMs;
  return receiver;
}

/** The soak's receivers: two healthy, one slow, one failing for `failForMs`, one gone, one with odd bytes. */
export async function startReceivers(failForMs: number): Promise<Receiver[]> {
  const plan: Array<[string, Temper]> = [
    ['healthy-1', 'healthy'],
    ['healthy-2', 'healthy'],
    ['slow', 'slow'],
    ['failing', 'failing-for-a-while'],
    ['gone', 'gone'],
    ['odd-bytes', 'odd-bytes'],
  ];
  return Promise.all(plan.map(([name, temper]) => startReceiver(name, temper, failForMs)));
}
