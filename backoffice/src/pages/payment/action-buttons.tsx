// The payment's actions that `allowed` offers right now; none at all says so in words.

import type { PaymentDetail } from '../../api/types.js';
import { formatMoney } from '../../format/money.js';
import type { PaymentAction } from './action-dialog.js';

export function ActionButtons({ allowed, onOpen }: { allowed: PaymentDetail['allowed']; onOpen: (action: PaymentAction) => void }) {
  const { capture, refund, reverse } = allowed;
  if (!capture && !refund && !reverse) return null;
  return (
    <>
      {capture && (
        <button type="button" class="button button-primary" onClick={() => onOpen('capture')}>
          Capture<span class="visually-hidden"> up to {formatMoney(capture.max, capture.currency)}</span>
        </button>
      )}
      {refund && (
        <button type="button" class="button" onClick={() => onOpen('refund')}>
          Refund<span class="visually-hidden"> up to {formatMoney(refund.max, refund.currency)}</span>
        </button>
      )}
      {reverse && (
        <button type="button" class="button button-danger-quiet" onClick={() => onOpen('reverse')}>
          Reverse
        </button>
      )}
    </>
  );
}
