// Inviting a merchant's person and resetting their second factor, as the command line and the
// back office both do: the same records, the same audit rows, so the two never drift apart. The
// caller validates its input in its own words (a usage error, a 400) and writes the result.

import { generateAccessToken, hashToken, randomHex } from '../crypto/tokens.js';
import type { EpochMs } from '../domain/records.js';
import type { Role } from '../domain/roles.js';
import type { UserRecord } from '../domain/users.js';
import type { UserChange } from '../storage/repositories/users.js';
import type { UserInviteWrite } from '../storage/writes/index.js';

/** How long an invitation link can be taken. */
export const INVITATION_VALID_MS = 24 * 60 * 60 * 1000;
const ID_BYTES = 16;

export interface InvitationInput {
  merchantId: string;
  /** Normalized and checked by the caller (normalizeEmail, isEmailAddress). */
  email: string;
  role: Role;
  channelIds: readonly string[] | null;
  now: EpochMs;
  /** Who invites (null: the command line) and from where. */
  by: { userId: string | null; address: string | null };
}

export interface Invitation {
  /** The user, its invitation and its audit row, for writeUserInvite. */
  write: UserInviteWrite;
  /** The one-time token: only its hash is stored, so the link is shown this once. */
  token: string;
  expiresAt: EpochMs;
}

export function newInvitation(input: InvitationInput): Invitation {
  const { merchantId, email, role, channelIds, now } = input;
  const token = generateAccessToken();
  const user: UserRecord = {
    id: randomHex(ID_BYTES),
    merchantId,
    email,
    passwordHash: null,
    role,
    channelIds,
    totpSecret: null,
    totpLastStep: null,
    recoveryCodeHashes: null,
    status: 'invited',
    createdAt: now,
    updatedAt: now,
    lastSignInAt: null,
  };
  const expiresAt = now + INVITATION_VALID_MS;
  return {
    token,
    expiresAt,
    write: {
      user,
      invitation: { tokenHash: hashToken(token), userId: user.id, expiresAt, usedAt: null },
      audit: {
        id: randomHex(ID_BYTES),
        merchantId,
        userId: input.by.userId,
        at: now,
        address: input.by.address,
        action: 'user.invite',
        target: user.id,
        before: null,
        after: { email, role, channelIds, status: 'invited' },
      },
    },
  };
}

/** The link an invited person opens, on the back office's own origin. */
export function invitationUrl(backofficePublicUrl: string, token: string): string {
  return `${backofficePublicUrl}/invitations/${token}`;
}

/** The changes that remove a user's second factor (its secret, last step and recovery codes), as one act; [] when none is set. */
export function secondFactorReset(u: UserRecord): UserChange[] {
  const changes: UserChange[] = [];
  if (u.totpSecret !== null) changes.push({ field: 'totpSecret', from: u.totpSecret, to: null });
  if (u.totpLastStep !== null) changes.push({ field: 'totpLastStep', from: u.totpLastStep, to: null });
  if (u.recoveryCodeHashes !== null) changes.push({ field: 'recoveryCodeHashes', from: u.recoveryCodeHashes, to: null });
  return changes;
}
