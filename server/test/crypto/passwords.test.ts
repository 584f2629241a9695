import { describe, expect, it } from 'vitest';
import {
  CURRENT_SCRYPT_PARAMS,
  DUMMY_PASSWORD_HASH,
  dummyVerify,
  hashPassword,
  needsRehash,
  verifyPassword,
} from '../../src/crypto/passwords.js';

// Each hash at the current parameters is a real scrypt of 32 MiB (about 150 ms here): the tests
// share a few and use cheap parameters where only the encoding is under test.
const CHEAP = { N: 2 ** 10, r: 8, p: 1 };

describe('password hashes', () => {
  it('encode their scheme, parameters, a 16-byte salt and a 32-byte hash, and verify only the password', async () => {
    const encoded = await hashPassword('a long enough passphrase');
    const [scheme, N, r, p, salt, hash, ...rest] = encoded.split('$');
    expect([scheme, N, r, p]).toEqual(['scrypt', String(CURRENT_SCRYPT_PARAMS.N), '8', '1']);
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(hash!, 'base64url')).toHaveLength(32);
    expect(rest).toEqual([]);
    expect(await verifyPassword('a long enough passphrase', encoded)).toBe(true);
    expect(await verifyPassword('a long enough passphrasE', encoded)).toBe(false);
    expect(await verifyPassword('', encoded)).toBe(false);
  });

  it('salt every hash afresh, so one password never hashes to the same text twice', async () => {
    const [a, b] = await Promise.all([hashPassword('same password', CHEAP), hashPassword('same password', CHEAP)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same password', a)).toBe(true);
    expect(await verifyPassword('same password', b)).toBe(true);
  });

  it('read a password composed or decomposed as the same (Unicode NFC)', async () => {
    const composed = 'caf\u00e9 au lait, sans sucre';
    const decomposed = 'cafe\u0301 au lait, sans sucre';
    const encoded = await hashPassword(composed, CHEAP);
    expect(await verifyPassword(decomposed, encoded)).toBe(true);
  });

  it('verify a hash made with other parameters by the parameters it names, and ask for a rehash when they are lower', async () => {
    const weaker = await hashPassword('an older password hash', CHEAP);
    expect(weaker.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('an older password hash', weaker)).toBe(true);
    expect(needsRehash(weaker)).toBe(true);
    expect(needsRehash(await hashPassword('higher r', { N: CURRENT_SCRYPT_PARAMS.N / 32, r: 16, p: 1 }))).toBe(true);
    expect(needsRehash(DUMMY_PASSWORD_HASH)).toBe(false);
  });

  it('refuse to read what this module did not write, and ask for a rehash of it', async () => {
    const good = await hashPassword('x', CHEAP);
    const parts = good.split('$');
    const broken = [
      '',
      'plain text',
      good.replace('scrypt', 'bcrypt'),
      [...parts.slice(0, 1), '1000', ...parts.slice(2)].join('$'), // N not a power of two
      [...parts.slice(0, 1), String(2 ** 24), ...parts.slice(2)].join('$'), // beyond the cap
      [...parts.slice(0, 4), 'c2FsdA', parts[5]].join('$'), // salt too short
      [...parts.slice(0, 5), 'aGFzaA'].join('$'), // hash too short
      `${good}$extra`,
    ];
    for (const encoded of broken) {
      await expect(verifyPassword('x', encoded), encoded).rejects.toThrow(RangeError);
      expect(needsRehash(encoded), encoded).toBe(true);
    }
  });

  it('answer an unknown e-mail with a dummy verify that costs what a real one does', async () => {
    // The dummy hash is at the current parameters, so dummyVerify runs the same scrypt as a
    // verify of a real user's hash; nothing verifies against it.
    expect(DUMMY_PASSWORD_HASH.split('$').slice(0, 4)).toEqual([
      'scrypt',
      String(CURRENT_SCRYPT_PARAMS.N),
      String(CURRENT_SCRYPT_PARAMS.r),
      String(CURRENT_SCRYPT_PARAMS.p),
    ]);
    expect(await dummyVerify('any password at all')).toBe(false);
    expect(await dummyVerify('')).toBe(false);
  });
});
