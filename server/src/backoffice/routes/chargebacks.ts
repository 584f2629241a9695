// GET /api/chargebacks (chargebacks.read): the chargebacks of the channels a person may see (or
// the one named by `channel`), newest first, in keyset pages with an opaque `next`: each with the
// payment it charges back, its reason, amount and dates, and the reversal that closed it. A
// chargeback is a CB record the relay writes against a payment (payments/chargeback.ts); it is
// open until a CR record reverses it, closed after (`state=open|closed`; both when absent).
// Read only: nothing is audited.

import { describeResult } from '../../../../spec/result-codes.js';
import { formatAmount } from '../../domain/money.js';
import type { ChargebackReversal, ChargebackState, ListedChargeback } from '../../storage/store.js';
import { invalidParameter } from '../body.js';
import type { BackofficeRoutes } from '../contract.js';
import { listedChannelIds } from '../payment-list/channels.js';
import { limitOf, queryValue } from '../query.js';
import { decodeTimeCursor, encodeTimeCursor } from '../settlement/cursor.js';
import { sessionOf } from '../visible.js';

const PAGE = 50;
const MAX_PAGE = 200;

function stateOf(query: unknown): ChargebackState | undefined {
  const state = queryValue(query, 'state');
  if (state === undefined || state === 'open' || state === 'closed') return state;
  throw invalidParameter('state', 'must be open or closed');
}

function chargebackView(c: ListedChargeback, reversal: ChargebackReversal | undefined): Record<string, unknown> {
  return {
    id: c.id,
    entityId: c.entityId,
    state: c.reversed ? 'closed' : 'open',
    createdAt: c.createdAt,
    amount: formatAmount(c.amount),
    currency: c.currency,
    reason: { code: c.reasonCode, description: describeResult(c.reasonCode) },
    settlementDate: c.settlementDate,
    payment: {
      id: c.payment.id,
      paymentType: c.payment.paymentType,
      paymentBrand: c.payment.paymentBrand,
      amount: formatAmount(c.payment.amount),
      currency: c.currency,
      createdAt: c.payment.createdAt,
      merchantTransactionId: c.payment.merchantTransactionId,
      cardLast4: c.payment.cardLast4,
    },
    reversal: reversal ? { id: reversal.id, amount: formatAmount(reversal.amount), createdAt: reversal.createdAt } : null,
  };
}

export const chargebackRoutes: BackofficeRoutes = (app, ctx) => {
  app.get('/chargebacks', { config: { access: 'chargebacks.read' } }, async (request) => {
    const state = stateOf(request.query);
    const cursorText = queryValue(request.query, 'cursor');
    const cursor = cursorText === undefined ? undefined : decodeTimeCursor(cursorText, 'cursor');
    const limit = limitOf(request.query, PAGE, MAX_PAGE);
    const entityIds = await listedChannelIds(ctx.store, sessionOf(request), queryValue(request.query, 'channel'));
    const page = await ctx.store.chargebacks.list(entityIds, state, cursor && { createdAt: cursor.at, id: cursor.id }, limit);
    // The reversals of the page's closed chargebacks, found by their payment and matched by the chargeback they name.
    const closed = page.chargebacks.filter((c) => c.reversed);
    const reversals = await ctx.store.chargebacks.reversalsOf(entityIds, closed.map((c) => c.payment.id));
    const byChargeback = new Map(reversals.filter((r) => r.chargebackId !== null).map((r) => [r.chargebackId, r]));
    return {
      chargebacks: page.chargebacks.map((c) => chargebackView(c, c.reversed ? byChargeback.get(c.id) : undefined)),
      ...(page.next ? { next: encodeTimeCursor({ at: page.next.createdAt, id: page.next.id }) } : {}),
    };
  });
};
