// POST /v1/checkouts/{id}/payment with the merchant's token: the summary page's second step. The
// shopper's data was saved on the checkout (save.ts); the merchant's server, having shown the
// summary (and perhaps changed the amount with POST /v1/checkouts/{id}), pays it now. The payment
// goes through the same claim and attempt as the shopper's own submit (pay.ts), so it is paid at
// most once, and answers with the full payment response. A 3-D Secure card answers pending with a
// redirect the merchant sends the shopper to. A registration checkout (checkoutId=ID/registration
// under the summary page) stores the saved card instead, once, and answers with the registration.

import type { RelayContext } from '../flows/context.js';
import { ApiError } from '../domain/errors.js';
import type { EntityRecord } from '../domain/records.js';
import type { Outcome } from '../flows/outcome.js';
import { payCheckout, type SecurityLog } from './pay.js';
import { checkoutParams } from './prepare.js';
import { openSaved, SAVED_DATA } from './saved-data.js';
import { isRegistrationOnly, readRegistrationStatus, registerCheckout } from './register.js';

export async function completeSavedCheckout(ctx: RelayContext, entity: EntityRecord, checkoutId: string, log: SecurityLog): Promise<Outcome> {
  const checkout = await ctx.store.checkouts.find(checkoutId);
  // Another entity's checkout is no session of this one's.
  if (!checkout || checkout.entityId !== entity.id) throw new ApiError('noSession');
  if (checkout.successPaymentId !== null) throw new ApiError('checkoutPaid');
  const stored = checkoutParams(checkout.paramsJson).get(SAVED_DATA);
  if (stored === undefined) {
    throw new ApiError('invalidParameters', [{ name: 'checkoutId', value: checkoutId, message: 'the shopper has not saved payment data on this checkout (useSummaryPage)' }]);
  }
  const saved = openSaved(ctx.vault, stored);
  if (isRegistrationOnly(checkout)) {
    const registered = await registerCheckout(ctx, checkoutId, saved.params, { cvvVerified: saved.cvvGiven });
    return registered.kind === 'ok' ? readRegistrationStatus(ctx, entity, checkoutId) : registered;
  }
  const outcome = await payCheckout(ctx, checkoutId, saved.params, log, { saved });
  const paymentId = typeof outcome.body.id === 'string' ? outcome.body.id : undefined;
  const payment = paymentId ? await ctx.store.payments.find(entity.id, paymentId) : undefined;
  return payment ? { kind: outcome.kind, body: JSON.parse(payment.responseJson) as Record<string, unknown> } : outcome;
}
