// The stand-alone registration widget (checkoutId=ID/registration): a checkout prepared with
// createRegistration=true and no amount stores a card and pays nothing.
//   POST /v1/checkouts/{id}/registration   the card-number frame's submit (relay origin)
//   GET  /v1/checkouts/{id}/registration   the merchant's status read (its token)
// The card is checked by the simulator as POST /v1/registrations checks it. The checkout is
// claimed for the attempt like a payment's, and keeps the registration's id once stored, so one
// registration checkout stores one card.

import { writeRegistration } from '../storage/writes/index.js';
import type { RelayContext } from '../flows/context.js';
import { detectBrands } from '../domain/card.js';
import { ApiError } from '../domain/errors.js';
import type { CheckoutRecord, EntityRecord } from '../domain/records.js';
import type { Outcome } from '../flows/outcome.js';
import { resultUrl } from '../flows/result-url.js';
import type { FlatParams } from '../params/types.js';
import { accountOf } from '../payments/account.js';
import { newRegistration } from '../payments/registrations.js';
import { resultView } from '../flows/response.js';
import { authorize } from '../simulator/authorize.js';
import { APPROVAL_CODES, modeOf } from '../simulator/rules.js';
import { registrationEvent } from '../webhooks/events.js';
import { checkoutParams } from './prepare.js';

/** paymentType of a checkout that only stores a card. */
export const REGISTRATION_ONLY = 'RG';
/** The checkout parameter that keeps the stored registration's id (internal: starts with `_`). */
const STORED_REGISTRATION = '_registrationId';

export function registrationResourcePath(checkoutId: string): string {
  return `/v1/checkouts/${checkoutId}/registration`;
}

export function isRegistrationOnly(checkout: Pick<CheckoutRecord, 'paymentType'>): boolean {
  return checkout.paymentType === REGISTRATION_ONLY;
}

const refuse = (name: string, message: string) => new ApiError('invalidParameters', [{ name, value: '', message }]);

/** `cvvVerified`: the summary page checked the CVV when the card was saved (saved-data.ts) and kept none. */
export async function registerCheckout(ctx: RelayContext, checkoutId: string, submitted: FlatParams, options: { cvvVerified?: boolean } = {}): Promise<Outcome> {
  const now = ctx.clock.now();
  const checkout = await ctx.store.checkouts.find(checkoutId);
  if (!checkout || now >= checkout.expiresAt) throw new ApiError('noSession');
  if (!isRegistrationOnly(checkout)) throw refuse('checkoutId', 'this checkout pays: use checkoutId=ID, not ID/registration');
  const params = checkoutParams(checkout.paramsJson);
  if (params.has(STORED_REGISTRATION)) throw new ApiError('noSession', undefined, 'the card of this checkout is stored');
  const account = accountOf(submitted);
  if (account.kind !== 'card') throw refuse('card.number', 'is required');
  const brand = submitted.get('paymentBrand') ?? detectBrands(account.card.number)[0];
  if (!brand) throw refuse('paymentBrand', 'is required when the brand cannot be detected');

  switch (await ctx.store.checkouts.claim(checkoutId, now, now + 60_000, ctx.config.checkoutMaxDeclines)) {
    case 'claimed':
      break;
    case 'busy':
      throw new ApiError('idempotencyInProgress');
    case 'locked':
      throw new ApiError('checkoutLocked');
    default:
      throw new ApiError('noSession');
  }
  let body: Record<string, unknown>;
  try {
    const mode = modeOf(ctx.config.environment, params.get('testMode'));
    const d = new Date(now);
    const check = authorize({
      paymentType: 'PA',
      paymentBrand: brand,
      amount: 0,
      currency: 'EUR',
      testMode: mode,
      card: account.card,
      externalThreeDSecure: true,
      merchantInitiated: false,
      ...(options.cvvVerified ? { cvvVerified: true } : {}),
      account: 'card',
      today: { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 },
    });
    if (check.kind === 'declined') return { kind: 'refused', body: { paymentBrand: brand, result: resultView(check.resultCode) } };
    const record = newRegistration(ctx, checkout.entityId, brand, account.card, now, false, check.kind === 'approved' ? check.resultCode : APPROVAL_CODES[mode]);
    await writeRegistration(ctx.store, record, { events: [registrationEvent(ctx, 'registrationStored', record, record.responseJson)] });
    params.set(STORED_REGISTRATION, record.id);
    body = JSON.parse(record.responseJson) as Record<string, unknown>;
  } finally {
    await ctx.store.checkouts.release(checkoutId);
  }
  await ctx.store.checkouts.update(checkoutId, checkout.entityId, { amount: checkout.amount, currency: checkout.currency, paymentType: checkout.paymentType, paramsJson: JSON.stringify([...params]), shopperResultUrl: checkout.shopperResultUrl }, now);
  const back = checkout.shopperResultUrl ?? submitted.get('shopperResultUrl');
  const url = back ? resultUrl(back, checkoutId, registrationResourcePath(checkoutId)) : undefined;
  return { kind: 'ok', body: url ? { ...body, resultUrl: url } : body };
}

export async function readRegistrationStatus(ctx: RelayContext, entity: EntityRecord, checkoutId: string): Promise<Outcome> {
  const checkout = await ctx.store.checkouts.find(checkoutId);
  if (!checkout || checkout.entityId !== entity.id || !isRegistrationOnly(checkout)) throw new ApiError('noSession');
  const id = checkoutParams(checkout.paramsJson).get(STORED_REGISTRATION);
  const record = id ? await ctx.store.registrations.find(entity.id, id) : undefined;
  if (record) return { kind: 'ok', body: JSON.parse(record.responseJson) as Record<string, unknown> };
  if (ctx.clock.now() >= checkout.expiresAt) throw new ApiError('checkoutExpired');
  return { kind: 'ok', body: { id: checkoutId, result: resultView('000.200.000') } };
}
