// A card: card.* or a stored registration's card. Its brand is detected from its number when the
// request names none; a challenge leaves it pending on the relay's 3-D Secure page, and an attempt
// the shopper left there ends as the test system's time-out.

import { detectBrands } from '../../domain/card.js';
import { ApiError } from '../../domain/errors.js';
import { CHALLENGE_TIMEOUT } from '../../simulator/three-d-secure.js';
import { cardAccountOf } from '../account.js';
import { settleChallenge, threeDSecureUrl, type PendingState } from '../three-d-secure.js';
import { challengeVersion } from '../three-d-secure-version.js';
import { boundResultUrl } from './bound-result-url.js';
import type { AuthorizedMethod, PaidAccount } from './method.js';

/** The account's card: a card row's account is always one. */
function cardOf(account: PaidAccount) {
  if (account.kind !== 'card') throw new TypeError(`a card payment paid with ${account.kind}`);
  return account.card;
}

export const card: AuthorizedMethod = {
  name: 'card',
  way: 'authorized',
  pays: (params, source) => source.registration !== undefined || params.has('card.number'),
  account: (params, source) => (source.registration ? { kind: 'card', card: source.registration.card } : cardAccountOf(params) as PaidAccount),
  detectBrand: (account) => detectBrands(cardOf(account).number)[0],
  simulate: (account) => ({ account: 'card', card: cardOf(account) }),
  pendingKind: 'three-d-secure',
  pending: (ctx, { id, testMode, params, source, entity, account, outcome, wantsRegistration }) => {
    if (outcome.kind !== 'challenge') throw new TypeError(`a card payment left pending by a ${outcome.kind}`);
    // A challenge runs as 3-D Secure 1 or 2, by the browser data sent and the channel's setting;
    // version 2 without the browser data is refused before anything is recorded or written.
    const chosen = challengeVersion(params, { v2Required: entity.settings.threeDSecure2Required === true, fromWidget: source.checkout !== undefined });
    if (!chosen.ok) throw new ApiError('invalidParameters', chosen.errors);
    const paid = cardOf(account);
    const state: PendingState = {
      testMode,
      riskScore: outcome.riskScore,
      ...(outcome.avsResponse ? { avsResponse: outcome.avsResponse } : {}),
      ...(outcome.cvvResponse ? { cvvResponse: outcome.cvvResponse } : {}),
      ...boundResultUrl(source, params, id),
      ...(source.checkout ? { checkoutId: source.checkout.id } : {}),
      ...(wantsRegistration ? { sealedCard: ctx.vault.seal(paid.number), holder: paid.holder ?? null, expiryMonth: paid.expiryMonth, expiryYear: paid.expiryYear } : {}),
    };
    return { url: threeDSecureUrl(ctx.config, id), state, threeDSecureVersion: chosen.version };
  },
  abandon: async (ctx, payment) => {
    await settleChallenge(ctx, payment, CHALLENGE_TIMEOUT.code);
  },
};
