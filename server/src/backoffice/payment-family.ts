// A payment's family as the detail page reads it: its root (the payment every record of the
// family references, at most two levels up: a refund of a capture of a PA), the family in one
// query, and the notifications each record sent with their delivery attempts.

import type { EntityRecord, PaymentRecord } from '../domain/records.js';
import type { RecordDelivery } from '../storage/store.js';
import type { BackofficeContext } from './contract.js';

/** How far up a record's references go: a refund (1) of a capture (2) of a PA. */
const MAX_DEPTH = 2;

/** The payment the family hangs from: the record itself when it references nothing. */
export async function rootOf(ctx: BackofficeContext, entity: EntityRecord, payment: PaymentRecord): Promise<PaymentRecord> {
  let root = payment;
  for (let depth = 0; depth < MAX_DEPTH && root.referencedId !== null; depth++) {
    const up = await ctx.store.payments.find(entity.id, root.referencedId);
    if (!up) break;
    root = up;
  }
  return root;
}

export interface NotificationView {
  recordId: string;
  event: string;
  url: string;
  state: RecordDelivery['state'];
  attempts: { at: number; status: 'delivered' | 'failed'; httpStatus: number | null; error: string | null }[];
}

export function notificationView(d: RecordDelivery): NotificationView {
  return {
    recordId: d.recordId,
    event: d.action ? `${d.type}.${d.action}` : d.type,
    url: d.url,
    state: d.state,
    attempts: d.attempts.map((a) => ({
      at: a.at,
      // An attempt delivered the notification only when the receiver acknowledged it (2xx).
      status: a.status !== null && a.status >= 200 && a.status < 300 ? 'delivered' : 'failed',
      httpStatus: a.status,
      error: a.error,
    })),
  };
}
