// The simulator's operations on one payment (testTools.use, test environment only), each the
// merchant API's own flow run for a person of the merchant: pay or expire a voucher slip
// (vouchers/settle-slip.ts, behind POST /v1/test/vouchers/:id/pay|expire), approve or cancel a
// redirect payment as its shopper would (payments/redirect.ts, behind the simulator's page
// /v1/redirect/:id), charge a payment back or reverse a chargeback (payments/chargeback.ts, behind
// POST /v1/test/payments/:id/chargeback|chargeback-reversal). A payment of a channel the person
// cannot see is 404; what the lifecycle refuses is 422 `refused` with its result code, as the
// payment actions answer. The audit row is written in the flow's transaction, only with it.

import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../domain/errors.js';
import { formatAmount } from '../../domain/money.js';
import type { EntityRecord, PaymentRecord } from '../../domain/records.js';
import { readEntityTime } from '../../flows/entity-time.js';
import { createChargeback, isChargebackReason, reverseChargeback } from '../../payments/chargeback.js';
import type { FollowUpOptions } from '../../payments/follow-up.js';
import { settleRedirect } from '../../payments/redirect.js';
import { REFUSALS } from '../../routes/vouchers.js';
import { confirmSlip, expireSlip } from '../../vouchers/settle-slip.js';
import { brandOf } from '../../../../spec/brands.js';
import { describeResult } from '../../../../spec/result-codes.js';
import { actionBody, type ActionBody } from '../action-body.js';
import { runOncePerKey } from '../once-per-key.js';
import { BackofficeError, type BackofficeContext, type BackofficeRoutes, type BackofficeSession, type ParameterError } from '../contract.js';
import { timelineRecord } from '../payment-detail-view.js';
import { answerOf } from './payment-actions.js';
import { refuseInLive } from '../test-tools/live.js';
import { testToolAudit } from '../test-tools/audit.js';
import { sessionOf, visiblePayment } from '../visible.js';

type Request = FastifyRequest<{ Params: { id: string } }>;

const ACCESS = { config: { access: 'testTools.use' as const } };

/** The lifecycle's refusal, in the payment actions' words. */
function refusedWith(code: string, reason?: string): BackofficeError {
  const description = describeResult(code);
  return new BackofficeError('refused', reason ? `${description}: ${reason}` : description, { details: { resultCode: code, resultDescription: description } });
}

/** The payment and what the answer tells of it after an operation. */
async function answerOfPayment(ctx: BackofficeContext, entity: EntityRecord, id: string, record?: PaymentRecord): Promise<Record<string, unknown>> {
  const payment = await ctx.store.payments.find(entity.id, id);
  if (!payment) throw new Error('a payment vanished under a test operation');
  return { payment: timelineRecord(payment), ...(record ? { record: timelineRecord(record) } : {}) };
}

/** A voucher slip paid or expired now, at its channel's time (a moved test clock's included). */
function slipOperation(ctx: BackofficeContext, action: 'pay' | 'expire') {
  return async (request: Request): Promise<Record<string, unknown>> => {
    refuseInLive(ctx.config);
    const session = sessionOf(request);
    const { payment, entity } = await visiblePayment(ctx, session, request.params.id);
    const at = await readEntityTime(ctx, entity.id);
    const alongside = ({ resultCode, confirmation }: { resultCode: string; confirmation?: PaymentRecord }) => [
      ctx.store.audit.appendStatement(
        testToolAudit(session, request, ctx.clock.now(), action === 'pay' ? 'paySlip' : 'expireSlip', payment.id, {
          after: { amount: formatAmount(payment.amount), currency: payment.currency, resultCode, ...(confirmation ? { recordId: confirmation.id } : {}) },
        }),
      ),
    ];
    const end = action === 'pay' ? await confirmSlip(ctx, payment, at, { alongside }) : await expireSlip(ctx, payment, at, { alongside });
    if (end.kind === 'refused') {
      // The merchant API's refusal of the same operation: its code and its words.
      const refusal = new ApiError(REFUSALS[end.reason]);
      throw refusedWith(refusal.code, refusal.detail);
    }
    return answerOfPayment(ctx, entity, payment.id, end.kind === 'confirmed' ? end.confirmation : undefined);
  };
}

/** Brands whose payments wait for their shopper on the simulator's page. */
function isRedirectBrand(brand: string | null): boolean {
  const kind = brand === null ? undefined : brandOf(brand)?.kind;
  return kind === 'bankAccount' || kind === 'virtualAccount';
}

