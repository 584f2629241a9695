// Which roles the signed-in person may hand out: owners only by those who may manage owners.

import { ROLES, type Role } from '../../../../server/src/domain/roles.js';
import { can } from '../../api/session.js';

export function assignableRoles(): Role[] {
  return ROLES.filter((role) => role !== 'owner' || can('users.manageOwners'));
}

/** Whether the person may change `user` at all (an admin leaves owners alone). */
export function mayManage(user: { role: Role }): boolean {
  return user.role !== 'owner' || can('users.manageOwners');
}
