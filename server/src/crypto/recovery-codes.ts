// Recovery codes: the way back in for a user who has lost the phone with their authenticator
// app. Ten of them, each good once, shown once when the second factor is set up; the store keeps
// only their hashes.
//
// A code is 10 characters of Crockford's base32 (digits and lowercase letters without i, l, o and
// u, so nothing reads as something else), shown as `xxxxx-xxxxx`: 50 random bits. A plain SHA-256
// is enough to store it, as for access tokens (tokens.ts): a code is random, not chosen by a
// person, so there is no dictionary to try, and a slow hash would cost ten scrypt runs a check. A
// code replaces only the second factor, never the password, and the TOTP secret it stands in for
// must stay readable by the relay: a thief of the store who can read that secret has the second
// factor already, whatever the codes' hashes cost to reverse.

import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
const CODE_CHARACTERS = 10;
const GROUP = 5;
/** Crockford's base32, lowercase: 32 symbols, so a random byte's low five bits pick one without bias. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** What a person may type for a symbol that is not in the alphabet, as Crockford's decoding reads it. */
const LOOK_ALIKES: Readonly<Record<string, string>> = { o: '0', i: '1', l: '1' };
const CODE = new RegExp(`^[${ALPHABET}]{${CODE_CHARACTERS}}$`);

export interface RecoveryCodes {
  /** To show the user once, as `xxxxx-xxxxx`. */
  codes: string[];
  /** To store: SHA-256 of each code's normalised form, lowercase hex, in the same order. */
  hashes: string[];
}

export type RecoveryCodeUse = { ok: true; remaining: string[] } | { ok: false };

function randomCode(): string {
  const bytes = randomBytes(CODE_CHARACTERS);
  let code = '';
  for (const byte of bytes) code += ALPHABET[byte & 31];
  return code;
}

function hashCode(normalized: string): string {
  return hash('sha256', normalized, 'hex');
}

/**
 * The code as it is hashed: lowercase, without spaces or dashes, look-alikes read as what they
 * look like; null when it cannot be a code at all.
 */
export function normalizeRecoveryCode(input: string): string | null {
  const compact = input
    .toLowerCase()
    .replace(/[\s-]+/g, '')
    .replace(/[oil]/g, (c) => LOOK_ALIKES[c] ?? c);
  return CODE.test(compact) ? compact : null;
}

/** A fresh set of codes and their hashes; a new set replaces the old one whole. */
export function generateRecoveryCodes(): RecoveryCodes {
  const codes: string[] = [];
  const hashes: string[] = [];
  while (codes.length < RECOVERY_CODE_COUNT) {
    const code = randomCode();
    const digest = hashCode(code);
    if (hashes.includes(digest)) continue; // 2^-50 a pair; ten distinct codes all the same
    codes.push(`${code.slice(0, GROUP)}-${code.slice(GROUP)}`);
    hashes.push(digest);
  }
  return { codes, hashes };
}

/**
 * Spends `code` if its hash is among `hashes`: answers the hashes that remain (store them in its
 * place), or a refusal. Every stored hash is compared, in constant time, so the time taken says
 * nothing about which one matched.
 */
export function useRecoveryCode(hashes: readonly string[], code: string): RecoveryCodeUse {
  const normalized = normalizeRecoveryCode(code);
  if (normalized === null) return { ok: false };
  const candidate = Buffer.from(hashCode(normalized), 'utf8');
  let matched = -1;
  hashes.forEach((stored, index) => {
    const storedBytes = Buffer.from(stored, 'utf8');
    const equal = storedBytes.length === candidate.length && timingSafeEqual(storedBytes, candidate);
    if (equal && matched < 0) matched = index;
  });
  if (matched < 0) return { ok: false };
  return { ok: true, remaining: hashes.filter((_, index) => index !== matched) };
}
