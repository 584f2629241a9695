// POST /v1/checkouts/{id}: the merchant changes what a checkout will pay (a summary page that
// recomputes the total, a changed basket) between the shopper's attempts. The parameters sent
// replace the prepared ones of the same name; the whole is checked again as a prepare would be, and
// written only while no attempt holds the checkout and it is neither paid nor expired.

import type { RelayContext } from '../flows/context.js';
import { ApiError } from '../domain/errors.js';
import { parseAmount } from '../domain/money.js';
import type { EntityRecord } from '../domain/records.js';
import type { Outcome } from '../flows/outcome.js';
import type { FlatParams } from '../params/types.js';
import type { Validator } from '../params/validate.js';
import { resultView } from '../flows/response.js';
import { checkoutParams, PREPARE_ONLY } from './prepare.js';
import { isInternalParam } from './saved-data.js';
import { checkoutCountryErrors } from '../vouchers/checkout-rules.js';

/** `validatePrepared`: the prepare's validator ('checkout'), which the merged parameters pass again. */
export async function updateCheckout(ctx: RelayContext, entity: EntityRecord, id: string, params: FlatParams, validatePrepared: Validator): Promise<Outcome> {
  const checkout = await ctx.store.checkouts.find(id);
  // Another entity's checkout is no session of this one's.
  if (!checkout || checkout.entityId !== entity.id) throw new ApiError('noSession');
  const merged = checkoutParams(checkout.paramsJson);
  for (const [name, value] of params) if (!PREPARE_ONLY.has(name)) merged.set(name, value);
  // Checked whole, as a prepare: a new amount must suit the currency it is paid in.
  // The checkout's own bookkeeping (the shopper's saved data) is kept as it is, not checked.
  const prepared = [...merged].filter(([name]) => !isInternalParam(name));
  const checked = validatePrepared(new Map([...prepared, ['entityId', entity.id]]), { strict: entity.settings.strictParameters === true });
  if (!checked.ok) throw new ApiError('invalidParameters', checked.errors);
  // The country and slip rules hold for the changed checkout as for a prepared one.
  const ruleErrors = checkoutCountryErrors(entity, new Map(prepared), ctx.clock.now());
  if (ruleErrors.length > 0) throw new ApiError('invalidParameters', ruleErrors);
  const change = {
    amount: parseAmount(merged.get('amount') ?? ''),
    currency: merged.get('currency') ?? '',
    paymentType: merged.get('paymentType') ?? 'DB',
    paramsJson: JSON.stringify([...merged]),
    shopperResultUrl: merged.get('shopperResultUrl') ?? null,
  };
  switch (await ctx.store.checkouts.update(id, entity.id, change, ctx.clock.now())) {
    case 'updated':
      return { kind: 'ok', body: { result: resultView('000.200.101'), id } };
    case 'missing':
      throw new ApiError('noSession');
    case 'expired':
      throw new ApiError('checkoutExpired');
    case 'paid':
      throw new ApiError('checkoutPaid');
    case 'busy':
      throw new ApiError('checkoutBusy');
  }
}
