// The signed-in person's own second factor (docs/back-office-api.md): a new secret, pending until
// the first code of the authenticator app confirms it (two-factor-pending.ts); then the secret is
// stored sealed, ten recovery codes are issued (shown this once, stored hashed) and the session
// gets a new id, as at every change of the person's credentials. Turning it off takes a current
// code (or a recovery code), and is refused while the merchant requires a second factor.

import { generateRecoveryCodes } from '../../crypto/recovery-codes.js';
import { randomHex } from '../../crypto/tokens.js';
import { generateTotpSecret, totpUri, verifyTotp } from '../../crypto/totp.js';
import type { UserRecord } from '../../domain/users.js';
import { writeUserChange } from '../../storage/writes/index.js';
import { BodyReader, MAX_CODE_INPUT } from '../body.js';
import { BackofficeError, sessionOf, type BackofficeContext, type BackofficeRoutes, type BackofficeSession } from '../contract.js';
import { spendSecondFactor } from '../second-factor.js';
import { rotateSession } from '../sessions.js';
import { forgetPendingSecret, keepPendingSecret, pendingSecret } from '../two-factor-pending.js';

const ID_BYTES = 16;

async function userOf(ctx: BackofficeContext, session: BackofficeSession): Promise<UserRecord> {
  const user = await ctx.store.users.find(session.merchantId, session.userId);
  if (!user) throw new BackofficeError('signInRequired', 'sign in first');
  return user;
}

function codeOf(body: unknown): string {
  const reader = new BodyReader(body);
  const code = reader.text('code', MAX_CODE_INPUT);
  reader.done('enter the code of your authenticator app');
  return code;
}

const WRONG_CODE = (): BackofficeError => new BackofficeError('invalidParameters', 'the code is wrong or already used', { parameters: [{ name: 'code', message: 'the code is wrong or already used' }] });
const CHANGED = (): BackofficeError => new BackofficeError('conflict', 'your second factor changed meanwhile: reload the page');

export const twoFactorRoutes: BackofficeRoutes = (app, ctx) => {
  app.post('/me/two-factor', { config: { access: 'signedIn' } }, async (request, reply) => {
    const session = sessionOf(request);
    const user = await userOf(ctx, session);
    if (user.totpSecret !== null) throw new BackofficeError('conflict', 'two-factor sign-in is already on: turn it off first to set up another');
    const secret = generateTotpSecret();
    keepPendingSecret(ctx, request, reply, session.id, secret);
    return { secret, otpauthUrl: totpUri(secret, user.email) };
  });

  app.post('/me/two-factor/confirm', { config: { access: 'signedIn' } }, async (request, reply) => {
    const session = sessionOf(request);
    const code = codeOf(request.body);
    const secret = pendingSecret(ctx, request, session.id);
    if (secret === undefined) throw new BackofficeError('conflict', 'no set-up is waiting (it lasts ten minutes): start again');
    const user = await userOf(ctx, session);
    if (user.totpSecret !== null) throw new BackofficeError('conflict', 'two-factor sign-in is already on');
    const now = ctx.clock.now();
    const check = verifyTotp(secret, code, now, null);
    if (!check.ok) throw WRONG_CODE();
    const recovery = generateRecoveryCodes();
    const written = await writeUserChange(ctx.store, {
      merchantId: user.merchantId,
      userId: user.id,
      change: [
        { field: 'totpSecret', from: null, to: ctx.vault.sealSecret(secret) },
        { field: 'totpLastStep', from: user.totpLastStep, to: check.step },
        { field: 'recoveryCodeHashes', from: user.recoveryCodeHashes, to: recovery.hashes },
      ],
      now,
      by: { userId: user.id, address: request.ip, action: 'user.enableTwoFactor', auditId: randomHex(ID_BYTES) },
    });
    if (!written) throw CHANGED();
    forgetPendingSecret(request, reply);
    const rotated = await rotateSession(ctx, request, reply);
    return { recoveryCodes: recovery.codes, csrfToken: rotated.csrfToken };
  });

  app.delete('/me/two-factor', { config: { access: 'signedIn' } }, async (request, reply) => {
    const session = sessionOf(request);
    const code = codeOf(request.body);
    const settings = await ctx.store.merchantSettings.get(session.merchantId);
    if (settings.requireTwoFactor) throw new BackofficeError('conflict', 'your business requires a second factor: it cannot be turned off');
    const user = await userOf(ctx, session);
    if (user.totpSecret === null) throw new BackofficeError('conflict', 'two-factor sign-in is not on');
    if (!(await spendSecondFactor(ctx, user, code, request.ip))) throw WRONG_CODE();
    // Spending the code changed its last step or the remaining recovery codes: read them again.
    const spent = await userOf(ctx, session);
    const written = await writeUserChange(ctx.store, {
      merchantId: spent.merchantId,
      userId: spent.id,
      change: [
        { field: 'totpSecret', from: spent.totpSecret, to: null },
        { field: 'totpLastStep', from: spent.totpLastStep, to: null },
        { field: 'recoveryCodeHashes', from: spent.recoveryCodeHashes, to: null },
      ],
      now: ctx.clock.now(),
      by: { userId: spent.id, address: request.ip, action: 'user.disableTwoFactor', auditId: randomHex(ID_BYTES) },
    });
    if (!written) throw CHANGED();
    const rotated = await rotateSession(ctx, request, reply);
    return { csrfToken: rotated.csrfToken };
  });
};
