// POST /v1/checkouts/{id}/payment: the card-number frame's submit, on the relay's own origin.
// The checkout is claimed before the simulator is asked (one authorization per attempt, at most
// one success per checkout, L1), and it locks after too many declines (card testing, L8).

import type { RelayContext } from '../flows/context.js';
import { ApiError } from '../domain/errors.js';
import type { Outcome } from '../flows/outcome.js';
import { resultUrl } from '../flows/result-url.js';
import { createPayment } from '../payments/create-payment.js';
import type { CheckoutClaim } from '../storage/store.js';
import type { FlatParams } from '../params/types.js';
import { checkoutParams } from './prepare.js';
import { isInternalParam, type SavedData } from './saved-data.js';
import { storedCardSource } from './stored-cards.js';
import { isRegistrationOnly } from './register.js';
import { openSlipAnswer } from '../vouchers/checkout-answer.js';
import { abandonAttempt } from '../payments/methods/table.js';

/** Where security events go (the request's logger). */
export interface SecurityLog {
  warn(obj: object, msg: string): void;
}

/** Parameters fixed at prepare time that a browser must not change. */
const FIXED_AT_PREPARE = new Set(['amount', 'currency', 'paymentType', 'entityId', 'shopperResultUrl']);
/** An attempt holds the checkout at most this long (ms) if the relay dies mid-attempt. */
const ATTEMPT_LEASE_MS = 60_000;
/**
 * The lease a 3-D Secure attempt leaves while the shopper authenticates (ms). The pending payment
 * holds the checkout beyond it, until settled: a later submit settles it as abandoned first.
 */
const CHALLENGE_LEASE_MS = 15 * 60_000;

export function checkoutResourcePath(checkoutId: string): string {
  return `/v1/checkouts/${checkoutId}/payment`;
}

function mergeParams(prepared: Map<string, string>, submitted: FlatParams): Map<string, string> {
  const merged = new Map(prepared);
  // The checkout's own bookkeeping (saved summary-page data, the stored cards it offers) is no
  // payment parameter.
  for (const name of [...merged.keys()]) if (isInternalParam(name) || name.startsWith('registrations[')) merged.delete(name);
  for (const [name, value] of submitted) if (!FIXED_AT_PREPARE.has(name)) merged.set(name, value);
  // overridePaymentType[BRAND] gives the chosen brand its own payment type.
  const brand = merged.get('paymentBrand');
  const override = brand ? prepared.get(`overridePaymentType[${brand}]`) : undefined;
  if (override) merged.set('paymentType', override);
  for (const name of [...merged.keys()]) if (name.startsWith('overridePaymentType[')) merged.delete(name);
  return merged;
}

/**
 * Claims the checkout for this attempt. A checkout held by an attempt the shopper left, however
 * long ago, is freed by ending that attempt first, so the shopper can try again and the old one can
 * never succeed beside this attempt (L1).
 */
async function claimOrAbandon(ctx: RelayContext, checkoutId: string, now: number): Promise<CheckoutClaim> {
  const claim = () => ctx.store.checkouts.claim(checkoutId, now, now + ATTEMPT_LEASE_MS, ctx.config.checkoutMaxDeclines);
  const first = await claim();
  if (first !== 'busy') return first;
  const lastId = (await ctx.store.checkouts.find(checkoutId))?.lastPaymentId;
  const last = lastId ? await ctx.store.payments.findById(lastId) : undefined;
  if (!last || last.status !== 'pending' || last.checkoutId !== checkoutId) return first;
  // The attempt ends as its payment method ends one (a challenge times out, a provider's page is
  // cancelled); a slip is no attempt left behind: the shopper pays it days later.
  return (await abandonAttempt(ctx, last)) ? claim() : first;
}

/** How a checkout is paid: the shopper's submit (card fields), or the merchant completing saved data. */
export interface PayOptions {
  /** Summary page: the form saved earlier, paid now by the merchant's server (complete.ts). */
  saved?: SavedData;
}

export async function payCheckout(ctx: RelayContext, checkoutId: string, submitted: FlatParams, log: SecurityLog, options: PayOptions = {}): Promise<Outcome> {
  const now = ctx.clock.now();
  const checkout = await ctx.store.checkouts.find(checkoutId);
  if (!checkout || now >= checkout.expiresAt) throw new ApiError('noSession');
  const entity = await ctx.store.entities.find(checkout.entityId);
  if (!entity) throw new ApiError('noSession');
  if (isRegistrationOnly(checkout)) {
    throw new ApiError('invalidParameters', [{ name: 'checkoutId', value: checkoutId, message: 'this checkout stores a card: use checkoutId=ID/registration' }]);
  }
  // A slip issued for this checkout and still open answers again (voucher slips).
  const slip = await openSlipAnswer(ctx, checkout);
  if (slip) return slip;
  // One click: a stored card the checkout offers, checked before the checkout is claimed.
  const stored = submitted.has('registrationId') ? await storedCardSource(ctx, checkout, entity.id, submitted) : undefined;

  const claim = await claimOrAbandon(ctx, checkoutId, now);
  switch (claim) {
    case 'claimed':
      break;
    case 'missing':
    case 'expired':
    case 'paid':
      throw new ApiError('noSession');
    case 'busy':
      throw new ApiError('idempotencyInProgress');
    case 'locked':
      log.warn({ securityEvent: 'checkout-locked', checkoutId, entityId: entity.id }, 'payment attempt on a locked checkout');
      throw new ApiError('checkoutLocked');
  }

  // A URL bound by an earlier attempt stays; otherwise this submit's, bound only if it pays or
  // goes on to 3-D Secure (A7).
  const shopperResultUrl = (await ctx.store.checkouts.find(checkoutId))?.shopperResultUrl ?? submitted.get('shopperResultUrl') ?? null;
  const url = shopperResultUrl ? resultUrl(shopperResultUrl, checkoutId, checkoutResourcePath(checkoutId)) : undefined;
  let payment;
  try {
    // The payment's write ends the attempt: the checkout's success (or decline, or 3-D Secure lease)
    // is written with it, so no crash leaves a payment the checkout does not know (L1).
    const attempt = { id: checkoutId, pendingLeaseUntil: now + CHALLENGE_LEASE_MS, shopperResultUrl };
    const params = mergeParams(checkoutParams(checkout.paramsJson), submitted);
    if (stored) params.delete('card.number');
    payment = await createPayment(ctx, entity, params, {
      checkout: attempt,
      ...(url ? { resultUrl: url } : {}),
      ...(stored ? { registration: stored } : {}),
      ...(options.saved?.cvvGiven ? { cvvVerified: true } : {}),
    });
  } catch (error) {
    // Nothing was written: the attempt ends without counting as a decline.
    await ctx.store.checkouts.release(checkoutId);
    throw error;
  }
  if (payment.paymentStatus === 'declined' && checkout.declineCount + 1 >= ctx.config.checkoutMaxDeclines) {
    log.warn({ securityEvent: 'checkout-locked', checkoutId, entityId: entity.id }, 'checkout locked after repeated declines');
  }
  const body: Record<string, unknown> = { id: payment.paymentId, result: payment.body.result };
  if (payment.body.redirect) body.redirect = payment.body.redirect;
  if (payment.paymentStatus === 'success' && url) body.resultUrl = url;
  return { kind: payment.kind, body };
}
