import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CardVault } from '../../src/crypto/card-vault.js';

const CARD = '4200000000000000';
const key = randomBytes(32);
const vault = new CardVault(key);

function flipBit(sealed: string, byteIndex: number): string {
  const raw = Buffer.from(sealed, 'base64');
  raw[byteIndex] = (raw[byteIndex] ?? 0) ^ 0x01;
  return raw.toString('base64');
}

describe('CardVault', () => {
  it('opens what it sealed, and the sealed bytes do not hold the number', () => {
    const sealed = vault.seal(CARD);
    expect(vault.open(sealed)).toBe(CARD);
    expect(Buffer.from(sealed, 'base64').includes(Buffer.from(CARD))).toBe(false);
    // iv (12) | tag (16) | ciphertext (as long as the number)
    expect(Buffer.from(sealed, 'base64')).toHaveLength(12 + 16 + CARD.length);
  });

  it('refuses a flipped bit in the IV, the tag or the ciphertext', () => {
    const sealed = vault.seal(CARD);
    for (const index of [0, 11, 12, 27, 28, 12 + 16 + CARD.length - 1]) {
      expect(() => vault.open(flipBit(sealed, index)), `byte ${index}`).toThrow(/authentication/);
    }
  });

  it('refuses truncated input and another key', () => {
    const sealed = vault.seal(CARD);
    expect(() => vault.open(sealed.slice(0, 20))).toThrow();
    expect(() => new CardVault(randomBytes(32)).open(sealed)).toThrow(/authentication/);
  });

  it('never repeats an IV over 10k seals', () => {
    const ivs = new Set<string>();
    for (let i = 0; i < 10_000; i++) ivs.add(Buffer.from(vault.seal(CARD), 'base64').subarray(0, 12).toString('hex'));
    expect(ivs.size).toBe(10_000);
  });

  it('fingerprints stably with a key: same key same value, other key or plain hash differ', () => {
    const fp = vault.fingerprint(CARD);
    expect(fp).toMatch(/^[0-9a-f]{64}$/);
    expect(new CardVault(Buffer.from(key)).fingerprint(CARD)).toBe(fp);
    expect(vault.fingerprint('4111111111111111')).not.toBe(fp);
    expect(new CardVault(randomBytes(32)).fingerprint(CARD)).not.toBe(fp);
    expect(createHash('sha256').update(CARD).digest('hex')).not.toBe(fp);
  });

  it('accepts only a 32-byte master key', () => {
    expect(() => new CardVault(randomBytes(16))).toThrow(/32 bytes/);
  });
});
