// Paying on the provider's page (payments/redirect.ts): an online transfer (SOFORTUEBERWEISUNG,
// IDEAL, GIROPAY), PayPal or a virtual account's provider. The payment waits pending for the
// shopper's answer, with the job that expires it written in its own transaction; an attempt the
// shopper left there ends as cancelled. The bank account, virtual account and wallet methods leave
// their payments pending this way too; this row pays the brands the shopper gives no account for.

import { redirectAccountOf, type Account } from '../account.js';
import { redirectExpiryJob, redirectUrl, settleRedirect, type RedirectState } from '../redirect.js';
import { boundResultUrl } from './bound-result-url.js';
import type { AuthorizedMethod, MethodName, PaidAccount, Pending, PendingFacts } from './method.js';
import type { FlatParams } from '../../params/types.js';
import type { RelayContext } from '../../flows/context.js';
import type { PaymentRecord } from '../../domain/records.js';

/** A payment pending on the provider's page, and its expiry job. */
export function redirectPending(ctx: RelayContext, { id, now, testMode, params, source }: PendingFacts): Pending {
  const state: RedirectState = { testMode, ...boundResultUrl(source, params, id), ...(source.checkout ? { checkoutId: source.checkout.id } : {}) };
  return { url: redirectUrl(ctx.config.publicUrl, id), state, jobs: [redirectExpiryJob(ctx, id, now)] };
}

/** The shopper left the provider's page for another attempt: the payment is cancelled. */
export async function abandonRedirect(ctx: RelayContext, payment: PaymentRecord): Promise<void> {
  await settleRedirect(ctx, payment, 'cancel');
}

/** What the simulator is told of an account paid on the provider's page. */
export function simulateAccount(account: PaidAccount) {
  switch (account.kind) {
    case 'bankAccount':
      return { account: account.kind, bankAccount: account.bankAccount };
    case 'wallet':
      return { account: account.kind, walletToken: account.token ? account.token : undefined };
    default:
      return { account: account.kind };
  }
}

export const redirect: AuthorizedMethod = {
  name: 'redirect',
  way: 'authorized',
  pays: (params) => redirectAccountOf(params.get('paymentBrand')).kind !== 'none',
  account: (params) => redirectAccountOf(params.get('paymentBrand')) as PaidAccount,
  simulate: simulateAccount,
  pendingKind: 'redirect',
  pending: redirectPending,
  abandon: abandonRedirect,
};

/**
 * A method paid from an account the request names (a bank account, a virtual account): the
 * simulator checks the account, and the shopper confirms on the provider's page.
 */
export function providerAccountMethod(name: MethodName, accountOf: (params: FlatParams) => Account | undefined): AuthorizedMethod {
  return {
    name,
    way: 'authorized',
    pays: (params) => accountOf(params) !== undefined,
    account: (params) => accountOf(params) as PaidAccount,
    simulate: simulateAccount,
    pendingKind: 'redirect',
    pending: redirectPending,
    abandon: abandonRedirect,
  };
}
