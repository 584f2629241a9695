// Notification encryption as integrations decrypt it (F10): a published vector decrypts and
// re-encrypts byte for byte, any altered bit fails, and every notification gets its own IV.
import { describe, expect, it } from 'vitest';
import { decryptNotification, encryptNotification, NotificationDecryptError, type EncryptedNotification } from '../../src/webhooks/cipher.js';

const KEY = '000102030405060708090A0B0C0D0E0F000102030405060708090A0B0C0D0E0F';
const GOLDEN: EncryptedNotification = {
  body: 'F8E2F759E528CB69375E51DB2AF9B53734E393',
  iv: '3D575574536D450F71AC76D8',
  tag: '19FDD068C6F383C173D3A906F7BD1D83',
};
const PLAIN = '{"type": "PAYMENT"}';

/** The hex text with one bit of its `index`-th byte flipped, in uppercase like the original. */
function flipBit(hex: string, index = 0): string {
  const bytes = Buffer.from(hex, 'hex');
  bytes[index] = (bytes[index] ?? 0) ^ 0x01;
  return bytes.toString('hex').toUpperCase();
}

describe('notification cipher', () => {
  it('decrypts the published vector', () => {
    expect(decryptNotification(KEY, GOLDEN)).toBe(PLAIN);
  });

  it('re-encrypts the vector with its IV to the same body and tag, in uppercase hex', () => {
    expect(encryptNotification(KEY, PLAIN, Buffer.from(GOLDEN.iv, 'hex'))).toEqual(GOLDEN);
  });

  it('accepts lowercase hex from a receiver that lowercased the headers', () => {
    const lower = { body: GOLDEN.body.toLowerCase(), iv: GOLDEN.iv.toLowerCase(), tag: GOLDEN.tag.toLowerCase() };
    expect(decryptNotification(KEY.toLowerCase(), lower)).toBe(PLAIN);
  });

  it.each(['body', 'iv', 'tag'] as const)('refuses a notification with one bit of its %s flipped (F10)', (field) => {
    const tampered = { ...GOLDEN, [field]: flipBit(GOLDEN[field], 3) };
    expect(() => decryptNotification(KEY, tampered)).toThrow(NotificationDecryptError);
    expect(() => decryptNotification(KEY, tampered)).toThrow(/failed authentication/);
  });

  it('refuses a notification under another secret', () => {
    expect(() => decryptNotification(flipBit(KEY, 31), GOLDEN)).toThrow(/failed authentication/);
  });

  it('refuses a shortened tag, which GCM alone would check on fewer bits', () => {
    expect(() => decryptNotification(KEY, { ...GOLDEN, tag: GOLDEN.tag.slice(0, 24) })).toThrow(/16 bytes/);
  });

  it('refuses fields that are not hex rather than reading the hex before the first bad character', () => {
    expect(() => decryptNotification(KEY, { ...GOLDEN, body: `${GOLDEN.body}ZZ` })).toThrow(/the body is not hex/);
  });

  it('draws a fresh IV for every notification, and each decrypts to its plaintext (F10)', () => {
    const ivs = new Set<string>();
    for (let i = 0; i < 100; i++) {
      const sent = encryptNotification(KEY, PLAIN);
      expect(sent.iv).toMatch(/^[0-9A-F]{24}$/);
      expect(sent.tag).toMatch(/^[0-9A-F]{32}$/);
      expect(decryptNotification(KEY, sent)).toBe(PLAIN);
      ivs.add(sent.iv);
    }
    expect(ivs.size).toBe(100);
  });

  it.each([
    ['63 characters', KEY.slice(1)],
    ['65 characters', `${KEY}0`],
    ['a non-hex character', `${KEY.slice(0, 63)}G`],
    ['surrounding blanks', ` ${KEY.slice(1)}`],
  ])('refuses a secret of %s without repeating it', (_what, secret) => {
    expect(() => encryptNotification(secret, PLAIN)).toThrow('a webhook secret is exactly 64 hex characters (32 bytes)');
    expect(() => decryptNotification(secret, GOLDEN)).toThrow('a webhook secret is exactly 64 hex characters (32 bytes)');
  });

  it('refuses an IV of another length than 12 bytes', () => {
    expect(() => encryptNotification(KEY, PLAIN, Buffer.alloc(16))).toThrow(/12 bytes/);
  });
});
