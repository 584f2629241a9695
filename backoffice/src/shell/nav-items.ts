// The shell's navigation: each page with the action of the role table it needs. A page the
// person's role does not allow is not offered (the API refuses it all the same).

import type { Action } from '../api/types.js';

export interface NavItem {
  href: string;
  label: string;
  /** undefined: every signed-in person. */
  needs?: Action;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/', label: 'Home', needs: 'payments.read' },
  { href: '/payments', label: 'Payments', needs: 'payments.read' },
  { href: '/audit', label: 'Audit log', needs: 'audit.read' },
  { href: '/credentials', label: 'Credentials', needs: 'credentials.manage' },
  { href: '/people', label: 'People', needs: 'users.manage' },
  { href: '/settings', label: 'Settings', needs: 'settings.manage' },
  { href: '/account', label: 'Account' },
];