/** A redirect payment approved or cancelled, as its shopper would on the simulator's page. */
function redirectOperation(ctx: BackofficeContext, answer: 'approve' | 'cancel') {
  return async (request: Request): Promise<Record<string, unknown>> => {
    refuseInLive(ctx.config);
    const session = sessionOf(request);
    const { payment, entity } = await visiblePayment(ctx, session, request.params.id);
    if (payment.status !== 'pending' || payment.pendingKind !== 'redirect') {
      if (payment.status !== 'pending' && isRedirectBrand(payment.paymentBrand)) throw refusedWith('100.350.101', 'the payment has ended already');
      throw refusedWith('700.100.700', 'the payment is not a redirect payment awaiting its shopper');
    }
    const settled = await settleRedirect(ctx, payment, answer, ctx.clock.now(), {
      alongside: (end) => [
        ctx.store.audit.appendStatement(
          testToolAudit(session, request, ctx.clock.now(), answer === 'approve' ? 'approvePayment' : 'cancelPayment', payment.id, {
            after: { amount: formatAmount(payment.amount), currency: payment.currency, ending: end.answer, resultCode: end.resultCode },
          }),
        ),
      ],
    });
    // The shopper, the expiry or another person ended it first.
    if (!settled.settled) throw refusedWith('100.350.101', 'the payment has ended already');
    return answerOfPayment(ctx, entity, payment.id);
  };
}

/** The keys of the test tools live beside the merchant API's on the channel and never meet them. */
const KEY_PREFIX = 'backoffice:test:';

interface ChargebackOperation {
  path: 'chargeback' | 'chargeback-reversal';
  audit: string;
  /** The body's own field beside the key (and a chargeback's amount), checked with them. */
  read(body: unknown, problems: ParameterError[]): Map<string, string>;
  takesAmount: boolean;
  flow: typeof createChargeback;
}

function fieldOf(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
}

const CHARGEBACK_OPERATIONS: readonly ChargebackOperation[] = [
  {
    path: 'chargeback',
    audit: 'chargeback',
    takesAmount: true,
    flow: createChargeback,
    read(body, problems) {
      const reason = fieldOf(body, 'reasonCode');
      if (typeof reason === 'string' && isChargebackReason(reason)) return new Map([['reasonCode', reason]]);
      problems.push({ name: 'reasonCode', message: 'must be a chargeback reason of the result code catalogue (000.100.2xx)' });
      return new Map();
    },
  },
  {
    path: 'chargeback-reversal',
    audit: 'chargebackReversal',
    takesAmount: false,
    flow: reverseChargeback,
    read(body, problems) {
      const id = fieldOf(body, 'chargebackId');
      if (typeof id === 'string' && /^[0-9a-f]{32}$/.test(id)) return new Map([['chargebackId', id]]);
      problems.push({ name: 'chargebackId', message: 'must be the id of a chargeback of the payment' });
      return new Map();
    },
  },
];

/** The body's problems all at once: the action body's (key, amount, currency) and the operation's own. */
function chargebackBody(op: ChargebackOperation, body: unknown): { action: ActionBody; params: Map<string, string> } {
  const problems: ParameterError[] = [];
  let action: ActionBody | undefined;
  try {
    action = actionBody(body, op.takesAmount);
  } catch (error) {
    if (!(error instanceof BackofficeError) || !error.parameters) throw error;
    problems.push(...error.parameters);
  }
  const params = op.read(body, problems);
  if (problems.length > 0 || !action) throw new BackofficeError('invalidParameters', `invalid ${problems.map((p) => p.name).join(', ')}`, { parameters: problems });
  return { action, params };
}

/** A simulated chargeback or its reversal: the merchant API's flow, once per idempotency key. */
function chargebackOperation(ctx: BackofficeContext, op: ChargebackOperation) {
  return async (request: Request): Promise<Record<string, unknown>> => {
    refuseInLive(ctx.config);
    const session: BackofficeSession = sessionOf(request);
    const { action, params } = chargebackBody(op, request.body);
    const { payment, entity } = await visiblePayment(ctx, session, request.params.id);
    if (action.amount) params.set('amount', formatAmount(action.amount.minor));
    if (action.currency) params.set('currency', action.currency);
    const options: FollowUpOptions = {
      alongside: (record) => [
        ctx.store.audit.appendStatement(
          testToolAudit(session, request, record.createdAt, op.audit, payment.id, {
            after: { amount: formatAmount(record.amount), currency: record.currency, recordId: record.id, resultCode: record.resultCode, ...Object.fromEntries(params) },
          }),
        ),
      ],
    };
    const answer = await runOncePerKey(ctx, { entityId: entity.id, key: `${KEY_PREFIX}${action.idempotencyKey}`, path: `/api/test/payments/${payment.id}/${op.path}`, params }, (claim) => op.flow(ctx, entity, payment.id, params, claim, options));
    return answerOf(ctx, entity, answer);
  };
}

export const testPaymentRoutes: BackofficeRoutes = (app, ctx) => {
  for (const action of ['pay', 'expire'] as const) app.post<{ Params: { id: string } }>(`/test/vouchers/:id/${action}`, ACCESS, slipOperation(ctx, action));
  for (const answer of ['approve', 'cancel'] as const) app.post<{ Params: { id: string } }>(`/test/payments/:id/${answer}`, ACCESS, redirectOperation(ctx, answer));
  for (const op of CHARGEBACK_OPERATIONS) app.post<{ Params: { id: string } }>(`/test/payments/:id/${op.path}`, ACCESS, chargebackOperation(ctx, op));
};
