// Accepting an invitation (docs/back-office-api.md): the link's page reads who is invited to which
// merchant without using the link, then the person chooses a password and is signed in. The link
// is taken in the same batch that sets the password, so of two accepts one wins, and a password
// the policy refuses leaves the link as it was. A used, expired or unknown link is 404, the same
// for all three.

import { hashToken, randomHex } from '../../crypto/tokens.js';
import { writeInvitationAccept } from '../../storage/writes/index.js';
import { BodyReader, MAX_PASSWORD_INPUT } from '../body.js';
import { BackofficeError, type BackofficeContext, type BackofficeRoutes } from '../contract.js';
import { meOf } from '../me.js';
import { hashNewPassword, requireGoodPassword } from '../passwords.js';
import { startSession } from '../sessions.js';

const ID_BYTES = 16;
/** Invitation tokens are 32 random bytes in base64url (crypto/tokens.ts); anything else is no token. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const GONE = (): BackofficeError => new BackofficeError('notFound', 'this invitation is used, expired or unknown: ask for a new one');

/** The invited user of a living invitation, and the token's hash. */
async function invitationOf(ctx: BackofficeContext, token: string) {
  if (!TOKEN.test(token)) throw GONE();
  const tokenHash = hashToken(token);
  const user = await ctx.store.users.findInvitation(tokenHash, ctx.clock.now());
  if (!user || user.status !== 'invited') throw GONE();
  return { tokenHash, user };
}

export const invitationRoutes: BackofficeRoutes = (app, ctx) => {
  app.get<{ Params: { token: string } }>('/invitations/:token', { config: { access: 'public' } }, async (request) => {
    const { user } = await invitationOf(ctx, request.params.token);
    const merchant = await ctx.store.merchants.find(user.merchantId);
    if (!merchant) throw GONE();
    return { email: user.email, merchantName: merchant.name };
  });

  app.post<{ Params: { token: string } }>('/invitations/:token/accept', { config: { access: 'public' } }, async (request, reply) => {
    const body = new BodyReader(request.body);
    const password = body.text('password', MAX_PASSWORD_INPUT);
    body.done('choose a password');
    const { tokenHash, user } = await invitationOf(ctx, request.params.token);
    requireGoodPassword(password, user.email, 'password');
    const now = ctx.clock.now();
    const accepted = await writeInvitationAccept(ctx.store, {
      tokenHash,
      user,
      passwordHash: await hashNewPassword(request, password),
      now,
      audit: { id: randomHex(ID_BYTES), merchantId: user.merchantId, userId: user.id, at: now, address: request.ip, action: 'user.acceptInvitation', target: user.id, before: { status: user.status, password: false }, after: { status: 'active', password: true } },
    });
    if (!accepted) throw GONE();
    const active = { ...user, status: 'active' as const };
    const session = await startSession(ctx, request, reply, { user: active, action: 'signIn', after: { via: 'invitation' } });
    await ctx.store.users.recordSignIn(user.merchantId, user.id, now);
    return meOf(ctx, session);
  });
};
