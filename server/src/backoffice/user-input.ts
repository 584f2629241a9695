// The fields of a person as the people routes take them (docs/back-office-api.md, "People
// (users.manage; owners: users.manageOwners)"), each checked against the merchant: a role of the
// role table, channels of this merchant's own, an address shaped like one. A bad field is a 400
// naming it.

import { isRole, ROLES, type Role } from '../domain/roles.js';
import { isEmailAddress, normalizeEmail } from '../domain/users.js';
import type { Store } from '../storage/store.js';
import { invalidParameter } from './body.js';
import { OBJECT_ID } from './query.js';

export function roleField(value: unknown): Role {
  if (typeof value !== 'string' || !isRole(value)) throw invalidParameter('role', `must be one of ${ROLES.join(', ')}`);
  return value;
}

export function emailField(value: unknown): string {
  const email = typeof value === 'string' ? normalizeEmail(value) : '';
  if (!isEmailAddress(email)) throw invalidParameter('email', 'must be an e-mail address like ann@shop.example');
  return email;
}

/** null (every channel) or a list of the merchant's own channels, each once. */
export async function channelIdsField(store: Store, merchantId: string, value: unknown): Promise<readonly string[] | null> {
  if (value === null) return null;
  if (!Array.isArray(value) || value.length === 0 || !value.every((v): v is string => typeof v === 'string' && OBJECT_ID.test(v))) {
    throw invalidParameter('channelIds', 'must be null (every channel) or a list of entity ids');
  }
  const own = new Set((await store.entities.list(merchantId)).map((e) => e.id));
  if (!value.every((v) => own.has(v))) throw invalidParameter('channelIds', 'must name channels of this merchant');
  return [...new Set(value)];
}
