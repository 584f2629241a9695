// The card fields that live on the merchant page (expiry, holder, unless enableSAQACompliance puts
// them in frames) and what the form submits. The card number and CVV are not here: they exist only
// in the card frames.

import type { PageFields } from './card-form.js';
import type { WidgetEnv } from './env.js';
import { expiryValid, parseExpiry } from '../protocol/expiry.js';

/**
 * The hidden card.expiryMonth / card.expiryYear follow the visible "MM / YY" field. An empty
 * visible field leaves them alone: some merchants hide it and fill them from their own selects.
 */
export function syncExpiry(page: Pick<PageFields, 'expiry' | 'month' | 'year'>): void {
  if (page.expiry.value.trim() === '') return;
  const e = parseExpiry(page.expiry.value);
  page.month.value = e?.month ?? '';
  page.year.value = e?.year ?? '';
}

/** Whether the expiry is well formed and, unless the merchant turned that off, not past. */
export function expiryOk(page: PageFields, env: WidgetEnv): boolean {
  syncExpiry(page);
  return expiryValid({ month: page.month.value, year: page.year.value }, new Date(), !env.options.disableCardExpiryDateValidation);
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
