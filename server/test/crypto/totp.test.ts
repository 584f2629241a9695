import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/domain/clock.js';
import { generateTotpSecret, totpCode, totpStep, totpUri, verifyTotp } from '../../src/crypto/totp.js';

// RFC 6238, appendix B: the SHA-1 secret is the ASCII text "12345678901234567890".
const RFC_SECRET = Secret.fromUTF8('12345678901234567890').base32;
const RFC_SHA1_VECTORS: ReadonlyArray<[seconds: number, code: string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];
// Fixed secrets keep the window and replay tests deterministic: with a random one, a code of a
// step outside the window would match by chance once in a few hundred thousand runs.
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const OTHER_SECRET = 'KRSXG5BAON2WG4TFORZSA5DPORQWY3DA';

describe('TOTP codes', () => {
  it("match RFC 6238's SHA-1 test vectors (8 digits there, 6 in use are their last six)", () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    for (const [seconds, code] of RFC_SHA1_VECTORS) {
      expect(totpCode(RFC_SECRET, seconds * 1000, 8), String(seconds)).toBe(code);
      // Dynamic truncation takes the same 31-bit number modulo 10^digits.
      expect(totpCode(RFC_SECRET, seconds * 1000), String(seconds)).toBe(code.slice(2));
    }
  });

  it('have 30-second steps counted from the epoch', () => {
    expect(totpStep(0)).toBe(0);
    expect(totpStep(29_999)).toBe(0);
    expect(totpStep(30_000)).toBe(1);
    expect(totpStep(1111111109 * 1000)).toBe(0x023523ec); // the RFC's T for that time
  });

  it('are accepted one step early or late and not further, on the injected clock', () => {
    const secret = SECRET;
    const clock = new ManualClock(Date.UTC(2026, 5, 1, 12, 0, 0));
    const code = totpCode(secret, clock.now());
    const step = totpStep(clock.now());
    expect(verifyTotp(secret, code, clock.now(), null)).toEqual({ ok: true, step });
    clock.advance(30_000); // the next step: the code typed just before still counts
    expect(verifyTotp(secret, code, clock.now(), null)).toEqual({ ok: true, step });
    clock.advance(30_000); // two steps later: too old
    expect(verifyTotp(secret, code, clock.now(), null)).toEqual({ ok: false, reason: 'wrong-code' });
    clock.set(Date.UTC(2026, 5, 1, 12, 0, 0) - 30_000); // a phone one step ahead of the server
    expect(verifyTotp(secret, code, clock.now(), null)).toEqual({ ok: true, step });
    clock.set(Date.UTC(2026, 5, 1, 12, 0, 0) - 60_000);
    expect(verifyTotp(secret, code, clock.now(), null)).toEqual({ ok: false, reason: 'wrong-code' });
  });

  it('are refused a second time: a code of the last used step or an earlier one is a replay', () => {
    const secret = SECRET;
    const now = Date.UTC(2026, 5, 1, 12, 0, 10);
    const code = totpCode(secret, now);
    const first = verifyTotp(secret, code, now, null);
    expect(first.ok).toBe(true);
    const lastUsedStep = first.ok ? first.step : -1;
    expect(verifyTotp(secret, code, now, lastUsedStep)).toEqual({ ok: false, reason: 'already-used' });
    expect(verifyTotp(secret, code, now + 30_000, lastUsedStep)).toEqual({ ok: false, reason: 'already-used' });
    // The previous step's code, still inside the window, is not accepted after a later one.
    expect(verifyTotp(secret, totpCode(secret, now - 30_000), now, lastUsedStep)).toEqual({ ok: false, reason: 'already-used' });
    // The next step's code is new.
    const next = totpCode(secret, now + 30_000);
    expect(verifyTotp(secret, next, now + 30_000, lastUsedStep)).toEqual({ ok: true, step: lastUsedStep + 1 });
  });

  it('are read with the spaces an app shows, and anything but six digits is wrong', () => {
    const secret = SECRET;
    const now = Date.UTC(2026, 5, 1, 12, 0, 0);
    const code = totpCode(secret, now);
    expect(verifyTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now, null).ok).toBe(true);
    for (const bad of ['', '12345', '1234567', 'abcdef', `${code}0`, `+${code.slice(1)}`]) {
      expect(verifyTotp(secret, bad, now, null), bad).toEqual({ ok: false, reason: 'wrong-code' });
    }
    expect(verifyTotp(OTHER_SECRET, code, now, null)).toEqual({ ok: false, reason: 'wrong-code' });
  });
});

describe('TOTP secrets and URIs', () => {
  it('make a random 160-bit base32 secret', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(generateTotpSecret()).not.toBe(secret);
  });

  it('give the authenticator app an otpauth URI with issuer paywidgets and the account e-mail', () => {
    const secret = generateTotpSecret();
    const uri = new URL(totpUri(secret, 'jane.doe@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/paywidgets:jane.doe@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'paywidgets',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
