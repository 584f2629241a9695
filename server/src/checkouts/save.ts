// POST /v1/checkouts/{id}/transactionData: the widget's submit under useSummaryPage, on the relay's
// own origin. Nothing is paid: the shopper's data is checked and kept on the checkout
// (saved-data.ts), and the shopper stays on the merchant's page to see a summary. The merchant's
// server then pays it with POST /v1/checkouts/{id}/payment and its token (complete.ts); saving
// again replaces what was saved.

import type { RelayContext } from '../flows/context.js';
import { detectBrands, expiryValid, luhnValid } from '../domain/card.js';
import { ApiError, type ParameterError } from '../domain/errors.js';
import type { Outcome } from '../flows/outcome.js';
import type { FlatParams } from '../params/types.js';
import { resultView } from '../flows/response.js';
import { checkoutParams } from './prepare.js';
import { SAVED_DATA, sealSaved } from './saved-data.js';
import { offeredIds } from './stored-cards.js';

/** The card checks a shopper can fix now rather than learn of after the summary page. */
function accountErrors(submitted: FlatParams, paramsJson: string, now: number): ParameterError[] {
  const number = submitted.get('card.number');
  const registrationId = submitted.get('registrationId');
  if (registrationId !== undefined) {
    return offeredIds(paramsJson).includes(registrationId) ? [] : [{ name: 'registrationId', value: registrationId, message: 'this checkout does not offer that stored card' }];
  }
  if (number === undefined) return [{ name: 'card.number', value: '', message: 'card data or a stored card is required' }];
  const errors: ParameterError[] = [];
  if (!luhnValid(number) || detectBrands(number).length === 0) errors.push({ name: 'card.number', value: '', message: 'invalid card number' });
  const d = new Date(now);
  if (!expiryValid(submitted.get('card.expiryMonth') ?? '', submitted.get('card.expiryYear') ?? '', { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 })) {
    errors.push({ name: 'card.expiryMonth', value: '', message: 'the card is expired or its expiry is invalid' });
  }
  return errors;
}

export async function saveTransactionData(ctx: RelayContext, checkoutId: string, submitted: FlatParams): Promise<Outcome> {
  const now = ctx.clock.now();
  const checkout = await ctx.store.checkouts.find(checkoutId);
  if (!checkout || now >= checkout.expiresAt || checkout.successPaymentId !== null) throw new ApiError('noSession');
  const errors = accountErrors(submitted, checkout.paramsJson, now);
  if (errors.length > 0) throw new ApiError('invalidParameters', errors);
  const params = checkoutParams(checkout.paramsJson);
  params.set(SAVED_DATA, sealSaved(ctx.vault, submitted));
  const change = {
    amount: checkout.amount,
    currency: checkout.currency,
    paymentType: checkout.paymentType,
    paramsJson: JSON.stringify([...params]),
    shopperResultUrl: checkout.shopperResultUrl,
  };
  switch (await ctx.store.checkouts.update(checkoutId, checkout.entityId, change, now)) {
    case 'updated':
      return { kind: 'ok', body: { id: checkoutId, result: resultView('000.200.101') } };
    case 'busy':
      throw new ApiError('checkoutBusy');
    default:
      throw new ApiError('noSession');
  }
}
