// What the payment was paid with, masked as the API gives it: a card's first six and last four
// digits, or an account's masked IBAN. Never more.

import type { PaymentDetail } from '../../api/types.js';
import { label, METHODS } from '../../format/labels.js';

export function Instrument({ payment }: { payment: PaymentDetail['payment'] }) {
  const { card, account } = payment;
  if (!card && !account) return null;
  return (
    <section class="card" aria-labelledby="instrument-title">
      <h2 id="instrument-title">{card ? 'Card' : label(METHODS, payment.method ?? 'bankAccount')}</h2>
      <dl class="facts">
        {card && (
          <>
            <dt>Number</dt>
            <dd class="mono">
              <MaskedCard bin={card.bin} last4={card.last4} />
            </dd>
            <dt>Brand</dt>
            <dd>{payment.paymentBrand ?? '—'}</dd>
            <dt>Holder</dt>
            <dd>{card.holder ?? '—'}</dd>
            <dt>Expiry</dt>
            <dd class="mono">{card.expiryMonth && card.expiryYear ? `${card.expiryMonth}/${card.expiryYear}` : '—'}</dd>
          </>
        )}
        {account && (
          <>
            <dt>Account</dt>
            <dd class="mono">{account.ibanMasked ?? '—'}</dd>
            <dt>Holder</dt>
            <dd>{account.holder ?? '—'}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** `4200 00·· ···· 0000`: the digits the relay kept, the hidden ones as dots a screen reader skips. */
function MaskedCard({ bin, last4 }: { bin: string | null; last4: string | null }) {
  return (
    <>
      {bin ? `${bin.slice(0, 4)} ${bin.slice(4, 6)}` : '···· ··'}
      <span aria-hidden="true">·· ···· </span>
      <span class="visually-hidden"> ending in </span>
      {last4 ?? '····'}
    </>
  );
}
