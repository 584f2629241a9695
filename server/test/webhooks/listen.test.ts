// The local receiver for merchants' development (`relay webhook listen`), over real HTTP: it
// prints what authenticates and refuses with 400 what does not, so the relay retries.
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/domain/clock.js';
import { encryptNotification } from '../../src/webhooks/cipher.js';
import { EVENT_ID_HEADER, IV_HEADER, TAG_HEADER } from '../../src/webhooks/headers.js';
import { startWebhookListener, type WebhookListener, type WebhookListenerOptions } from '../../src/webhooks/listen.js';
import { createWebhookSender, type WebhookSender } from '../../src/webhooks/send.js';

const SECRET = 'a1'.repeat(32);
const OTHER_SECRET = 'b2'.repeat(32);
const NOTIFICATION = { type: 'PAYMENT', payload: { id: '8ac7a4a1', result: { code: '000.100.110' } } };

let listener: WebhookListener | undefined;
let sender: WebhookSender | undefined;
afterEach(async () => {
  sender?.close();
  sender = undefined;
  await listener?.close();
  listener = undefined;
});

/** A listener on a free loopback port whose output lands in `lines`, at a fixed moment. */
async function listen(overrides: Partial<WebhookListenerOptions> = {}): Promise<{ url: string; lines: string[] }> {
  const lines: string[] = [];
  listener = await startWebhookListener({ port: 0, secretHex: SECRET, write: (line) => lines.push(line), clock: new ManualClock(Date.UTC(2026, 0, 2, 3, 4, 5)), ...overrides });
  return { url: listener.url, lines };
}

/** POSTs a notification encrypted under `secret` with the relay's own sender. */
function post(url: string, secret: string, extraHeaders: Record<string, string> = {}, plaintext = JSON.stringify(NOTIFICATION)) {
  const sent = encryptNotification(secret, plaintext);
  sender = createWebhookSender({ allowPrivate: true });
  return sender.send({ url, headers: { [IV_HEADER]: sent.iv, [TAG_HEADER]: sent.tag, ...extraHeaders }, body: sent.body });
}

/** A raw request, for what the relay's sender never does (other methods, chunked bodies). */
function raw(url: string, method: string, chunks: string[] = []): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (part: string) => (text += part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('the webhook listener', () => {
  it('listens on loopback and tells where', async () => {
    const { url } = await listen();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it('answers 200 and prints the decrypted notification with its time and event id', async () => {
    const { url, lines } = await listen();
    expect(await post(url, SECRET, { [EVENT_ID_HEADER]: 'evt-42' })).toMatchObject({ ok: true, status: 200 });
    expect(lines[0]).toBe('[2026-01-02 03:04:05+0000] notification evt-42');
    expect(lines.slice(1).join('\n')).toBe(JSON.stringify(NOTIFICATION, null, 2));
  });

  it('prints a notification that is not JSON as it came', async () => {
    const { url, lines } = await listen();
    expect(await post(url, SECRET, {}, 'plain words')).toMatchObject({ ok: true });
    expect(lines).toEqual(['[2026-01-02 03:04:05+0000] notification', 'plain words']);
  });

  it('answers 400 to a notification under another secret, prints the refusal and nothing of the body', async () => {
    const { url, lines } = await listen();
    const result = await post(url, OTHER_SECRET);
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(result.responseStart).toMatch(/^decryption failed: the notification failed authentication/);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[2026-01-02 03:04:05\+0000\] refused \(400\): decryption failed/);
  });

  it.each([IV_HEADER, TAG_HEADER])('answers 400 to a notification without its %s header', async (missing) => {
    const { url } = await listen();
    const sent = encryptNotification(SECRET, '{}');
    const headers: Record<string, string> = { [IV_HEADER]: sent.iv, [TAG_HEADER]: sent.tag };
    delete headers[missing];
    sender = createWebhookSender({ allowPrivate: true });
    expect(await sender.send({ url, headers, body: sent.body })).toMatchObject({ status: 400, responseStart: `missing ${missing} header\n` });
  });

  it('answers 413 to a body over the cap, whether its length is declared or not', async () => {
    const { url } = await listen({ maxBodyBytes: 1024 });
    expect(await post(url, SECRET, {}, 'x'.repeat(600))).toMatchObject({ status: 413, responseStart: 'the body is larger than 1024 bytes\n' });
    expect(await raw(url, 'POST', ['A'.repeat(800), 'B'.repeat(800)])).toEqual({ status: 413, text: 'the body is larger than 1024 bytes\n' });
  });

  it('answers 405 to anything but POST', async () => {
    const { url } = await listen();
    expect(await raw(url, 'GET')).toEqual({ status: 405, text: 'notifications are POSTed\n' });
  });

  it('refuses to start with a malformed secret', async () => {
    await expect(startWebhookListener({ port: 0, secretHex: 'abc', write: () => {} })).rejects.toThrow('a webhook secret is exactly 64 hex characters (32 bytes)');
  });
});
