// The person's own session (docs/back-office-api.md, "Session and people (access: public or
// signedIn)"): who is signed in, signing in (a new session id every time, the one the browser sent
// before ended), signing out, and signing out everywhere.

import { writeSessionEnd } from '../../storage/writes/index.js';
import type { BackofficeRoutes } from '../contract.js';
import { BackofficeError, sessionOf } from '../contract.js';
import { forgetAccountFailures, recordFailure, refuseWhileLocked } from '../sign-in-throttle.js';
import { meOf } from '../me.js';
import { rehashIfWeaker } from '../rehash.js';
import { credentialsOf, checkCredentials } from '../sign-in.js';
import { clearCookie, startSession } from '../sessions.js';
import { personAudit } from '../person-audit.js';

export const sessionRoutes: BackofficeRoutes = (app, ctx) => {
  app.get('/session', { config: { access: 'signedIn' } }, async (request) => meOf(ctx, sessionOf(request)));

  app.post('/session', { config: { access: 'public' } }, async (request, reply) => {
    const credentials = credentialsOf(request.body);
    await refuseWhileLocked(ctx, credentials.email, request.ip);
    let user;
    try {
      user = await checkCredentials(ctx, credentials, request.ip);
    } catch (error) {
      if (error instanceof BackofficeError && error.code === 'invalidCredentials') await recordFailure(ctx, credentials.email, request.ip);
      throw error;
    }
    await forgetAccountFailures(ctx, credentials.email);
    await rehashIfWeaker(ctx, request, user, credentials.password);
    const session = await startSession(ctx, request, reply, { user, action: 'signIn' });
    await ctx.store.users.recordSignIn(user.merchantId, user.id, ctx.clock.now());
    return meOf(ctx, { merchantId: session.merchantId, userId: session.userId, csrfToken: session.csrfToken });
  });

  app.delete('/session', { config: { access: 'signedIn' } }, async (request, reply) => {
    const session = sessionOf(request);
    await writeSessionEnd(ctx.store, {
      end: { session: session.id },
      audit: personAudit(session, request, ctx.clock.now(), { action: 'signOut', target: session.userId }),
    });
    clearCookie(request, reply);
    return reply.status(204).send();
  });

  app.post('/session/sign-out-everywhere', { config: { access: 'signedIn' } }, async (request, reply) => {
    const session = sessionOf(request);
    await writeSessionEnd(ctx.store, {
      end: { user: session.userId },
      audit: personAudit(session, request, ctx.clock.now(), { action: 'signOut.everywhere', target: session.userId }),
    });
    clearCookie(request, reply);
    return reply.status(204).send();
  });
};
