// Users: the people of a merchant who use the back office, and their one-time invitations. Every
// read and change is scoped by merchant in the query itself, so another merchant's user id matches
// no row; every change is guarded by the value the caller read, so two changes made from the same
// reading cannot both land.

import type { CompiledQuery, Selectable } from 'kysely';
import type { EpochMs } from '../../domain/records.js';
import { isRole } from '../../domain/roles.js';
import { normalizeEmail, type UserInvitationRecord, type UserRecord, type UserStatus } from '../../domain/users.js';
import type { UsersTable } from '../schema.js';
import type { Scope } from './scope.js';

/** One field of a user, from the value the caller read to the new one. */
export type UserChange =
  | { field: 'role'; from: UserRecord['role']; to: UserRecord['role'] }
  | { field: 'channelIds'; from: UserRecord['channelIds']; to: UserRecord['channelIds'] }
  | { field: 'status'; from: UserStatus; to: UserStatus }
  | { field: 'passwordHash'; from: string | null; to: string | null }
  | { field: 'totpSecret'; from: string | null; to: string | null }
  | { field: 'totpLastStep'; from: number | null; to: number | null }
  | { field: 'recoveryCodeHashes'; from: UserRecord['recoveryCodeHashes']; to: UserRecord['recoveryCodeHashes'] };

export interface UsersRepository {
  /** Rejects when the merchant already has a user with this address (whatever its case). */
  insert(u: UserRecord): Promise<void>;
  /** The insert as a statement, for a composite write's batch. */
  insertStatement(u: UserRecord): CompiledQuery;
  find(merchantId: string, id: string): Promise<UserRecord | undefined>;
  findByEmail(merchantId: string, email: string): Promise<UserRecord | undefined>;
  /**
   * The active users with this address, of every merchant (oldest first): a sign-in names an
   * address, not a merchant, and one person may work for several merchants.
   */
  findActiveByEmail(email: string): Promise<UserRecord[]>;
  /**
   * The user with this id whatever its merchant: only for the operator's command line, which acts
   * on every merchant and names a user by id alone; the back office reads through find.
   */
  findForOperator(id: string): Promise<UserRecord | undefined>;
  /** The merchant's users, by e-mail address. */
  list(merchantId: string): Promise<UserRecord[]>;
  /** Applies `change` if the field still holds `change.from`; false when it does not or the user is not the merchant's. */
  change(merchantId: string, id: string, change: UserChange, now: EpochMs): Promise<boolean>;
  /** The change as a statement (changes one row, or none when its guard fails), for a composite write. */
  changeStatement(merchantId: string, id: string, change: UserChange, now: EpochMs): CompiledQuery;
  setRole(merchantId: string, id: string, from: UserRecord['role'], to: UserRecord['role'], now: EpochMs): Promise<boolean>;
  setChannels(merchantId: string, id: string, from: UserRecord['channelIds'], to: UserRecord['channelIds'], now: EpochMs): Promise<boolean>;
  setStatus(merchantId: string, id: string, from: UserStatus, to: UserStatus, now: EpochMs): Promise<boolean>;
  setPasswordHash(merchantId: string, id: string, from: string | null, to: string | null, now: EpochMs): Promise<boolean>;
  setTotpSecret(merchantId: string, id: string, from: string | null, to: string | null, now: EpochMs): Promise<boolean>;
  /** Accepts a TOTP code's step only if the last one is still `from`: of two sign-ins with one code, one passes. */
  setTotpLastStep(merchantId: string, id: string, from: number | null, to: number, now: EpochMs): Promise<boolean>;
  /** Replaces the recovery code hashes (a code spent, or new ones issued) only if they are still `from`. */
  setRecoveryCodeHashes(merchantId: string, id: string, from: UserRecord['recoveryCodeHashes'], to: UserRecord['recoveryCodeHashes'], now: EpochMs): Promise<boolean>;
  /**
   * A statement that changes one row (the merchant's, leaving it as it was) only while the
   * merchant has an active owner other than `userId`: guarded in a batch after the merchant's row
   * lock (merchants.lockStatement), it holds back a change that would leave the merchant without
   * an active owner, even when two such changes run at once.
   */
  otherActiveOwnerStatement(merchantId: string, userId: string): CompiledQuery;
  /** Notes a sign-in of an active user; false when the user is not active. */
  recordSignIn(merchantId: string, id: string, now: EpochMs): Promise<boolean>;

