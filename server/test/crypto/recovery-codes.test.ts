import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  generateRecoveryCodes,
  normalizeRecoveryCode,
  RECOVERY_CODE_COUNT,
  useRecoveryCode,
} from '../../src/crypto/recovery-codes.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('recovery codes', () => {
  it('are ten distinct codes of Crockford base32, grouped xxxxx-xxxxx, with their SHA-256 hashes', () => {
    const { codes, hashes } = generateRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(RECOVERY_CODE_COUNT).toBe(10);
    expect(new Set(codes).size).toBe(10);
    for (const [index, code] of codes.entries()) {
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
      expect(hashes[index]).toBe(sha256(code.replace('-', '')));
    }
    // The hashes never contain a code.
    expect(hashes.join()).not.toContain(codes[0]!.replace('-', ''));
    expect(generateRecoveryCodes().codes).not.toEqual(codes);
  });

  it('use every symbol of the alphabet and no other (no bias from the byte to symbol mapping)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 200; i++) {
      for (const c of generateRecoveryCodes().codes.join('').replaceAll('-', '')) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect([...counts.keys()].sort().join('')).toBe('0123456789abcdefghjkmnpqrstvwxyz');
    // 20,000 symbols over 32: 625 each expected, standard deviation about 25; ±150 is six of them.
    for (const [symbol, count] of counts) expect(Math.abs(count - 625), symbol).toBeLessThan(150);
  });

  it('are spent once: a used code answers the remaining hashes and is refused the second time', () => {
    const { codes, hashes } = generateRecoveryCodes();
    const first = useRecoveryCode(hashes, codes[3]!);
    expect(first).toEqual({ ok: true, remaining: hashes.filter((_, i) => i !== 3) });
    const remaining = first.ok ? first.remaining : [];
    expect(useRecoveryCode(remaining, codes[3]!)).toEqual({ ok: false });
    const second = useRecoveryCode(remaining, codes[0]!);
    expect(second.ok && second.remaining).toHaveLength(8);
  });

  it('read the code with any case, dashes and spaces, and look-alike letters as the digits they resemble', () => {
    const { codes, hashes } = generateRecoveryCodes();
    const code = codes[0]!;
    const compact = code.replace('-', '');
    for (const typed of [code, compact, code.toUpperCase(), ` ${compact.slice(0, 2)} ${compact.slice(2, 7)}-${compact.slice(7)} `]) {
      expect(useRecoveryCode(hashes, typed).ok, typed).toBe(true);
    }
    expect(normalizeRecoveryCode('O1IL0-abcde')).toBe('01110abcde');
    expect(normalizeRecoveryCode('oIlOo-XYZ89')).toBe('01100xyz89');
  });

  it('refuse anything that is not one of the stored codes', () => {
    const { codes, hashes } = generateRecoveryCodes();
    const other = generateRecoveryCodes().codes[0]!;
    for (const wrong of ['', 'abcde', `${codes[0]}x`, codes[0]!.slice(0, 9), 'uuuuu-uuuuu', other, hashes[0]!]) {
      expect(useRecoveryCode(hashes, wrong), wrong).toEqual({ ok: false });
    }
    expect(normalizeRecoveryCode('uuuuu-uuuuu')).toBeNull();
    expect(useRecoveryCode([], codes[0]!)).toEqual({ ok: false });
  });
});
