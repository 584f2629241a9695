// Webhook notifications are encrypted the way integrations decrypt them: AES-256-GCM under the
// merchant's secret (64 hex characters = the 32-byte key itself, no derivation), a 12-byte IV,
// a 16-byte tag; body, IV and tag travel as uppercase hex (the body as the request body, IV and
// tag in the headers of headers.ts). A successful authenticated decryption is the receiver's proof
// of origin, so the tag is never shortened and an IV is never reused: each call draws a fresh one.

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** 96 bits, the IV size GCM is specified for; random per notification. */
export const IV_BYTES = 12;
/** The full 128-bit tag: GCM accepts shorter ones, which would make forgeries cheaper. */
export const TAG_BYTES = 16;
const SECRET_HEX = /^[0-9A-Fa-f]{64}$/;
const HEX = /^(?:[0-9A-Fa-f]{2})*$/;

/** A notification as sent: each field uppercase hex. */
export interface EncryptedNotification {
  /** The ciphertext: the request body. */
  body: string;
  /** The `X-Initialization-Vector` header. */
  iv: string;
  /** The `X-Authentication-Tag` header. */
  tag: string;
}

/** The key a merchant's webhook secret stands for; throws when it is not exactly 64 hex characters. */
export function webhookKey(secretHex: string): Buffer {
  // The message never repeats the value: it is a secret, and errors end up in logs.
  if (!SECRET_HEX.test(secretHex)) throw new Error('a webhook secret is exactly 64 hex characters (32 bytes)');
  return Buffer.from(secretHex, 'hex');
}

/**
 * Encrypts one notification's JSON text. `iv` is for tests that replay a known vector only: the
 * relay never passes one, since a repeated IV under one key gives away the authentication key.
 */
export function encryptNotification(secretHex: string, plaintext: string, iv: Buffer = randomBytes(IV_BYTES)): EncryptedNotification {
  if (iv.length !== IV_BYTES) throw new Error(`a notification IV is ${IV_BYTES} bytes, got ${iv.length}`);
  const cipher = createCipheriv('aes-256-gcm', webhookKey(secretHex), iv, { authTagLength: TAG_BYTES });
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { body: upperHex(body), iv: upperHex(iv), tag: upperHex(cipher.getAuthTag()) };
}

/** The thrown error of decryptNotification when the notification does not authenticate. */
export class NotificationDecryptError extends Error {
  override readonly name = 'NotificationDecryptError';
}

/**
 * The plaintext of a notification, given its body and headers in hex (either case). Throws
 * NotificationDecryptError when a field is malformed or the tag does not authenticate (wrong
 * secret, or body, IV or tag altered); throws a plain Error for a malformed secret.
 */
export function decryptNotification(secretHex: string, notification: EncryptedNotification): string {
  const key = webhookKey(secretHex);
  const iv = hexField(notification.iv, 'the IV', IV_BYTES);
  const tag = hexField(notification.tag, 'the authentication tag', TAG_BYTES);
  const body = hexField(notification.body.trim(), 'the body');
  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch (err) {
    throw new NotificationDecryptError('the notification failed authentication: wrong secret, or the body, IV or tag was altered', { cause: err });
  }
}

const upperHex = (bytes: Buffer): string => bytes.toString('hex').toUpperCase();

/** Buffer.from(text, 'hex') stops silently at the first bad character, so the text is checked first. */
function hexField(text: string, what: string, bytes?: number): Buffer {
  if (!HEX.test(text)) throw new NotificationDecryptError(`${what} is not hex`);
  if (bytes !== undefined && text.length !== bytes * 2) throw new NotificationDecryptError(`${what} must be ${bytes} bytes (${bytes * 2} hex characters)`);
  return Buffer.from(text, 'hex');
}
