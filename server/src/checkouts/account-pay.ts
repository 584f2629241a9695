// POST /v1/checkouts/{id}/account: the widget's bank-account (DIRECTDEBIT_SEPA) and virtual-account
// forms, posted from the merchant page itself (CORS). Those forms carry no card data, so they need
// no relay-origin frame; card data is refused here outright: it comes only from the card frames
// (POST /v1/checkouts/{id}/payment, relay origin). An entity that names its allowed origins gets
// only those; the checkout is claimed and paid exactly as a card submit is (pay.ts).

import type { RelayContext } from '../flows/context.js';
import { ApiError, type ParameterError } from '../domain/errors.js';
import type { Outcome } from '../flows/outcome.js';
import type { FlatParams } from '../params/types.js';
import { payCheckout, type SecurityLog } from './pay.js';

/** Whether `origin` may post to this checkout: the entity's allowed origins, any when it names none. */
export async function accountOriginAllowed(ctx: RelayContext, checkoutId: string, origin: string | undefined): Promise<boolean> {
  const checkout = await ctx.store.checkouts.find(checkoutId);
  if (!checkout) return true; // answered as no session by the payment itself
  const allowed = (await ctx.store.entities.find(checkout.entityId))?.settings.allowedOrigins ?? [];
  return allowed.length === 0 || allowed.includes('*') || (origin !== undefined && allowed.includes(origin));
}

export async function payWithAccount(ctx: RelayContext, checkoutId: string, params: FlatParams, log: SecurityLog): Promise<Outcome> {
  const errors: ParameterError[] = [];
  for (const name of params.keys()) {
    if (name.startsWith('card.') || name === 'registrationId') errors.push({ name, value: '', message: 'card data comes only from the card fields' });
  }
  const hasAccount = [...params.keys()].some((n) => n.startsWith('bankAccount.') || n.startsWith('virtualAccount.') || n.startsWith('walletPay.'));
  if (!hasAccount && !params.has('paymentBrand')) errors.push({ name: 'paymentBrand', value: '', message: 'required' });
  if (errors.length > 0) throw new ApiError('invalidParameters', errors);
  return payCheckout(ctx, checkoutId, params, log);
}
