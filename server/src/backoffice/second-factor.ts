// The second factor at sign-in: a TOTP code of the person's authenticator, or one of their recovery
// codes. The secret is stored sealed by the card vault (sealSecret). A code is spent by a guarded
// change (the last accepted step, or the hashes that remain), so of two sign-ins with one code on
// any relays, one passes. A recovery code spent is written with its audit row: the person has one
// fewer, and an owner reading the log should see when and from where one was used.

import { randomHex } from '../crypto/tokens.js';
import { verifyTotp } from '../crypto/totp.js';
import { useRecoveryCode } from '../crypto/recovery-codes.js';
import { writeUserChange } from '../storage/writes/index.js';
import type { UserRecord } from '../domain/users.js';
import type { BackofficeContext } from './contract.js';

const TOTP_CODE = /^[0-9\s]+$/;

const AUDIT_ID_BYTES = 16;

/** Whether `code` passes as the user's second factor now; a code that passes is spent. `address`: the request's, for the audit row. */
export async function spendSecondFactor(ctx: BackofficeContext, user: UserRecord, code: string, address: string | null): Promise<boolean> {
  if (user.totpSecret === null) return false;
  const now = ctx.clock.now();
  if (TOTP_CODE.test(code)) {
    const check = verifyTotp(ctx.vault.openSecret(user.totpSecret), code, now, user.totpLastStep);
    return check.ok && (await ctx.store.users.setTotpLastStep(user.merchantId, user.id, user.totpLastStep, check.step, now));
  }
  if (user.recoveryCodeHashes === null) return false;
  const use = useRecoveryCode(user.recoveryCodeHashes, code);
  if (!use.ok) return false;
  return writeUserChange(ctx.store, {
    merchantId: user.merchantId,
    userId: user.id,
    change: { field: 'recoveryCodeHashes', from: user.recoveryCodeHashes, to: use.remaining },
    now,
    by: { userId: user.id, address, action: 'user.useRecoveryCode', auditId: randomHex(AUDIT_ID_BYTES) },
  });
}
