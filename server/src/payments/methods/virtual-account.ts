// A virtual account named by virtualAccount.accountId: the shopper confirms on the provider's page.

import { virtualAccountOf } from '../account.js';
import type { AuthorizedMethod, PaidAccount } from './method.js';
import { abandonRedirect, redirectPending, simulateAccount } from './redirect.js';

export const virtualAccount: AuthorizedMethod = {
  name: 'virtualAccount',
  way: 'authorized',
  pays: (params) => virtualAccountOf(params) !== undefined,
  account: (params) => virtualAccountOf(params) as PaidAccount,
  simulate: simulateAccount,
  pendingKind: 'redirect',
  pending: redirectPending,
  abandon: abandonRedirect,
};
