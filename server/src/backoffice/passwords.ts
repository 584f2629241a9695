// Passwords as the back office sets and checks them: the scrypt cost it hashes at (the app's
// option, the full CURRENT_SCRYPT_PARAMS for the relay, lower in tests so a sign-in takes
// milliseconds), and the password policy's refusal as a 400 naming the parameter a page shows it by.

import type { FastifyRequest } from 'fastify';
import { hashPassword, type ScryptParams } from '../crypto/passwords.js';
import { checkPassword, MAX_PASSWORD_CHARACTERS, MIN_PASSWORD_CHARACTERS, type PasswordRefusal } from '../crypto/password-policy.js';
import { BackofficeError } from './contract.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The scrypt cost new passwords are hashed at; a stored hash below it is rehashed at sign-in. */
    backofficePasswordCost: Readonly<ScryptParams>;
  }
}

const REFUSALS: Readonly<Record<PasswordRefusal, string>> = {
  'too-short': `the password must have at least ${MIN_PASSWORD_CHARACTERS} characters`,
  'too-long': `the password must have at most ${MAX_PASSWORD_CHARACTERS} characters`,
  common: 'this password is one of the most common ones: choose another',
  'contains-email': 'the password must not contain your e-mail address',
};

/** Throws 400 invalidParameters naming `parameter` unless `password` passes the policy for `email`. */
export function requireGoodPassword(password: string, email: string, parameter: string): void {
  const verdict = checkPassword(password, email);
  if (!verdict.ok) throw new BackofficeError('invalidParameters', REFUSALS[verdict.reason], { parameters: [{ name: parameter, message: REFUSALS[verdict.reason] }] });
}

/** A new hash of `password` at the back office's cost. */
export function hashNewPassword(request: FastifyRequest, password: string): Promise<string> {
  return hashPassword(password, request.server.backofficePasswordCost);
}
