// The second factor at sign-in: a TOTP code of the person's authenticator, or one of their recovery
// codes. The secret is stored sealed by the card vault (sealSecret). A code is spent by a guarded
// change (the last accepted step, or the hashes that remain), so of two sign-ins with one code on
// any relays, one passes.

import { verifyTotp } from '../crypto/totp.js';
import { useRecoveryCode } from '../crypto/recovery-codes.js';
import type { UserRecord } from '../domain/users.js';
import type { BackofficeContext } from './contract.js';

const TOTP_CODE = /^[0-9\s]+$/;

/** Whether `code` passes as the user's second factor now; a code that passes is spent. */
export async function spendSecondFactor(ctx: BackofficeContext, user: UserRecord, code: string): Promise<boolean> {
  if (user.totpSecret === null) return false;
  const now = ctx.clock.now();
  if (TOTP_CODE.test(code)) {
    const check = verifyTotp(ctx.vault.openSecret(user.totpSecret), code, now, user.totpLastStep);
    return check.ok && (await ctx.store.users.setTotpLastStep(user.merchantId, user.id, user.totpLastStep, check.step, now));
  }
  if (user.recoveryCodeHashes === null) return false;
  const use = useRecoveryCode(user.recoveryCodeHashes, code);
  return use.ok && (await ctx.store.users.setRecoveryCodeHashes(user.merchantId, user.id, user.recoveryCodeHashes, use.remaining, now));
}
