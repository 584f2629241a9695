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
  { href: '/stored-cards', label: 'Stored cards', needs: 'storedCards.read' },
  { href: '/schedules', label: 'Schedules', needs: 'schedules.read' },
  { href: '/settlement', label: 'Settlement', needs: 'settlement.read' },
  { href: '/chargebacks', label: 'Chargebacks', needs: 'chargebacks.read' },
  { href: '/audit', label: 'Audit log', needs: 'audit.read' },
  { href: '/notifications', label: 'Notifications', needs: 'webhooks.manage' },
  { href: '/credentials', label: 'Credentials', needs: 'credentials.manage' },
  { href: '/people', label: 'People', needs: 'users.manage' },
  { href: '/channels', label: 'Channels', needs: 'channels.manage' },
  { href: '/settings', label: 'Settings', needs: 'settings.manage' },
  { href: '/test-tools', label: 'Test tools', needs: 'testTools.use' },
  { href: '/account', label: 'Account' },
];
