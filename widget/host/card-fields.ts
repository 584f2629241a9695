// The card fields that live on the merchant page (expiry, holder) and what the form submits.
// The card number and CVV are not here: they exist only in the card frames.

import type { CardContext } from './card-context.js';
import type { CardRefs } from './card-form.js';
import { expiryValid, parseExpiry } from '../protocol/expiry.js';

export { holderOk } from '../protocol/expiry.js';

/**
 * The hidden card.expiryMonth / card.expiryYear follow the visible "MM / YY" field. An empty
 * visible field leaves them alone: some merchants hide it and fill them from their own selects.
 */
export function syncExpiry(refs: Pick<CardRefs, 'expiry' | 'month' | 'year'>): void {
  if (refs.expiry.value.trim() === '') return;
  const e = parseExpiry(refs.expiry.value);
  refs.month.value = e?.month ?? '';
  refs.year.value = e?.year ?? '';
}

/** Whether the expiry is well formed and, unless the merchant turned that off, not past. */
export function expiryOk({ refs, env }: Pick<CardContext, 'refs' | 'env'>): boolean {
  syncExpiry(refs);
  return expiryValid({ month: refs.month.value, year: refs.year.value }, new Date(), !env.options.disableCardExpiryDateValidation);
}


/** Every named control in the form right now, as the browser would submit it (widget surface §6). */
export function collectFields(form: HTMLFormElement): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [name, value] of new FormData(form)) {
    // Files are not form fields of a payment; card secrets never come from the page.
    if (typeof value === 'string' && name !== 'card.number' && name !== 'card.cvv') out.push([name, value]);
  }
  return out;
}
