// The shell's navigation: each page with the action of the role table it needs. A page the
// person's role does not allow is not offered (the API refuses it all the same).

import type { Action } from '../api/types.js';

export interface NavItem {
  href: string;
  label: string;
  /** undefined: every signed-in person. */
  needs?: Action;
}

// In the order of the work: the money first (what came in, what came back, what recurs, what
// settled), then the integration (notifications, credentials, channels, test tools), then the
// people and the merchant's own settings and records.
export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/', label: 'Home', needs: 'payments.read' },
  { href: '/payments', label: 'Payments', needs: 'payments.read' },
  { href: '/chargebacks', label: 'Chargebacks', needs: 'chargebacks.read' },
  { href: '/schedules', label: 'Schedules', needs: 'schedules.read' },
  { href: '/stored-cards', label: 'Stored cards', needs: 'storedCards.read' },
  { href: '/settlement', label: 'Settlement', needs: 'settlement.read' },
  { href: '/notifications', label: 'Notifications', needs: 'webhooks.manage' },
  { href: '/credentials', label: 'Credentials', needs: 'credentials.manage' },
  { href: '/channels', label: 'Channels', needs: 'channels.manage' },
  { href: '/test-tools', label: 'Test tools', needs: 'testTools.use' },
  { href: '/people', label: 'People', needs: 'users.manage' },
  { href: '/settings', label: 'Settings', needs: 'settings.manage' },
  { href: '/audit', label: 'Audit log', needs: 'audit.read' },
  { href: '/account', label: 'Account' },
];