  insertInvitation(i: UserInvitationRecord): Promise<void>;
  /** The invitation's insert as a statement, for a composite write's batch. */
  insertInvitationStatement(i: UserInvitationRecord): CompiledQuery;
  /**
   * Marks the invitation used and answers its user, in one guarded update: only when it is unused
   * and unexpired at `now`, so of two takes of one token (on any relays) one gets the user.
   */
  takeInvitation(tokenHash: string, now: EpochMs): Promise<UserRecord | undefined>;
  /**
   * The user of the invitation if it is unused and unexpired at `now`, without taking it: the
   * invitation's page shows who is invited, and a refused password leaves the link usable.
   */
  findInvitation(tokenHash: string, now: EpochMs): Promise<UserRecord | undefined>;
  /**
   * The take as a statement (changes one row, or none when the invitation is used or expired),
   * for a composite write that sets the invited person's password in the same batch.
   */
  takeInvitationStatement(tokenHash: string, now: EpochMs): CompiledQuery;
}

const COLUMNS = {
  role: 'role',
  channelIds: 'channel_ids',
  status: 'status',
  passwordHash: 'password_hash',
  totpSecret: 'totp_secret',
  totpLastStep: 'totp_last_step',
  recoveryCodeHashes: 'recovery_code_hashes',
} as const;

function listText(list: readonly string[] | null): string | null {
  return list === null ? null : JSON.stringify(list);
}

/** A change's value as its column stores it (lists as JSON text, compared as written). */
function stored(change: UserChange, value: UserChange['from']): string | number | null {
  return change.field === 'channelIds' || change.field === 'recoveryCodeHashes' ? listText(value as readonly string[] | null) : (value as string | number | null);
}

export function userToRow(u: UserRecord): Selectable<UsersTable> {
  return {
    id: u.id,
    merchant_id: u.merchantId,
    email: normalizeEmail(u.email),
    password_hash: u.passwordHash,
    role: u.role,
    channel_ids: listText(u.channelIds),
    totp_secret: u.totpSecret,
    totp_last_step: u.totpLastStep,
    recovery_code_hashes: listText(u.recoveryCodeHashes),
    status: u.status,
    created_at: u.createdAt,
    updated_at: u.updatedAt,
    last_sign_in_at: u.lastSignInAt,
  };
}

export function userFromRow(r: Selectable<UsersTable>): UserRecord {
  if (!isRole(r.role)) throw new Error(`user ${r.id} has an unknown role: ${r.role}`);
  return {
    id: r.id,
    merchantId: r.merchant_id,
    email: r.email,
    passwordHash: r.password_hash,
    role: r.role,
    channelIds: r.channel_ids === null ? null : (JSON.parse(r.channel_ids) as string[]),
    totpSecret: r.totp_secret,
    totpLastStep: r.totp_last_step === null ? null : Number(r.totp_last_step),
    recoveryCodeHashes: r.recovery_code_hashes === null ? null : (JSON.parse(r.recovery_code_hashes) as string[]),
    status: r.status as UserStatus,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    lastSignInAt: r.last_sign_in_at === null ? null : Number(r.last_sign_in_at),
  };
}

