// The one check every back office request passes before its handler (contract.ts): a
// state-changing request must come from the back office's own origin (public routes included, so
// no other site can sign a browser in); a route that is not public needs a living session whose
// person is active, read fresh (role and channels from the user's row, so a change takes effect at
// the next request); its state-changing requests carry the session's CSRF token; and a route that
// names an action needs a role that may do it (domain/roles.ts) and, when the merchant requires a
// second factor, a person who has one. It runs at onRequest, before the body is read, so nobody
// unauthenticated gets a body parsed.

import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_LIMITS } from '../domain/backoffice-sessions.js';
import { may } from '../domain/roles.js';
import { BackofficeError, type Access, type BackofficeContext, type BackofficeSession } from './contract.js';
import { fromOwnOrigin, isStateChanging } from './origin.js';
import { sentSessionId } from './sessions.js';

function sameToken(sent: string | string[] | undefined, expected: string): boolean {
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The living session the request's cookie names, with its person as the user's row says now. */
async function sessionOf(ctx: BackofficeContext, request: FastifyRequest): Promise<{ session: BackofficeSession; hasSecondFactor: boolean } | undefined> {
  const id = sentSessionId(request);
  if (id === undefined) return undefined;
  const now = ctx.clock.now();
  const session = await ctx.store.sessions.findLive(id, now, SESSION_LIMITS);
  if (!session) return undefined;
  const user = await ctx.store.users.find(session.merchantId, session.userId);
  if (!user || user.status !== 'active') return undefined;
  // One write a minute at most (the repository's guard), not one per request.
  if (now - session.lastSeenAt >= SESSION_LIMITS.touchEveryMs) await ctx.store.sessions.touch(id, now, SESSION_LIMITS);
  return {
    session: { id, userId: user.id, merchantId: user.merchantId, email: user.email, role: user.role, channelIds: user.channelIds, csrfToken: session.csrfToken },
    hasSecondFactor: user.totpSecret !== null,
  };
}

/**
 * The guard as an onRequest hook. `access` is the route's declared level; a request that matched
 * no route (answered 404) is treated as `signedIn`, so who is not signed in cannot tell which
 * API paths exist.
 */
export function guard(ctx: BackofficeContext, origin: string) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    request.backoffice = null;
    const access: Access = request.routeOptions.config?.access ?? 'signedIn';
    const changing = isStateChanging(request.method);
    if (changing && !fromOwnOrigin(request.headers, origin)) throw new BackofficeError('badOrigin', 'this request must come from the back office\'s own pages');
    if (access === 'public') return;
    const found = await sessionOf(ctx, request);
    if (!found) throw new BackofficeError('signInRequired', 'sign in first');
    const { session } = found;
    if (changing && !sameToken(request.headers['x-csrf-token'], session.csrfToken)) throw new BackofficeError('badCsrfToken', 'the X-CSRF-Token header is missing or not this session\'s');
    if (access !== 'signedIn') {
      if (!may(session.role, access)) throw new BackofficeError('forbidden', 'your role does not allow this');
      // The person's own routes (signedIn) stay open, so the pages can lead them to set one up.
      if (!found.hasSecondFactor && (await ctx.store.merchantSettings.get(session.merchantId)).requireTwoFactor) {
        throw new BackofficeError('twoFactorRequired', 'your business requires a second factor: set up two-factor sign-in first');
      }
    }
    request.backoffice = session;
  };
}
