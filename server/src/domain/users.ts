// The people of a merchant who use the back office, their invitations, and the audit log of what
// they (or the system) did. storage/ maps them to rows and never defines them.

import type { EpochMs } from './records.js';
import type { Role } from './roles.js';

export type UserStatus = 'invited' | 'active' | 'deactivated';

export interface UserRecord {
  id: string;
  merchantId: string;
  /** Normalized (normalizeEmail): one person per address and merchant, whatever its case. */
  email: string;
  /** The password's memory-hard hash; null until the invitation is accepted. */
  passwordHash: string | null;
  role: Role;
  /** The channels (entity ids) the person may see; null = every channel of the merchant. */
  channelIds: readonly string[] | null;
  /** The TOTP secret, sealed by its owner module before it is stored; null = no second factor. */
  totpSecret: string | null;
  /** The TOTP step of the last code accepted: a code of that step or earlier is refused (no replay). */
  totpLastStep: number | null;
  /** SHA-256 of each unused recovery code (crypto/recovery-codes.ts); null = none issued. */
  recoveryCodeHashes: readonly string[] | null;
  status: UserStatus;
  createdAt: EpochMs;
  updatedAt: EpochMs;
  lastSignInAt: EpochMs | null;
}

/** A one-time invitation link: only the hash of its token is kept. */
export interface UserInvitationRecord {
  tokenHash: string;
  userId: string;
  expiresAt: EpochMs;
  usedAt: EpochMs | null;
}

/** A JSON object of values before or after a change (never card data, never a secret). */
export type AuditValues = Readonly<Record<string, unknown>>;

/** One row of a merchant's audit log: who did what, when, from where, and what it changed. */
export interface AuditEntry {
  id: string;
  merchantId: string;
  /** The person who did it; null = the relay itself or its command line. */
  userId: string | null;
  at: EpochMs;
  /** The client's address, when it came over the network. */
  address: string | null;
  /** What was done, e.g. `user.invite`, `user.setRole`, `signIn.failed`. */
  action: string;
  /** What it was done to (a user's id, a payment's id), when anything. */
  target: string | null;
  before: AuditValues | null;
  after: AuditValues | null;
}

/**
 * An address as it is stored and compared: e-mail addresses are matched without regard to case
 * (in practice every provider does), so `Ann@Shop.example` and `ann@shop.example` are one person.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** RFC 5321's path limit. */
export const MAX_EMAIL_LENGTH = 254;
/** Something @ a domain with a dot, no spaces: whether it receives mail is for the invitation to find out. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether a normalized address is shaped like one, within MAX_EMAIL_LENGTH. */
export function isEmailAddress(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL.test(email);
}
