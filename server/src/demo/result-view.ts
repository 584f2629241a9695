// Turns a payment status into the words and numbers of the result page.

import { formatPrice } from './product.js';
import { THROTTLED_CODE, outcomeOfStatus, type Outcome } from './outcome.js';
import type { PaymentStatus } from './relay-client.js';

export type ResultKind = Outcome | 'throttled';

const headings: Record<ResultKind, { heading: string; message: string }> = {
  success: { heading: 'Thank you! Your payment went through.', message: 'Your thermos is on its way.' },
  review: { heading: 'Payment received, under review', message: 'We will confirm your order by e-mail shortly.' },
  pending: { heading: 'Payment pending', message: 'The payment is not finished yet. Reload this page in a minute.' },
  declined: { heading: 'Payment declined', message: 'Nothing was charged. You can try again with another card.' },
  throttled: { heading: 'Please wait a moment', message: 'The payment status was asked for too often. Reload in a minute.' },
};

const NONE = '—';

export function resultView(checkoutId: string, status: PaymentStatus): Record<string, string> {
  const code = status.result.code;
  const kind: ResultKind = code === THROTTLED_CODE ? 'throttled' : outcomeOfStatus(status);
  const last4 = status.card?.last4Digits;
  return {
    kind,
    ...headings[kind],
    checkoutId,
    amount: status.amount && status.currency ? formatPrice(status.amount, status.currency) : NONE,
    brand: status.paymentBrand ?? NONE,
    card: last4 ? `•••• ${last4}` : NONE,
    code,
    description: status.result.description ?? NONE,
  };
}
