// POST /api/payments/:id/capture|refund|reverse: the merchant API's follow-up flow
// (payments/follow-up.ts), run for a person of the merchant: the same lifecycle rules, webhooks and
// idempotency, never a second implementation. The page makes one idempotency key per confirmation
// dialog; the claim is the merchant API's (http/idempotency.ts), on the payment's channel under a
// key of the back office's own, so pressing the button twice sends one action and the second press
// is answered with the first one's result. The audit row is written in the follow-up's own
// transaction, and only when the follow-up is.

import type { FastifyRequest } from 'fastify';
import { withRequestId } from '../../flows/request-scope.js';
import type { FollowUpType } from '../../domain/lifecycle.js';
import { formatAmount } from '../../domain/money.js';
import type { EntityRecord, PaymentRecord } from '../../domain/records.js';
import type { Action } from '../../domain/roles.js';
import type { AuditEntry } from '../../domain/users.js';
import type { HttpAnswer } from '../../http/idempotency.js';
import { followUp } from '../../payments/follow-up.js';
import { actionBody } from '../action-body.js';
import { runOncePerKey } from '../once-per-key.js';
import { BackofficeError, type BackofficeContext, type BackofficeRoutes, type BackofficeSession } from '../contract.js';
import { timelineRecord } from '../payment-detail-view.js';
import { refundCap, refundLimitText, refundNeedsLimit } from '../refund-limit.js';
import { sessionOf, visiblePayment } from '../visible.js';
import { personAudit } from '../person-audit.js';

interface PaymentAction {
  path: 'capture' | 'refund' | 'reverse';
  op: Extract<FollowUpType, 'CP' | 'RF' | 'RV'>;
  access: Action;
}

const ACTIONS: readonly PaymentAction[] = [
  { path: 'capture', op: 'CP', access: 'payments.capture' },
  { path: 'refund', op: 'RF', access: 'payments.refund' },
  { path: 'reverse', op: 'RV', access: 'payments.reverse' },
];

/** The back office's keys live beside the merchant API's on the same channel and never meet them. */
const KEY_PREFIX = 'backoffice:';

/** A support agent's refund beyond the merchant's limit is refused before anything is claimed or written. */
async function checkRefundLimit(ctx: BackofficeContext, session: BackofficeSession, amount: number, currency: string): Promise<void> {
  if (!refundNeedsLimit(session.role)) return;
  const limit = (await ctx.store.merchantSettings.get(session.merchantId)).supportRefundLimit;
  if (amount > refundCap(session.role, limit, currency)) throw new BackofficeError('forbidden', `refund refused: ${refundLimitText(limit)}`);
}

function auditEntry(session: BackofficeSession, request: FastifyRequest, action: PaymentAction, payment: PaymentRecord, record: PaymentRecord): AuditEntry {
  return personAudit(session, request, record.createdAt, {
    action: `payment.${action.path}`,
    target: payment.id,
    after: { amount: formatAmount(record.amount), currency: record.currency, recordId: record.id, resultCode: record.resultCode },
  });
}

/** The merchant API's answer (the first one, on a replay) in the back office's words. */
export async function answerOf(ctx: BackofficeContext, entity: EntityRecord, answer: HttpAnswer): Promise<Record<string, unknown>> {
  const body = JSON.parse(answer.json) as { id?: unknown; result?: { code?: unknown; description?: unknown } };
  if (answer.status === 200) {
    const record = typeof body.id === 'string' ? await ctx.store.payments.find(entity.id, body.id) : undefined;
    if (!record) throw new Error('a follow-up answered 200 without a record of it');
    return { record: timelineRecord(record) };
  }
  if (answer.status === 404) throw new BackofficeError('notFound', 'no such payment');
  const code = body.result?.code;
  const description = typeof body.result?.description === 'string' ? body.result.description : 'refused by the payment lifecycle';
  if (typeof code === 'string') throw new BackofficeError('refused', description, { details: { resultCode: code, resultDescription: description } });
  throw new Error(`a follow-up answered ${answer.status} without a result`);
}

function runAction(ctx: BackofficeContext, action: PaymentAction) {
  return async (request: FastifyRequest<{ Params: { id: string } }>): Promise<Record<string, unknown>> => {
    const session = sessionOf(request);
    const body = actionBody(request.body, action.op !== 'RV');
    const { payment, entity } = await visiblePayment(ctx, session, request.params.id);
    if (action.op === 'RF' && body.amount && body.currency) await checkRefundLimit(ctx, session, body.amount.minor, body.currency);
    const params = new Map<string, string>([['paymentType', action.op]]);
    if (body.amount) params.set('amount', formatAmount(body.amount.minor));
    if (body.currency) params.set('currency', body.currency);
    const answer = await runOncePerKey(ctx, { entityId: entity.id, key: `${KEY_PREFIX}${body.idempotencyKey}`, path: `/api/payments/${payment.id}/${action.path}`, params }, (claim) =>
      followUp(withRequestId(ctx, request.id), entity, payment.id, params, claim, { alongside: (record) => [ctx.store.audit.appendStatement(auditEntry(session, request, action, payment, record))] }),
    );
    return answerOf(ctx, entity, answer);
  };
}

export const paymentActionRoutes: BackofficeRoutes = (app, ctx) => {
  for (const action of ACTIONS) {
    app.post<{ Params: { id: string } }>(`/payments/:id/${action.path}`, { config: { access: action.access } }, runAction(ctx, action));
  }
};
