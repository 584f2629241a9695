// A session's start, rotation and end. The cookie carries 32 random bytes (base64url); the database
// keeps only their SHA-256 as the session's id, so a copy of the table signs nobody in. A session
// always starts with a new value (never one the browser sent before: session fixation), and a
// person whose own privileges or credentials change gets a new one too (rotateSession), so a value
// seen before the change is worth nothing after it.

import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashToken, randomHex } from '../crypto/tokens.js';
import { SESSION_LIMITS, type BackofficeSessionRecord } from '../domain/backoffice-sessions.js';
import type { AuditEntry, UserRecord } from '../domain/users.js';
import { writeSessionStart } from '../storage/writes/index.js';
import { BackofficeError, type BackofficeContext } from './contract.js';
import { clearSessionCookie, readCookie, setSessionCookie, type SessionCookie } from './cookies.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The session cookie of this back office (its name and Secure follow its public URL). */
    backofficeCookie: SessionCookie;
  }
}

const COOKIE_BYTES = 32;
const CSRF_BYTES = 32;
const ID_BYTES = 16;

/** The session id the request's cookie names (its hash), whether or not that session lives. */
export function sentSessionId(request: FastifyRequest): string | undefined {
  const value = readCookie(request.headers.cookie, request.server.backofficeCookie.name);
  return value === undefined ? undefined : hashToken(value);
}

export interface SessionStart {
  user: UserRecord;
  /** The audit row's action (`signIn`, `session.rotate`…) and its values. */
  action: string;
  after?: AuditEntry['after'];
}

/**
 * Starts a new session for `user` and sets its cookie; the session the request's cookie named (if
 * any) ends in the same batch. The audit row tells of it, from the request's address.
 */
export async function startSession(ctx: BackofficeContext, request: FastifyRequest, reply: FastifyReply, start: SessionStart): Promise<BackofficeSessionRecord> {
  const now = ctx.clock.now();
  const value = randomBytes(COOKIE_BYTES).toString('base64url');
  const session: BackofficeSessionRecord = {
    id: hashToken(value),
    userId: start.user.id,
    merchantId: start.user.merchantId,
    csrfToken: randomBytes(CSRF_BYTES).toString('base64url'),
    createdAt: now,
    lastSeenAt: now,
    absoluteExpiresAt: now + SESSION_LIMITS.absoluteMs,
    address: request.ip,
  };
  const replaces = sentSessionId(request);
  await writeSessionStart(ctx.store, {
    session,
    ...(replaces !== undefined ? { replaces } : {}),
    audit: { id: randomHex(ID_BYTES), merchantId: session.merchantId, userId: session.userId, at: now, address: request.ip, action: start.action, target: session.userId, before: null, after: start.after ?? null },
  });
  reply.header('set-cookie', setSessionCookie(request.server.backofficeCookie, value));
  return session;
}

/**
 * Gives the signed-in person of `request` a new session id (and CSRF token), ending the current
 * one: call it after a change of the person's own privileges or credentials (role, channels,
 * password, second factor). Answers the new session; its csrfToken is what the page sends next.
 */
export async function rotateSession(ctx: BackofficeContext, request: FastifyRequest, reply: FastifyReply): Promise<BackofficeSessionRecord> {
  const current = request.backoffice;
  if (!current) throw new BackofficeError('signInRequired', 'sign in first');
  const user = await ctx.store.users.find(current.merchantId, current.userId);
  if (!user || user.status !== 'active') throw new BackofficeError('signInRequired', 'sign in first');
  const session = await startSession(ctx, request, reply, { user, action: 'session.rotate' });
  request.backoffice = { ...current, id: session.id, csrfToken: session.csrfToken, role: user.role, channelIds: user.channelIds };
  return session;
}

/** Removes the session cookie from the browser. */
export function clearCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', clearSessionCookie(request.server.backofficeCookie));
}
