// A wallet's token (walletPay.paymentToken, wallet-token.ts): refused when it cannot be one, before
// anything is authorized; the simulator approves a well-formed one or declines a test token's code.

import { walletAccountOf } from '../account.js';
import type { AuthorizedMethod, PaidAccount } from './method.js';
import { abandonRedirect, redirectPending, simulateAccount } from './redirect.js';

export const wallet: AuthorizedMethod = {
  name: 'wallet',
  way: 'authorized',
  pays: (params) => params.has('walletPay.paymentToken'),
  account: (params) => walletAccountOf(params) as PaidAccount,
  simulate: simulateAccount,
  pendingKind: 'redirect',
  pending: redirectPending,
  abandon: abandonRedirect,
};
