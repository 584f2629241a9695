// `Me` (docs/back-office-api.md): who is signed in, their merchant, what their role allows (the
// role's row of the role table, which the pages read to show or hide each action), the session's
// CSRF token and their second factor. In the live environment the test tools are left out of
// every role's actions: the server refuses them there, so no page draws them.

import { ACTIONS, may, type Action, type Role } from '../domain/roles.js';
import type { BackofficeContext } from './contract.js';
import { BackofficeError } from './contract.js';

export interface Me {
  user: { id: string; email: string; role: Role; channelIds: readonly string[] | null };
  merchant: { id: string; name: string };
  actions: Action[];
  csrfToken: string;
  twoFactor: { enabled: boolean; required: boolean };
}

/** Actions that exist in the test environment only. */
const TEST_ONLY: readonly Action[] = ['testTools.use'];

/** The actions `role` may do in `environment`, in the table's order. */
export function actionsOf(role: Role, environment: 'test' | 'live'): Action[] {
  return ACTIONS.filter((action) => may(role, action) && (environment === 'test' || !TEST_ONLY.includes(action)));
}

export async function meOf(ctx: BackofficeContext, session: { merchantId: string; userId: string; csrfToken: string }): Promise<Me> {
  const [user, merchant, settings] = await Promise.all([
    ctx.store.users.find(session.merchantId, session.userId),
    ctx.store.merchants.find(session.merchantId),
    ctx.store.merchantSettings.get(session.merchantId),
  ]);
  if (!user || user.status !== 'active' || !merchant) throw new BackofficeError('signInRequired', 'sign in first');
  return {
    user: { id: user.id, email: user.email, role: user.role, channelIds: user.channelIds },
    merchant: { id: merchant.id, name: merchant.name },
    actions: actionsOf(user.role, ctx.config.environment),
    csrfToken: session.csrfToken,
    twoFactor: { enabled: user.totpSecret !== null, required: settings.requireTwoFactor },
  };
}
