// People (docs/back-office-api.md, "People (users.manage; owners: users.manageOwners)"): the
// merchant's users; inviting one (a one-time link under BACKOFFICE_PUBLIC_URL, valid 24 hours, as
// the command line's `user invite`); changing a role, channels or status; resetting a second
// factor. Each change is written with its audit row in one batch (storage/writes). Owners are
// touched only by whom the role table lets manage owners, and the merchant's last active owner is
// never demoted nor deactivated (409), even by two owners demoting each other at once. Deactivating
// someone ends their sessions in the same batch.

import { randomHex } from '../../crypto/tokens.js';
import { may } from '../../domain/roles.js';
import type { UserRecord, UserStatus } from '../../domain/users.js';
import { invitationUrl, newInvitation, secondFactorReset } from '../../merchants/invitations.js';
import type { UserChange } from '../../storage/repositories/users.js';
import { writeUserChange, writeUserInvite } from '../../storage/writes/index.js';
import { BodyReader, invalidParameter } from '../body.js';
import { OBJECT_ID } from '../query.js';
import { BackofficeError, sessionOf, type BackofficeRoutes, type BackofficeSession } from '../contract.js';
import { channelIdsField, emailField, roleField } from '../user-input.js';

const ID_BYTES = 16;

const userView = (u: UserRecord) => ({ id: u.id, email: u.email, role: u.role, channelIds: u.channelIds, status: u.status, twoFactor: u.totpSecret !== null, lastSignInAt: u.lastSignInAt });

const notFound = () => new BackofficeError('notFound', 'no such user');
const ownersOnly = () => new BackofficeError('forbidden', 'only an owner can invite, change or make an owner');
const changedMeanwhile = () => new BackofficeError('conflict', 'this person was changed meanwhile: look again and retry');

function mayManageOwners(session: BackofficeSession): boolean {
  return may(session.role, 'users.manageOwners');
}

/** The status a PATCH may set: deactivated, or active again (only someone who once was). */
function statusField(value: unknown, user: UserRecord): UserStatus {
  if (value === 'deactivated') return value;
  if (value === 'active') {
    if (user.status === 'invited' || user.passwordHash === null) throw invalidParameter('status', 'an invited person becomes active by accepting the invitation');
    return value;
  }
  throw invalidParameter('status', 'must be active or deactivated');
}

/** The audit's action for a change of these fields. */
function actionOf(changes: readonly UserChange[]): string {
  const [only] = changes;
  if (changes.length !== 1 || !only) return 'user.change';
  if (only.field === 'role') return 'user.setRole';
  if (only.field === 'channelIds') return 'user.setChannels';
  return only.to === 'deactivated' ? 'user.deactivate' : 'user.reactivate';
}

const sameList = (a: readonly string[] | null, b: readonly string[] | null) => JSON.stringify(a) === JSON.stringify(b);

