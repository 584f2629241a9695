import { describe, expect, it } from 'vitest';
import { ACTIONS, grantOf, isAction, isRole, may, READ_ACTIONS, ROLE_TABLE, ROLES, type Action, type Role } from '../../src/domain/roles.js';

// The roles as the back office's issue states them, written out here on their own so the table in
// the source is checked against the words, not against itself: R = allowed, L = up to the
// merchant's support refund limit, . = refused.
const EXPECTED: Record<Role, string> = {
  //          read cap  ref  rev  rsnd sett cred hook usr  own  set  audr audx crdr crdd schr schc cbkr chan test
  owner: '    R    R    R    R    R    R    R    R    R    R    R    R    R    R    R    R    R    R    R    R',
  admin: '    R    R    R    R    R    R    R    R    R    .    R    R    R    R    R    R    R    R    R    R',
  finance: '  R    .    R    .    .    R    .    .    .    .    .    .    .    R    .    R    R    R    .    .',
  support: '  R    .    L    .    R    .    .    .    .    .    .    .    .    R    R    R    R    R    .    .',
  developer: 'R    .    .    .    .    R    R    R    .    .    .    .    .    R    .    R    .    R    .    R',
  viewer: '   R    .    .    .    .    R    .    .    .    .    .    .    .    R    .    R    .    R    .    .',
};
const COLUMNS: readonly Action[] = [
  'payments.read', 'payments.capture', 'payments.refund', 'payments.reverse', 'notifications.resend', 'settlement.read',
  'credentials.manage', 'webhooks.manage', 'users.manage', 'users.manageOwners', 'settings.manage', 'audit.read', 'audit.export',
  'storedCards.read', 'storedCards.delete', 'schedules.read', 'schedules.cancel', 'chargebacks.read', 'channels.manage', 'testTools.use',
];

function expected(role: Role, action: Action): string {
  return EXPECTED[role].trim().split(/\s+/)[COLUMNS.indexOf(action)] ?? '?';
}

describe('the role table', () => {
  it('names every action once in the expected matrix', () => {
    expect([...COLUMNS].sort()).toEqual([...ACTIONS].sort());
    for (const role of ROLES) expect(EXPECTED[role].trim().split(/\s+/)).toHaveLength(ACTIONS.length);
  });

  const cases = ROLES.flatMap((role) => ACTIONS.map((action) => [role, action] as const));
  it.each(cases)('%s × %s is as the roles are stated', (role, action) => {
    const mark = expected(role, action);
    expect(may(role, action)).toBe(mark !== '.');
    expect(grantOf(role, action)).toBe(mark === 'R' ? true : mark === 'L' ? 'supportRefundLimit' : undefined);
  });

  it('gives the owner everything, without limit', () => {
    for (const action of ACTIONS) expect(grantOf('owner', action)).toBe(true);
  });

  it('gives a viewer only reads, and every role the payments', () => {
    for (const action of ACTIONS) expect(may('viewer', action)).toBe(READ_ACTIONS.includes(action));
    for (const role of ROLES) expect(may(role, 'payments.read')).toBe(true);
  });

  it('keeps ownership to owners: only they may change owners', () => {
    expect(ROLES.filter((role) => may(role, 'users.manageOwners'))).toEqual(['owner']);
  });

  it('lists only known actions in every row', () => {
    for (const role of ROLES) for (const action of Object.keys(ROLE_TABLE[role])) expect(isAction(action)).toBe(true);
  });

  it('recognises roles and actions by name', () => {
    expect(ROLES.every(isRole)).toBe(true);
    expect(isRole('superuser')).toBe(false);
    expect(isAction('payments.delete')).toBe(false);
  });
});
