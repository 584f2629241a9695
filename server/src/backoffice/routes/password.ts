// Changing one's own password (docs/back-office-api.md): the current password proves it is the
// person and not someone at their unlocked screen, so a wrong one counts against the account's
// sign-in throttle like a failed sign-in. The new one passes the policy, its hash replaces the old
// in the batch that ends every session of the person, and this browser gets a new session: a
// session stolen before the change is worth nothing after it. The audit row says a password was
// changed, never what it was.

import { verifyPassword } from '../../crypto/passwords.js';
import { randomHex } from '../../crypto/tokens.js';
import { writeUserChange } from '../../storage/writes/index.js';
import { BodyReader, MAX_PASSWORD_INPUT } from '../body.js';
import { BackofficeError, sessionOf, type BackofficeRoutes } from '../contract.js';
import { hashNewPassword, requireGoodPassword } from '../passwords.js';
import { rotateSession } from '../sessions.js';
import { recordFailure, refuseWhileLocked } from '../sign-in-throttle.js';

const ID_BYTES = 16;

export const passwordRoutes: BackofficeRoutes = (app, ctx) => {
  app.post('/me/password', { config: { access: 'signedIn' } }, async (request, reply) => {
    const session = sessionOf(request);
    const body = new BodyReader(request.body);
    const currentPassword = body.text('currentPassword', MAX_PASSWORD_INPUT);
    const newPassword = body.text('newPassword', MAX_PASSWORD_INPUT);
    body.done('enter your current password and a new one');
    await refuseWhileLocked(ctx, session.email, request.ip);
    const user = await ctx.store.users.find(session.merchantId, session.userId);
    if (!user || user.passwordHash === null) throw new BackofficeError('signInRequired', 'sign in first');
    if (!(await verifyPassword(currentPassword, user.passwordHash))) {
      await recordFailure(ctx, session.email, request.ip);
      throw new BackofficeError('invalidParameters', 'the current password is wrong', { parameters: [{ name: 'currentPassword', message: 'this is not your current password' }] });
    }
    requireGoodPassword(newPassword, user.email, 'newPassword');
    const written = await writeUserChange(ctx.store, {
      merchantId: user.merchantId,
      userId: user.id,
      change: { field: 'passwordHash', from: user.passwordHash, to: await hashNewPassword(request, newPassword) },
      now: ctx.clock.now(),
      endSessions: true,
      by: { userId: user.id, address: request.ip, action: 'user.changePassword', auditId: randomHex(ID_BYTES) },
    });
    if (!written) throw new BackofficeError('conflict', 'your password changed meanwhile: sign in again');
    const rotated = await rotateSession(ctx, request, reply);
    return { csrfToken: rotated.csrfToken };
  });
};
