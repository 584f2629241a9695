// The stored cards a checkout offers (prepared with registrations[n].id, the merchant's tokens of
// this shopper): listed to the widget masked, and paid with in one click by registrationId. Only
// the checkout's own entity's registrations, only those the checkout lists, never a deleted one.

import type { RelayContext } from '../flows/context.js';
import { ApiError } from '../domain/errors.js';
import type { CheckoutRecord, RegistrationRecord } from '../domain/records.js';
import type { FlatParams } from '../params/types.js';
import { cardOfRegistration } from '../payments/registrations.js';
import type { CardInput } from '../simulator/types.js';
import { checkoutParams } from './prepare.js';

/** The registration ids a checkout offers, in the merchant's order. */
export function offeredIds(paramsJson: string): string[] {
  const listed: Array<[number, string]> = [];
  for (const [name, value] of checkoutParams(paramsJson)) {
    const m = /^registrations\[(\d+)\]\.id$/.exec(name);
    if (m) listed.push([Number(m[1]), value]);
  }
  return [...new Set(listed.sort((a, b) => a[0] - b[0]).map(([, id]) => id))];
}

/** The offered registrations that still exist. */
export async function offeredCards(ctx: RelayContext, checkout: CheckoutRecord): Promise<RegistrationRecord[]> {
  const found = await Promise.all(offeredIds(checkout.paramsJson).map((id) => ctx.store.registrations.find(checkout.entityId, id)));
  return found.filter((r): r is RegistrationRecord => r !== undefined && r.deletedAt === null);
}

/** What the widget shows of a stored card: never more than a payment response shows. */
export function storedCardView(r: RegistrationRecord): Record<string, string> {
  return { id: r.id, brand: r.paymentBrand, last4: r.last4, expiryMonth: r.expiryMonth, expiryYear: r.expiryYear };
}

/** The stored card a one-click submit names, with the CVV typed for it if any. */
export async function storedCardSource(ctx: RelayContext, checkout: CheckoutRecord, entityId: string, submitted: FlatParams): Promise<{ record: RegistrationRecord; card: CardInput }> {
  const id = submitted.get('registrationId') ?? '';
  const refuse = (message: string) => new ApiError('invalidParameters', [{ name: 'registrationId', value: id, message }]);
  if (submitted.has('card.number')) throw refuse('pay either with a stored card or with card.number, not both');
  if (!offeredIds(checkout.paramsJson).includes(id)) throw refuse('this checkout does not offer that stored card');
  const record = await ctx.store.registrations.find(entityId, id);
  if (!record || record.deletedAt !== null) throw refuse('the stored card no longer exists');
  const card = cardOfRegistration(ctx, record);
  const cvv = submitted.get('card.cvv');
  if (cvv) card.cvv = cvv;
  const holder = submitted.get('card.holder');
  if (holder && !card.holder) card.holder = holder;
  return { record, card };
}
