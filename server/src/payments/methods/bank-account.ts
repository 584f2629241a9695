// A bank account: bankAccount.* (a direct debit by IBAN, or an online transfer's account). The
// simulator checks it against its test accounts; a transfer goes on to the provider's page.

import { bankAccountOf } from '../account.js';
import type { AuthorizedMethod, PaidAccount } from './method.js';
import { abandonRedirect, redirectPending, simulateAccount } from './redirect.js';

export const bankAccount: AuthorizedMethod = {
  name: 'bankAccount',
  way: 'authorized',
  pays: (params) => bankAccountOf(params) !== undefined,
  account: (params) => bankAccountOf(params) as PaidAccount,
  simulate: simulateAccount,
  pendingKind: 'redirect',
  pending: redirectPending,
  abandon: abandonRedirect,
};
