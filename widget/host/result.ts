// What the host does with the relay's answer to a payment: the result-code groups of the API
// (widget surface §8), reduced to the few outcomes the form distinguishes.

import type { OutcomeMsg } from '../protocol/messages.js';

export type OutcomeKind = 'success' | 'redirect' | 'pending' | 'locked' | 'gone' | 'declined';

const SUCCESS = /^(000\.000\.|000\.100\.1|000\.[36])/;
const REVIEW = /^(000\.400\.0[^3]|000\.400\.100)/;
const PENDING = /^(000\.200)/;
const PENDING_LONG = /^(800\.400\.5|100\.400\.500)/;
/** Rejected by throttling; with HTTP 400 (not 429) it means the checkout is locked (L8). */
const LOCKED = '800.120.100';

export function classify(o: Pick<OutcomeMsg, 'status' | 'code' | 'redirectUrl'>): OutcomeKind {
  if (SUCCESS.test(o.code) || REVIEW.test(o.code)) return 'success';
  if (PENDING.test(o.code) || PENDING_LONG.test(o.code)) return o.redirectUrl ? 'redirect' : 'pending';
  if (o.code === LOCKED && o.status !== 429) return 'locked';
  if (o.status === 404) return 'gone';
  return 'declined';
}

/** Fallback when the relay gives no resultUrl: the form action with id and resourcePath added. */
export function resultUrl(action: string, checkoutId: string): string {
  const url = new URL(action);
  url.searchParams.append('id', checkoutId);
  url.searchParams.append('resourcePath', `/v1/checkouts/${checkoutId}/payment`);
  return url.href;
}

/** The field hint a parameter error belongs to, if it is one of the form's fields. */
export function hintForParameter(name: string): 'cardNumber' | 'cvv' | 'expiry' | 'cardHolder' | null {
  if (name === 'card.number' || name === 'paymentBrand') return 'cardNumber';
  if (name === 'card.cvv') return 'cvv';
  if (name === 'card.expiryMonth' || name === 'card.expiryYear' || name === 'card.expiry') return 'expiry';
  if (name === 'card.holder') return 'cardHolder';
  return null;
}

/** Only http(s) URLs are ever navigated to. */
export function safeHttpUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}
