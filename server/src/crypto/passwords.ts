// Back-office passwords at rest: scrypt from node's crypto, a memory-hard function, so that a
// stolen table costs an attacker memory as well as time for every guess. The encoded hash names
// its own parameters (`scrypt$N$r$p$salt$hash`, base64url), so the cost can be raised later: a
// hash below the current parameters still verifies, and needsRehash tells the sign-in to store a
// new one while it has the password in hand.
//
// Cost: N = 2^15, r = 8, p = 1 takes 32 MiB and, measured on the project's 2-core machine with
// other work running, 140-160 ms a hash or a verify (median of nine: hash 157 ms, verify 143 ms,
// dummy verify 140 ms; N = 2^16 about 310 ms, 2^17 about 630 ms): the top of what a sign-in can
// afford. The async scrypt runs on libuv's pool, so the event loop never waits on it.

import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  /** CPU and memory cost, a power of two. */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelism. */
  p: number;
}

export const CURRENT_SCRYPT_PARAMS: Readonly<ScryptParams> = Object.freeze({ N: 2 ** 15, r: 8, p: 1 });

const SCHEME = 'scrypt';
const SALT_BYTES = 16;
const HASH_BYTES = 32;
/** The highest cost a stored hash may name: a corrupt or hostile row cannot ask for gigabytes. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

interface DecodedHash {
  params: ScryptParams;
  salt: Buffer;
  hash: Buffer;
}

/** scrypt needs 128·N·r bytes for its table (and 128·r·p more); twice that leaves node's check room. */
function maxmemFor({ N, r, p }: ScryptParams): number {
  return 2 * 128 * r * (N + p) + 1024 * 1024;
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: maxmemFor(params) };
  // NFC first: the same password typed on two keyboards may arrive composed or decomposed.
  const secret = Buffer.from(password.normalize('NFC'), 'utf8');
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, HASH_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function encode({ params, salt, hash }: DecodedHash): string {
  return [SCHEME, params.N, params.r, params.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

const POSITIVE_INTEGER = /^[1-9][0-9]{0,9}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The parts of an encoded hash, or null when it is not one this module wrote. */
function decode(encoded: string): DecodedHash | null {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== SCHEME) return null;
  const [, nText, rText, pText, saltText, hashText] = parts as [string, string, string, string, string, string];
  if (![nText, rText, pText].every((t) => POSITIVE_INTEGER.test(t))) return null;
  if (!BASE64URL.test(saltText) || !BASE64URL.test(hashText)) return null;
  const params = { N: Number(nText), r: Number(rText), p: Number(pText) };
  const powerOfTwo = params.N > 1 && (params.N & (params.N - 1)) === 0;
  if (!powerOfTwo || params.N > MAX_N || params.r > MAX_R || params.p > MAX_P) return null;
  const salt = Buffer.from(saltText, 'base64url');
  const hash = Buffer.from(hashText, 'base64url');
  if (salt.length < SALT_BYTES || hash.length !== HASH_BYTES) return null;
  return { params, salt, hash };
}

/** A new encoded hash of `password` with a fresh random salt. `params` exists for tests of rehashing. */
export async function hashPassword(password: string, params: ScryptParams = CURRENT_SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, params);
  return encode({ params: { ...params }, salt, hash });
}

/**
 * Whether `password` is the one `encoded` was made from, compared in constant time. An encoded
 * value this module did not write is an error of the store, not a wrong password: it throws.
 */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const decoded = decode(encoded);
  if (!decoded) throw new RangeError('not a password hash of this relay');
  const candidate = await derive(password, decoded.salt, decoded.params);
  return timingSafeEqual(candidate, decoded.hash);
}

/**
 * True when `encoded` was made with less than `params` (by default the current cost) or cannot be
 * read: hash again. The back office passes the cost it hashes at, which tests keep low.
 */
export function needsRehash(encoded: string, params: Readonly<ScryptParams> = CURRENT_SCRYPT_PARAMS): boolean {
  const decoded = decode(encoded);
  if (!decoded) return true;
  const { N, r, p } = decoded.params;
  return N < params.N || r < params.r || p < params.p;
}

/**
 * A hash at the current parameters of a random password that was thrown away: nothing verifies
 * against it. Fixed rather than made at the first call, which would cost that call a second hash.
 * (A test holds it at CURRENT_SCRYPT_PARAMS: raise both together.)
 */
export const DUMMY_PASSWORD_HASH = 'scrypt$32768$8$1$wlZ5RhWq889c53LVRRhUgw$Qe0Yi8ashl5tkus9RBaThztWOXPqfjrBvXMOYBQb3us';

/**
 * Spends what verifyPassword spends and answers false. A sign-in for an e-mail that has no user
 * (or no password yet) calls it, so that the answer to an unknown address takes as long as the
 * answer to a wrong password and the timing tells nobody which addresses exist.
 */
export async function dummyVerify(password: string): Promise<false> {
  await verifyPassword(password, DUMMY_PASSWORD_HASH);
  return false;
}
