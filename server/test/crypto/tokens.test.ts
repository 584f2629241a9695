import { describe, expect, it } from 'vitest';
import { generateAccessToken, hashToken, randomHex, tokenMatches } from '../../src/crypto/tokens.js';

describe('access tokens', () => {
  it('are 43 base64url characters carrying 32 random bytes', () => {
    const token = generateAccessToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(generateAccessToken()).not.toBe(token);
  });

  it('hash to the SHA-256 hex digest', () => {
    // Known answer: SHA-256("abc").
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('match only an identical hash', () => {
    const hash = hashToken(generateAccessToken());
    expect(tokenMatches(hash, hash)).toBe(true);
    expect(tokenMatches(hash, hashToken('other'))).toBe(false);
    expect(tokenMatches(hash, hash.slice(0, 63))).toBe(false);
    expect(tokenMatches(hash, '')).toBe(false);
  });

  it('random hex has the requested length', () => {
    expect(randomHex(16)).toMatch(/^[0-9a-f]{32}$/);
    expect(randomHex(32)).toMatch(/^[0-9a-f]{64}$/);
  });
});
