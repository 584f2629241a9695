// Which account a payment request pays with, read from its validated parameters. A wallet token
// that cannot be one is refused here (wallet-token.ts), before anything is authorized.
import type { BankAccountInput, CardInput } from '../simulator/types.js';
import type { FlatParams } from '../params/types.js';
import { brandOf } from '../../../spec/brands.js';
import { ApiError } from '../domain/errors.js';
import { readWalletToken, type WalletToken } from './wallet-token.js';

export type Account =
  | { kind: 'card'; card: CardInput }
  | { kind: 'bankAccount'; bankAccount: BankAccountInput }
  | { kind: 'virtualAccount' }
  /** token: what a wallet token tells the simulator; absent when the shopper pays on the provider's page (PAYPAL). */
  | { kind: 'wallet'; token?: WalletToken }
  | { kind: 'none' };

function hasPrefix(params: FlatParams, prefix: string): boolean {
  for (const name of params.keys()) if (name.startsWith(prefix)) return true;
  return false;
}

/** The card of card.*, when card.number is sent. */
export function cardAccountOf(params: FlatParams): Account | undefined {
  const number = params.get('card.number');
  if (number === undefined) return undefined;
  return {
    kind: 'card',
    card: {
      number,
      holder: params.get('card.holder'),
      expiryMonth: params.get('card.expiryMonth') ?? '',
      expiryYear: params.get('card.expiryYear') ?? '',
      cvv: params.get('card.cvv'),
    },
  };
}

/** The bank account of bankAccount.*, when any of them is sent. */
export function bankAccountOf(params: FlatParams): Account | undefined {
  if (!hasPrefix(params, 'bankAccount.')) return undefined;
  return {
    kind: 'bankAccount',
    bankAccount: { holder: params.get('bankAccount.holder'), iban: params.get('bankAccount.iban'), bic: params.get('bankAccount.bic'), number: params.get('bankAccount.number') },
  };
}

/** The virtual account of virtualAccount.accountId, when it is sent. */
export function virtualAccountOf(params: FlatParams): Account | undefined {
  return params.has('virtualAccount.accountId') ? { kind: 'virtualAccount' } : undefined;
}

/** The wallet of walletPay.paymentToken, when it is sent; refused when it cannot be a token. */
export function walletAccountOf(params: FlatParams): Account | undefined {
  const walletToken = params.get('walletPay.paymentToken');
  if (walletToken === undefined) return undefined;
  const token = readWalletToken(walletToken);
  if (token === null) {
    throw new ApiError('invalidParameters', [{ name: 'walletPay.paymentToken', value: '', message: "not a wallet token: the provider's JSON, as is or base64-encoded" }]);
  }
  return { kind: 'wallet', token };
}

/** The account the parameters carry: card, bank account, virtual account, wallet, in that order. */
export function accountOf(params: FlatParams): Account {
  return cardAccountOf(params) ?? bankAccountOf(params) ?? virtualAccountOf(params) ?? walletAccountOf(params) ?? { kind: 'none' };
}

/** Data of an external authentication (third-party MPI) passed through to the acquirer. */
export function hasExternalThreeDSecure(params: FlatParams): boolean {
  return ['threeDSecure.eci', 'threeDSecure.verificationId', 'threeDSecure.xid', 'threeDSecure.dsTransactionId'].some((n) => params.has(n));
}

export function hasAnyThreeDSecure(params: FlatParams): boolean {
  return hasPrefix(params, 'threeDSecure.');
}

/**
 * The account of a redirect brand paid without account data: the shopper logs in at the bank
 * (SOFORTUEBERWEISUNG, IDEAL, GIROPAY), at PayPal or at the virtual account's provider, on the
 * page the payment redirects to, so the widget's form for it has no fields. 'none' for any other
 * brand (SEPA needs its IBAN, a card its number).
 */
export function redirectAccountOf(paymentBrand: string | undefined): Account {
  const kind = paymentBrand === undefined ? undefined : brandOf(paymentBrand)?.kind;
  if (kind === 'bankAccount' && paymentBrand !== 'DIRECTDEBIT_SEPA') return { kind: 'bankAccount', bankAccount: {} };
  if (kind === 'virtualAccount') return { kind: 'virtualAccount' };
  if (paymentBrand === 'PAYPAL') return { kind: 'wallet' };
  return { kind: 'none' };
}
