// One webhook delivery attempt over node:http(s) (F4). Receivers are outside our control, so the
// attempt is bounded every way a receiver can misbehave: one deadline covers waiting for a socket,
// connecting, and reading the answer; a redirect is never followed (it would take the notification
// to a URL nobody registered, and past the address check); at most 64 KiB of the answer is read,
// then the socket is dropped, and only its first 1 KiB is kept for the attempt record. The
// address guard runs on the address actually connected to (address-guard.ts). An attempt never
// throws: every way it can fail is a result, so the caller only decides about retries.
//
// Connections are kept alive in one agent per scheme, bounded per origin, so a relay reaches a
// busy receiver at thousands of deliveries a second without a handshake each, and one slow
// receiver holds at most its share of sockets.

import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';
import { guardedLookup, isPrivateHost, PrivateAddressError, privateAddressMessage, type ResolveAll } from './address-guard.js';

/** The whole attempt, from asking for a socket to the end of the answer, 10 seconds. */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** Concurrent connections to one origin (scheme, host and port). */
export const DEFAULT_MAX_SOCKETS_PER_ORIGIN = 64;
/** Concurrent connections in all, so many receivers cannot exhaust the relay's descriptors. */
export const DEFAULT_MAX_TOTAL_SOCKETS = 1024;
/** How much of an answer the attempt record keeps. */
export const RESPONSE_KEEP_BYTES = 1024;
/** How much of an answer is read before the socket is dropped: enough to reuse most connections. */
export const RESPONSE_READ_LIMIT_BYTES = 64 * 1024;

export interface DeliveryRequest {
  /** An http or https URL, checked at registration by endpoint-url.ts. */
  url: string;
  /** E.g. the IV, tag and event id headers of headers.ts; Content-Type and Content-Length are set here. */
  headers: Readonly<Record<string, string>>;
  /** The encrypted notification, uppercase hex. */
  body: string;
}

export interface AttemptResult {
  /** The receiver answered 2xx: the delivery is done. */
  ok: boolean;
  /** The receiver's status, when it answered at all. */
  status?: number;
  /** From the start of the attempt to its end, milliseconds (fractional). */
  latencyMs: number;
  /** The first 1 KiB of the answer as text, when there was an answer. */
  responseStart?: string;
  /** Why the attempt failed short of a status (refused, reset, timed out, private address…). */
  error?: string;
  /** The receiver answered 410 Gone: it asks for no more deliveries to this endpoint. */
  gone: boolean;
}

export interface SenderOptions {
  timeoutMs?: number;
  /** Deliver to private and loopback addresses too (local development and tests only). */
  allowPrivate?: boolean;
  maxSocketsPerOrigin?: number;
  maxTotalSockets?: number;
  /** A monotonic clock in milliseconds, for latency. */
  timer?: () => number;
  /** Name resolution, dns.lookup unless given (a stand-in resolver in tests). */
  resolve?: ResolveAll;
}

export interface WebhookSender {
  /** Makes one attempt; resolves with its result, never rejects. */
  send(request: DeliveryRequest): Promise<AttemptResult>;
  /** Closes the kept-alive connections; sends after this open new ones. */
  close(): void;
}

export function createWebhookSender(options: SenderOptions = {}): WebhookSender {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const allowPrivate = options.allowPrivate ?? false;
  const timer = options.timer ?? (() => performance.now());
  const lookup = guardedLookup(allowPrivate, options.resolve);
  const pool = {
    keepAlive: true,
    maxSockets: options.maxSocketsPerOrigin ?? DEFAULT_MAX_SOCKETS_PER_ORIGIN,
    maxTotalSockets: options.maxTotalSockets ?? DEFAULT_MAX_TOTAL_SOCKETS,
    // The socket used last is the one least likely to have been closed by the receiver meanwhile.
    scheduling: 'lifo' as const,
  };
  const httpAgent = new HttpAgent(pool);
  const httpsAgent = new HttpsAgent(pool);

  function send(delivery: DeliveryRequest): Promise<AttemptResult> {
    const started = timer();
    return new Promise((resolve) => {
      let settled = false;
      let deadline: NodeJS.Timeout | undefined;
      let response: IncomingMessage | undefined;
      const kept: Buffer[] = [];
      let keptBytes = 0;
      let readBytes = 0;

      const finish = (error?: string): void => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        const status = response?.statusCode;
        const result: AttemptResult = { ok: false, latencyMs: timer() - started, gone: status === 410 };
        if (status !== undefined) {
          result.status = status;
          result.responseStart = Buffer.concat(kept).toString('utf8');
        }
        if (error !== undefined) result.error = error;
        // An answer cut short by the connection is not taken as a success: the receiver gets the
        // notification again (at least once), rather than the relay trusting half an answer.
        else result.ok = status !== undefined && status >= 200 && status < 300;
        resolve(result);
      };

      let target: URL;
      try {
        target = new URL(delivery.url);
      } catch {
        return finish('the endpoint URL is not a valid absolute URL');
      }
      const secure = target.protocol === 'https:';
      if (!secure && target.protocol !== 'http:') return finish('the endpoint URL must use http or https');
      // Node connects to an IP literal without calling `lookup`, so the guard cannot see it there.
      if (!allowPrivate && isPrivateHost(target.hostname)) return finish(privateAddressMessage(target.hostname));

      const headers: OutgoingHttpHeaders = {
        ...delivery.headers,
        'Content-Type': 'text/plain',
        'Content-Length': Buffer.byteLength(delivery.body),
      };
      try {
        const request = (secure ? httpsRequest : httpRequest)(target, { method: 'POST', headers, agent: secure ? httpsAgent : httpAgent, lookup }, (res) => {
          response = res;
          res.on('data', (chunk: Buffer) => {
            if (keptBytes < RESPONSE_KEEP_BYTES) {
              // A copy, so the kept kilobyte does not hold the whole chunk it came in.
              const part = Buffer.from(chunk.subarray(0, RESPONSE_KEEP_BYTES - keptBytes));
              kept.push(part);
              keptBytes += part.length;
            }
            readBytes += chunk.length;
            if (readBytes >= RESPONSE_READ_LIMIT_BYTES) {
              // Enough: the rest is never read, and the socket goes with it rather than back to the pool.
              finish();
              request.destroy();
            }
          });
          res.on('end', () => finish());
          res.on('close', () => {
            if (!res.complete) finish('the connection closed before the answer was complete');
          });
          res.on('error', (err) => finish(describe(err)));
        });
        deadline = setTimeout(() => {
          finish(`no complete answer within ${timeoutMs} ms`);
          request.destroy();
        }, timeoutMs);
        request.on('error', (err) => finish(describe(err)));
        request.end(delivery.body);
      } catch (err) {
        // http.request throws at once for a header value it cannot send (a line break, say).
        finish(describe(err));
      }
    });
  }

  return {
    send,
    close() {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}

/** An error's message with its code when the message does not already carry it (ECONNRESET…). */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  // The guard's own words, the same whether it refused a literal or a resolved address.
  if (err instanceof PrivateAddressError) return err.message;
  const code = (err as NodeJS.ErrnoException).code;
  return code !== undefined && !err.message.includes(code) ? `${err.message} (${code})` : err.message;
}
