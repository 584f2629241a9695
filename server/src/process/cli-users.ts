// `npm run relay -- user …`: the operator invites a merchant's people to the back office and
// changes them. Every change goes through the same composite writes as the back office's own
// (the user and its audit row together, the audit row's actor null: the command line), and a
// change is guarded by the value read, so one made meanwhile by someone else is never overwritten.

import { loadConfig } from '../config/config.js';
import { randomHex } from '../crypto/tokens.js';
import { isRole, ROLES, type Role } from '../domain/roles.js';
import { isEmailAddress, normalizeEmail, type UserRecord } from '../domain/users.js';
import { invitationUrl, newInvitation, secondFactorReset } from '../merchants/invitations.js';
import type { UserChange } from '../storage/repositories/users.js';
import type { Store } from '../storage/store.js';
import { writeUserChange, writeUserInvite } from '../storage/writes/index.js';
import { id, parse, str, UsageError } from './cli-args.js';

type Run = (store: Store, now: number) => Promise<unknown>;

export const USER_USAGE = `  user invite --merchant ID --email EMAIL --role ROLE [--channel ENTITY_ID ...]
      invites a person to the merchant's back office (roles: ${ROLES.join(', ')}; --channel limits
      them to those channels); prints a one-time link, valid 24 hours, to BACKOFFICE_PUBLIC_URL
  user list --merchant ID
  user set-role USER_ID --role ROLE
  user deactivate USER_ID
  user reset-2fa USER_ID
      removes the second factor (TOTP secret and recovery codes): the person sets it up again`;

const ID_BYTES = 16;

/** A guarded change found the user changed meanwhile: a failure (exit 1), not a usage error. */
export class UserChangedError extends Error {}

function role(value: unknown): Role {
  const text = str(value, 'role', true);
  if (!isRole(text)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}, got ${JSON.stringify(text)}`);
  return text;
}

function email(value: unknown): string {
  const text = normalizeEmail(str(value, 'email', true));
  if (!isEmailAddress(text)) throw new UsageError(`--email must be an e-mail address like ann@shop.example, got ${JSON.stringify(value)}`);
  return text;
}

function channels(value: unknown): string[] | null {
  if (value === undefined) return null;
  const list = (Array.isArray(value) ? value : [value]).map((v) => id(typeof v === 'string' ? v : undefined, '--channel'));
  return [...new Set(list)];
}

/** What the command line shows of a user: never a hash nor a secret. */
const userView = (u: UserRecord) => ({
  id: u.id,
  email: u.email,
  role: u.role,
  channels: u.channelIds,
  status: u.status,
  createdAt: new Date(u.createdAt).toISOString(),
  lastSignInAt: u.lastSignInAt === null ? null : new Date(u.lastSignInAt).toISOString(),
});

function userInvite(args: string[]): Run {
  const { values } = parse(args, { merchant: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' }, channel: { type: 'string', multiple: true } });
  const merchantId = id(str(values.merchant, 'merchant', true), '--merchant');
  const address = email(values.email);
  const given = role(values.role);
  const channelIds = channels(values.channel);
  // Read before the store is opened: a bad setting is found before anything is written.
  const baseUrl = loadConfig().backofficePublicUrl;
  return async (store, now) => {
    if (!(await store.merchants.find(merchantId))) throw new UsageError(`no merchant with id ${merchantId}`);
    if (channelIds) {
      const own = new Set((await store.entities.list(merchantId)).map((e) => e.id));
      const foreign = channelIds.filter((c) => !own.has(c));
      if (foreign.length > 0) throw new UsageError(`--channel ${foreign.join(', ')} is not a channel of merchant ${merchantId}`);
    }
    if (await store.users.findByEmail(merchantId, address)) throw new UsageError(`${address} is already a user of merchant ${merchantId}`);
    const invitation = newInvitation({ merchantId, email: address, role: given, channelIds, now, by: { userId: null, address: null } });
    await writeUserInvite(store, invitation.write);
    return {
      userId: invitation.write.user.id,
      email: address,
      role: given,
      channels: channelIds,
      expiresAt: new Date(invitation.expiresAt).toISOString(),
      inviteUrl: invitationUrl(baseUrl, invitation.token),
    };
  };
}

function userList(args: string[]): Run {
  const { values } = parse(args, { merchant: { type: 'string' } });
  const merchantId = id(str(values.merchant, 'merchant', true), '--merchant');
  return async (store) => {
    if (!(await store.merchants.find(merchantId))) throw new UsageError(`no merchant with id ${merchantId}`);
    return (await store.users.list(merchantId)).map(userView);
  };
}

/**
 * A change of one user named by id: `changes` gives the guarded field changes from the user as
 * read (none: nothing to do), written together with one audit row under `action`.
 */
function onUser(userId: string, action: string, changes: (u: UserRecord) => UserChange[]): Run {
  return async (store, now) => {
    const user = await store.users.findForOperator(userId);
    if (!user) throw new UsageError(`no user with id ${userId}`);
    const change = changes(user);
    if (change.length > 0) {
      const written = await writeUserChange(store, { merchantId: user.merchantId, userId, change, now, by: { userId: null, address: null, action, auditId: randomHex(ID_BYTES) } });
      if (!written) throw new UserChangedError(`user ${userId} was changed meanwhile, nothing was written: look at it again (user list) and run the command again`);
    }
    const after = await store.users.findForOperator(userId);
    return after && userView(after);
  };
}

function userSetRole(args: string[]): Run {
  const { values, positionals } = parse(args, { role: { type: 'string' } }, 1);
  const userId = id(positionals[0], 'USER_ID');
  const to = role(values.role);
  return onUser(userId, 'user.setRole', (u) => (u.role === to ? [] : [{ field: 'role', from: u.role, to }]));
}

function userDeactivate(args: string[]): Run {
  const { positionals } = parse(args, {}, 1);
  const userId = id(positionals[0], 'USER_ID');
  return onUser(userId, 'user.deactivate', (u) => (u.status === 'deactivated' ? [] : [{ field: 'status', from: u.status, to: 'deactivated' }]));
}

function userResetSecondFactor(args: string[]): Run {
  const { positionals } = parse(args, {}, 1);
  const userId = id(positionals[0], 'USER_ID');
  return onUser(userId, 'user.resetSecondFactor', secondFactorReset);
}

export const USER_COMMANDS: Record<string, (args: string[]) => Run> = {
  'user invite': userInvite,
  'user list': userList,
  'user set-role': userSetRole,
  'user deactivate': userDeactivate,
  'user reset-2fa': userResetSecondFactor,
};