export class KyselyUsers implements UsersRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  async insert(u: UserRecord): Promise<void> {
    await this.#s.write([this.insertStatement(u)]);
  }

  insertStatement(u: UserRecord): CompiledQuery {
    return this.#s.db.insertInto('users').values(userToRow(u)).compile();
  }

  async find(merchantId: string, id: string): Promise<UserRecord | undefined> {
    const row = await this.#s.db.selectFrom('users').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst();
    return row && userFromRow(row);
  }

  async findByEmail(merchantId: string, email: string): Promise<UserRecord | undefined> {
    const row = await this.#s.db.selectFrom('users').selectAll().where('merchant_id', '=', merchantId).where('email', '=', normalizeEmail(email)).executeTakeFirst();
    return row && userFromRow(row);
  }

  async findActiveByEmail(email: string): Promise<UserRecord[]> {
    const rows = await this.#s.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', normalizeEmail(email))
      .where('status', '=', 'active')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(userFromRow);
  }

  async findForOperator(id: string): Promise<UserRecord | undefined> {
    const row = await this.#s.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row && userFromRow(row);
  }

  async list(merchantId: string): Promise<UserRecord[]> {
    const rows = await this.#s.db.selectFrom('users').selectAll().where('merchant_id', '=', merchantId).orderBy('email').execute();
    return rows.map(userFromRow);
  }

  async change(merchantId: string, id: string, change: UserChange, now: EpochMs): Promise<boolean> {
    const [changed] = await this.#s.write([this.changeStatement(merchantId, id, change, now)]);
    return changed === 1;
  }

  changeStatement(merchantId: string, id: string, change: UserChange, now: EpochMs): CompiledQuery {
    const column = COLUMNS[change.field];
    const from = stored(change, change.from);
    return this.#s.db
      .updateTable('users')
      .set({ [column]: stored(change, change.to), updated_at: now })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .where(column, from === null ? 'is' : '=', from)
      .compile();
  }

  setRole(merchantId: string, id: string, from: UserRecord['role'], to: UserRecord['role'], now: EpochMs): Promise<boolean> {
    return this.change(merchantId, id, { field: 'role', from, to }, now);
  }

  setChannels(merchantId: string, id: string, from: UserRecord['channelIds'], to: UserRecord['channelIds'], now: EpochMs): Promise<boolean> {
    return this.change(merchantId, id, { field: 'channelIds', from, to }, now);
  }

  setStatus(merchantId: string, id: string, from: UserStatus, to: UserStatus, now: EpochMs): Promise<boolean> {
    return this.change(merchantId, id, { field: 'status', from, to }, now);
  }

  setPasswordHash(merchantId: string, id: string, from: string | null, to: string | null, now: EpochMs): Promise<boolean> {
    return this.change(merchantId, id, { field: 'passwordHash', from, to }, now);
  }

  setTotpSecret(merchantId: string, id: string, from: string | null, to: string | null, now: EpochMs): Promise<boolean> {
    return this.change(merchantId, id, { field: 'totpSecret', from, to }, now);
  }

  setTotpLastStep(merchantId: string, id: string, from: number | null, to: number, now: EpochMs): Promise<boolean> {
    return this.change(merchantId, id, { field: 'totpLastStep', from, to }, now);
  }

  setRecoveryCodeHashes(merchantId: string, id: string, from: UserRecord['recoveryCodeHashes'], to: UserRecord['recoveryCodeHashes'], now: EpochMs): Promise<boolean> {
    return this.change(merchantId, id, { field: 'recoveryCodeHashes', from, to }, now);
  }

  otherActiveOwnerStatement(merchantId: string, userId: string): CompiledQuery {
    return this.#s.db
      .updateTable('merchants')
      .set((eb) => ({ name: eb.ref('name') }))
      .where('id', '=', merchantId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('users')
            .select('users.id')
            .where('users.merchant_id', '=', merchantId)
            .where('users.id', '!=', userId)
            .where('users.role', '=', 'owner')
            .where('users.status', '=', 'active'),
        ),
      )
      .compile();
  }

  async recordSignIn(merchantId: string, id: string, now: EpochMs): Promise<boolean> {
    const result = await this.#s.db
      .updateTable('users')
      .set({ last_sign_in_at: now })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async insertInvitation(i: UserInvitationRecord): Promise<void> {
    await this.#s.write([this.insertInvitationStatement(i)]);
  }

  insertInvitationStatement(i: UserInvitationRecord): CompiledQuery {
    return this.#s.db.insertInto('user_invitations').values({ token_hash: i.tokenHash, user_id: i.userId, expires_at: i.expiresAt, used_at: i.usedAt }).compile();
  }

  #takeQuery(tokenHash: string, now: EpochMs) {
    // The guard is the update's own condition: the database lets one take mark it used, and a
    // second (here or on another relay) finds used_at set and changes nothing.
    return this.#s.db
      .updateTable('user_invitations')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now);
  }

  async takeInvitation(tokenHash: string, now: EpochMs): Promise<UserRecord | undefined> {
    const taken = await this.#takeQuery(tokenHash, now).returning('user_id').executeTakeFirst();
    if (!taken) return undefined;
    const row = await this.#s.db.selectFrom('users').selectAll().where('id', '=', taken.user_id).executeTakeFirst();
    return row && userFromRow(row);
  }

  takeInvitationStatement(tokenHash: string, now: EpochMs): CompiledQuery {
    return this.#takeQuery(tokenHash, now).compile();
  }

  async findInvitation(tokenHash: string, now: EpochMs): Promise<UserRecord | undefined> {
    const row = await this.#s.db
      .selectFrom('user_invitations')
      .innerJoin('users', 'users.id', 'user_invitations.user_id')
      .selectAll('users')
      .where('user_invitations.token_hash', '=', tokenHash)
      .where('user_invitations.used_at', 'is', null)
      .where('user_invitations.expires_at', '>', now)
      .executeTakeFirst();
    return row && userFromRow(row);
  }
}
