// The back office's roles: what each person of a merchant may do, as one table that the back
// office's API (to allow or refuse a request) and its pages (to show or hide an action) both read.
// A role's row lists its actions; an action not listed is refused. Limits that depend on the
// merchant (how much a support agent may refund) are named here and set per merchant elsewhere.

/** Everything a person can do in the back office, as a closed list. */
export const ACTIONS = [
  'payments.read',
  'payments.capture',
  'payments.refund',
  'payments.reverse',
  'notifications.resend',
  'settlement.read',
  'credentials.manage',
  'webhooks.manage',
  'users.manage',
  'users.manageOwners',
  'settings.manage',
  'audit.read',
  'audit.export',
  'storedCards.read',
  'storedCards.delete',
  'schedules.read',
  'schedules.cancel',
  'chargebacks.read',
  'channels.manage',
  'testTools.use',
] as const;

export type Action = (typeof ACTIONS)[number];

export const ROLES = ['owner', 'admin', 'finance', 'support', 'developer', 'viewer'] as const;

export type Role = (typeof ROLES)[number];

/**
 * How far an allowed action goes: `true` without limit; `supportRefundLimit` up to the merchant's
 * support refund limit (an amount per refund, a merchant setting).
 */
export type Grant = true | 'supportRefundLimit';

/** The actions that only read: a viewer's whole row. */
export const READ_ACTIONS: readonly Action[] = ['payments.read', 'settlement.read', 'storedCards.read', 'schedules.read', 'chargebacks.read'];

const READS: Readonly<Partial<Record<Action, Grant>>> = Object.fromEntries(READ_ACTIONS.map((a) => [a, true]));

const ALL: Readonly<Partial<Record<Action, Grant>>> = Object.fromEntries(ACTIONS.map((a) => [a, true]));

/** The role table: each role's allowed actions, and how far each goes. */
export const ROLE_TABLE: Readonly<Record<Role, Readonly<Partial<Record<Action, Grant>>>>> = {
  owner: ALL,
  // Everything but ownership: an admin cannot change an owner nor hand ownership over.
  admin: Object.fromEntries(ACTIONS.filter((a) => a !== 'users.manageOwners').map((a) => [a, true])),
  // Finance and support answer shoppers who end a subscription; support also removes a stored card
  // a shopper asks to be forgotten. Test tools are for those who build the integration.
  finance: { ...READS, 'payments.refund': true, 'schedules.cancel': true },
  support: { 'payments.read': true, 'storedCards.read': true, 'schedules.read': true, 'chargebacks.read': true, 'payments.refund': 'supportRefundLimit', 'notifications.resend': true, 'storedCards.delete': true, 'schedules.cancel': true },
  developer: { ...READS, 'credentials.manage': true, 'webhooks.manage': true, 'testTools.use': true },
  viewer: READS,
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export function isAction(value: string): value is Action {
  return (ACTIONS as readonly string[]).includes(value);
}

/** How far `role` may do `action`; undefined when it may not. */
export function grantOf(role: Role, action: Action): Grant | undefined {
  return ROLE_TABLE[role][action];
}

/** Whether `role` may do `action` at all (a limited grant is allowed, within its limit). */
export function may(role: Role, action: Action): boolean {
  return grantOf(role, action) !== undefined;
}
