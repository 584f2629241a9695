// The merchant's webhook secret: the key of the notifications sent to a payment's notificationUrl
// (registered endpoints have their own). A rotation gives the merchant a new secret at once (shown
// once) and a switch time of their choosing: until then the relay seals with the old secret, from
// then on with the new one. A receiver that tries both secrets during the overlap (AES-GCM's tag
// says which one opens a notification) misses nothing, whenever it deploys the new secret and
// whichever relay sends; once the switch time has passed it drops the old one.
//
// A relay keeps an opened merchant secret for at most a minute, and never past a switch time it
// knows of: a rotation made on another relay is seen within the minute, long before any switch
// (the shortest overlap is an hour).

import type { EpochMs } from '../domain/records.js';
import type { DeliveryContext } from './deliver.js';

/** The shortest and longest overlap a rotation may have, hours: the longest is the retry ladder's 30 days. */
export const MIN_OVERLAP_HOURS = 1;
export const MAX_OVERLAP_HOURS = 720;

/** How long a relay keeps an opened merchant secret before reading it again, ms. */
export const MERCHANT_SECRET_KEPT_MS = 60_000;

/** The secret the relay seals with now, and until when that holds without reading again. */
export interface CurrentSecret {
  secret: string;
  keptUntil: EpochMs;
}

export async function currentMerchantSecret(ctx: DeliveryContext, merchantId: string): Promise<CurrentSecret> {
  const now = ctx.clock.now();
  const [merchant, rotation] = await Promise.all([ctx.store.merchants.find(merchantId), ctx.store.webhooks.findSecretRotation(merchantId)]);
  if (!merchant) throw new Error(`no merchant ${merchantId}`);
  const keptUntil = now + MERCHANT_SECRET_KEPT_MS;
  if (rotation === undefined) return { secret: ctx.vault.openSecret(merchant.webhookSecret), keptUntil };
  if (rotation.switchAt <= now) return { secret: ctx.vault.openSecret(rotation.sealedSecret), keptUntil };
  return { secret: ctx.vault.openSecret(merchant.webhookSecret), keptUntil: Math.min(keptUntil, rotation.switchAt) };
}
