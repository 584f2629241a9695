// POST /v1/checkouts: a checkout keeps the validated payment parameters for 30 minutes; the widget
// adds the account data later, on the relay's own origin.

import { writeCheckout } from '../storage/writes/index.js';
import type { RelayContext } from '../flows/context.js';
import { newCheckoutId } from '../domain/ids.js';
import { parseAmount } from '../domain/money.js';
import { claimAnswerOf, type Claim, type Outcome } from '../flows/outcome.js';
import { resultView } from '../flows/response.js';
import type { FlatParams } from '../params/types.js';
import { REGISTRATION_ONLY } from './register.js';
import { NEW_CHECKOUT_STATE, type EntityRecord } from '../domain/records.js';
import { checkoutCountryErrors } from '../vouchers/checkout-rules.js';
import { ApiError } from '../domain/errors.js';

/** Parameters that steer the prepare call itself and are not payment parameters. */
export const PREPARE_ONLY: ReadonlySet<string> = new Set(['integrity', 'entityId']);

export async function prepareCheckout(ctx: RelayContext, entity: EntityRecord, params: FlatParams, loaderIntegrity: () => string, claim?: Claim): Promise<Outcome> {
  const now = ctx.clock.now();
  // Country and slip rules fail here, when the merchant prepares, not when the shopper submits.
  const ruleErrors = checkoutCountryErrors(entity, params, now);
  if (ruleErrors.length > 0) throw new ApiError('invalidParameters', ruleErrors);
  const id = newCheckoutId(ctx.config.environment, now);
  const kept = [...params].filter(([name]) => !PREPARE_ONLY.has(name));
  const body: Record<string, unknown> = { result: resultView('000.200.100'), id };
  if (params.get('integrity') === 'true') body.integrity = loaderIntegrity();
  const json = JSON.stringify(body);
  // createRegistration=true without an amount: the registration widget's checkout, which only
  // stores a card (register.ts).
  const registrationOnly = !params.has('amount');
  await writeCheckout(ctx.store, {
    id,
    entityId: entity.id,
    paymentType: registrationOnly ? REGISTRATION_ONLY : (params.get('paymentType') ?? 'DB'),
    amount: registrationOnly ? 0 : parseAmount(params.get('amount') ?? ''),
    currency: params.get('currency') ?? '',
    paramsJson: JSON.stringify(kept),
    shopperResultUrl: params.get('shopperResultUrl') ?? null,
    createdAt: now,
    expiresAt: now + ctx.config.checkoutTtlMs,
    ...NEW_CHECKOUT_STATE,
  }, claimAnswerOf(claim, 'ok', json));
  ctx.metrics.checkout('prepared');
  return { kind: 'ok', body, json, answered: claim !== undefined };
}

/** The prepare parameters of a stored checkout. */
export function checkoutParams(paramsJson: string): Map<string, string> {
  return new Map(JSON.parse(paramsJson) as [string, string][]);
}
