// The payment methods, one row each, in the order a request is matched against them: a voucher
// brand is a slip whatever else is sent, then the account data sent (a card first), then a brand
// paid on the provider's page without any. A new method is one row here and one module.

import type { RelayContext } from '../../flows/context.js';
import type { PaymentRecord } from '../../domain/records.js';
import type { FlatParams } from '../../params/types.js';
import { bankAccount } from './bank-account.js';
import { card } from './card.js';
import type { PaymentMethod, PaymentSource } from './method.js';
import { redirect } from './redirect.js';
import { virtualAccount } from './virtual-account.js';
import { voucherSlip } from './voucher-slip.js';
import { wallet } from './wallet.js';

export const PAYMENT_METHODS: readonly PaymentMethod[] = [voucherSlip, card, bankAccount, virtualAccount, wallet, redirect];

/** The method that pays the request; none when it carries no account and names no brand paid without one. */
export function methodOf(params: FlatParams, source: PaymentSource): PaymentMethod | undefined {
  return PAYMENT_METHODS.find((method) => method.pays(params, source));
}

/**
 * Ends an attempt the shopper left pending on a checkout (a reload, the back button), as its
 * method ends one. The end is a conditional settle, so an attempt completed meanwhile wins and the
 * checkout then reads as paid. False when its method has nothing to end: a slip is no attempt left
 * behind, the shopper pays it days later (vouchers/checkout-answer.ts answers it again).
 */
export async function abandonAttempt(ctx: RelayContext, payment: PaymentRecord): Promise<boolean> {
  const abandon = PAYMENT_METHODS.find((method) => method.pendingKind === payment.pendingKind)?.abandon;
  if (!abandon) return false;
  await abandon(ctx, payment);
  return true;
}
