// Checking a sign-in's credentials as an attacker would wish it were not: an unknown address costs
// the same password hash as a wrong password (dummyVerify) and gets the same answer, so neither the
// answer nor its time tells which addresses have an account. One address may belong to people of
// several merchants: each active one is tried, and the first whose password matches is signed in.
// A known person's failure is written to their merchant's audit log with the address it came from.

import { dummyVerify, verifyPassword } from '../crypto/passwords.js';
import { randomHex } from '../crypto/tokens.js';
import type { UserRecord } from '../domain/users.js';
import { BackofficeError, type BackofficeContext, type ParameterError } from './contract.js';
import { spendSecondFactor } from './second-factor.js';

export interface Credentials {
  email: string;
  password: string;
  code: string | undefined;
}

const MAX_EMAIL = 254;
/** Longer than any password the policy accepts (256 characters of up to 4 bytes). */
const MAX_PASSWORD = 1024;
const MAX_CODE = 64;
const ID_BYTES = 16;

/** The body of POST /api/session, or 400 naming what is wrong with it. */
export function credentialsOf(body: unknown): Credentials {
  const b = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const problems: ParameterError[] = [];
  const text = (name: string, max: number, required: boolean): string | undefined => {
    const value = b[name];
    if (value === undefined && !required) return undefined;
    if (typeof value !== 'string' || value === '') problems.push({ name, message: `${name} is required` });
    else if (value.length > max) problems.push({ name, message: `${name} is longer than ${max} characters` });
    else return value;
    return undefined;
  };
  const email = text('email', MAX_EMAIL, true);
  const password = text('password', MAX_PASSWORD, true);
  const code = text('code', MAX_CODE, false);
  if (problems.length > 0 || email === undefined || password === undefined) throw new BackofficeError('invalidParameters', 'the sign-in needs an e-mail address and a password', { parameters: problems });
  return { email, password, code };
}

const INVALID = (): BackofficeError => new BackofficeError('invalidCredentials', 'the e-mail address or the password is wrong');

async function auditFailures(ctx: BackofficeContext, users: readonly UserRecord[], address: string, reason: string): Promise<void> {
  if (users.length === 0) return;
  const at = ctx.clock.now();
  await ctx.store.writeTogether(
    users.map((u) => ctx.store.audit.appendStatement({ id: randomHex(ID_BYTES), merchantId: u.merchantId, userId: u.id, at, address, action: 'signIn.failed', target: u.id, before: null, after: { reason } })),
  );
}

/** The user these credentials sign in, or the refusal (401 invalidCredentials, 401 codeRequired). */
export async function checkCredentials(ctx: BackofficeContext, credentials: Credentials, address: string): Promise<UserRecord> {
  const candidates = await ctx.store.users.findActiveByEmail(credentials.email);
  let matched: UserRecord | undefined;
  let verified = false;
  for (const user of candidates) {
    if (user.passwordHash === null) continue;
    verified = true;
    if (await verifyPassword(credentials.password, user.passwordHash)) {
      matched = user;
      break;
    }
  }
  // The same cost as a wrong password, for an address nobody has.
  if (!verified) await dummyVerify(credentials.password);
  if (!matched) {
    await auditFailures(ctx, candidates, address, 'password');
    throw INVALID();
  }
  if (matched.totpSecret !== null) {
    if (credentials.code === undefined) throw new BackofficeError('codeRequired', 'enter the code of your authenticator app, or a recovery code');
    if (!(await spendSecondFactor(ctx, matched, credentials.code, address))) {
      await auditFailures(ctx, [matched], address, 'code');
      throw INVALID();
    }
  }
  return matched;
}