export const usersRoutes: BackofficeRoutes = (app, ctx) => {
  /** The merchant's user named by the path, or 404 (another merchant's id is no different from none). */
  async function userOf(session: BackofficeSession, id: string): Promise<UserRecord> {
    const user = OBJECT_ID.test(id) ? await ctx.store.users.find(session.merchantId, id) : undefined;
    if (!user) throw notFound();
    return user;
  }

  app.get('/users', { config: { access: 'users.manage' } }, async (request) => {
    const session = sessionOf(request);
    return { users: (await ctx.store.users.list(session.merchantId)).map(userView) };
  });

  app.post('/users', { config: { access: 'users.manage' } }, async (request, reply) => {
    const session = sessionOf(request);
    const body = new BodyReader(request.body);
    body.done('the body must be a JSON object');
    const email = emailField(body.raw('email'));
    const role = roleField(body.raw('role'));
    const sentChannels = body.raw('channelIds');
    const channelIds = sentChannels === undefined ? null : await channelIdsField(ctx.store, session.merchantId, sentChannels);
    if (role === 'owner' && !mayManageOwners(session)) throw ownersOnly();
    const taken = () => new BackofficeError('conflict', `${email} is already one of this merchant's people`);
    if (await ctx.store.users.findByEmail(session.merchantId, email)) throw taken();
    const invitation = newInvitation({ merchantId: session.merchantId, email, role, channelIds, now: ctx.clock.now(), by: { userId: session.userId, address: request.ip } });
    try {
      await writeUserInvite(ctx.store, invitation.write);
    } catch (error) {
      // Invited by someone else meanwhile (the address is unique per merchant).
      if (await ctx.store.users.findByEmail(session.merchantId, email)) throw taken();
      throw error;
    }
    return reply.status(201).send({ user: userView(invitation.write.user), inviteUrl: invitationUrl(ctx.config.backofficePublicUrl, invitation.token) });
  });

  app.patch<{ Params: { id: string } }>('/users/:id', { config: { access: 'users.manage' } }, async (request) => {
    const session = sessionOf(request);
    const body = new BodyReader(request.body);
    body.done('the body must be a JSON object');
    const user = await userOf(session, request.params.id);
    const sent = { role: body.raw('role'), channelIds: body.raw('channelIds'), status: body.raw('status') };
    if (sent.role === undefined && sent.channelIds === undefined && sent.status === undefined) throw invalidParameter('body', 'must change role, channelIds or status');
    const role = sent.role === undefined ? user.role : roleField(sent.role);
    const channelIds = sent.channelIds === undefined ? user.channelIds : await channelIdsField(ctx.store, session.merchantId, sent.channelIds);
    const status = sent.status === undefined ? user.status : statusField(sent.status, user);
    if ((user.role === 'owner' || role === 'owner') && !mayManageOwners(session)) throw ownersOnly();

    const changes: UserChange[] = [];
    if (role !== user.role) changes.push({ field: 'role', from: user.role, to: role });
    if (!sameList(channelIds, user.channelIds)) changes.push({ field: 'channelIds', from: user.channelIds, to: channelIds });
    if (status !== user.status) changes.push({ field: 'status', from: user.status, to: status });
    if (changes.length === 0) return { user: userView(user) };

    const removesAnOwner = user.role === 'owner' && user.status === 'active' && (role !== 'owner' || status !== 'active');
    const written = await writeUserChange(ctx.store, {
      merchantId: session.merchantId,
      userId: user.id,
      change: changes,
      now: ctx.clock.now(),
      keepAnotherOwner: removesAnOwner,
      by: { userId: session.userId, address: request.ip, action: actionOf(changes), auditId: randomHex(ID_BYTES) },
    });
    if (!written) {
      // Unchanged since it was read: the owner guard held it back.
      const current = await ctx.store.users.find(session.merchantId, user.id);
      if (removesAnOwner && current && current.role === user.role && current.status === user.status && sameList(current.channelIds, user.channelIds)) {
        throw new BackofficeError('conflict', "this is the merchant's last active owner: make someone else owner first");
      }
      throw changedMeanwhile();
    }
    return { user: userView((await ctx.store.users.find(session.merchantId, user.id)) ?? user) };
  });

  app.post<{ Params: { id: string } }>('/users/:id/reset-two-factor', { config: { access: 'users.manage' } }, async (request, reply) => {
    const session = sessionOf(request);
    const user = await userOf(session, request.params.id);
    if (user.role === 'owner' && !mayManageOwners(session)) throw ownersOnly();
    const changes = secondFactorReset(user);
    if (changes.length > 0) {
      const written = await writeUserChange(ctx.store, {
        merchantId: session.merchantId,
        userId: user.id,
        change: changes,
        now: ctx.clock.now(),
        by: { userId: session.userId, address: request.ip, action: 'user.resetSecondFactor', auditId: randomHex(ID_BYTES) },
      });
      if (!written) throw changedMeanwhile();
    }
    return reply.status(204).send();
  });
};
