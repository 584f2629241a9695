// A second factor being set up: its new secret waits for the first code in a cookie of its own,
// sealed by the relay's vault (so it can be neither read nor forged by the browser), bound to the
// session that asked for it and ending after ten minutes on the injected clock. Nothing is stored
// until the code confirms it, and any relay of the database can confirm it (they share the vault's
// key), without a table or a column for secrets nobody may ever confirm.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BackofficeContext } from './contract.js';
import { clearSessionCookie, readCookie, setShortLivedCookie, type SessionCookie } from './cookies.js';

export const PENDING_SECOND_FACTOR_MS = 10 * 60_000;
/** A sealed secret, session id and time, base64url: far below this. */
const MAX_VALUE = 1024;

interface Pending {
  secret: string;
  session: string;
  expiresAt: number;
}

function cookieOf(request: FastifyRequest): SessionCookie {
  const { secure } = request.server.backofficeCookie;
  return { name: secure ? '__Host-pw_second_factor' : 'pw_second_factor', secure };
}

/** Sets the cookie holding `secret`, pending for the request's session. */
export function keepPendingSecret(ctx: BackofficeContext, request: FastifyRequest, reply: FastifyReply, sessionId: string, secret: string): void {
  const pending: Pending = { secret, session: sessionId, expiresAt: ctx.clock.now() + PENDING_SECOND_FACTOR_MS };
  const value = Buffer.from(ctx.vault.sealSecret(JSON.stringify(pending)), 'utf8').toString('base64url');
  reply.header('set-cookie', setShortLivedCookie(cookieOf(request), value, PENDING_SECOND_FACTOR_MS / 1000));
}

/** The secret pending for the request's session, if its cookie is ours, its session's and not expired. */
export function pendingSecret(ctx: BackofficeContext, request: FastifyRequest, sessionId: string): string | undefined {
  const value = readCookie(request.headers.cookie, cookieOf(request).name, MAX_VALUE);
  if (value === undefined) return undefined;
  let pending: Pending;
  try {
    pending = JSON.parse(ctx.vault.openSecret(Buffer.from(value, 'base64url').toString('utf8'))) as Pending;
  } catch {
    return undefined; // not sealed by this relay's vault, or altered
  }
  if (pending.session !== sessionId || !(ctx.clock.now() < pending.expiresAt) || typeof pending.secret !== 'string') return undefined;
  return pending.secret;
}

/** Removes the cookie (the secret confirmed, or dropped). */
export function forgetPendingSecret(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', clearSessionCookie(cookieOf(request)));
}
