// The back office's optional second factor: time-based one-time passwords (RFC 6238) as every
// authenticator app reads them, HMAC-SHA-1, 6 digits, 30-second steps, computed by the otpauth
// library. Time comes in as a parameter (the caller passes its clock's now()), never from
// Date.now(), so tests move it explicitly.
//
// A code is accepted one step early or late (RFC 6238 §5.2 allows for clock drift and the time a
// person takes to type), and never twice: the answer names the step the code belonged to, the
// caller stores it as the user's last used step, and a code of that step or an earlier one is
// refused afterwards, so a code seen over a shoulder or in a log cannot be replayed.

import { Secret, TOTP } from 'otpauth';

export const TOTP_ISSUER = 'paywidgets';
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Steps accepted either side of the current one. */
export const TOTP_WINDOW = 1;
/** 160 bits, the size RFC 4226 recommends and the HMAC-SHA-1 block a secret is used in. */
const SECRET_BYTES = 20;

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'wrong-code' | 'already-used' };

function totpFor(secretBase32: string, digits = TOTP_DIGITS, label = 'OTPAuth'): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random secret, base32 (what the store keeps and the authenticator app is given). */
export function generateTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The step (RFC 6238's T) that the instant `nowMs` falls in. */
export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code for `nowMs`. `digits` other than 6 exist for the RFC's 8-digit test vectors. */
export function totpCode(secretBase32: string, nowMs: number, digits = TOTP_DIGITS): string {
  return totpFor(secretBase32, digits).generate({ timestamp: nowMs });
}

/**
 * Whether `code` (spaces allowed, as apps show "123 456") is the code of the step of `nowMs` or
 * of one step either side, and not of a step at or before `lastUsedStep`.
 */
export function verifyTotp(secretBase32: string, code: string, nowMs: number, lastUsedStep: number | null): TotpCheck {
  const token = code.replace(/\s+/g, '');
  if (!new RegExp(`^[0-9]{${TOTP_DIGITS}}$`).test(token)) return { ok: false, reason: 'wrong-code' };
  const delta = totpFor(secretBase32).validate({ token, timestamp: nowMs, window: TOTP_WINDOW });
  if (delta === null) return { ok: false, reason: 'wrong-code' };
  const step = totpStep(nowMs) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return { ok: false, reason: 'already-used' };
  return { ok: true, step };
}

/**
 * The `otpauth://totp/…` URI an authenticator app reads from a QR code: issuer paywidgets, the
 * account named by the user's e-mail, SHA1, 6 digits, 30 s.
 */
export function totpUri(secretBase32: string, accountName: string): string {
  return totpFor(secretBase32, TOTP_DIGITS, accountName).toString();
}
