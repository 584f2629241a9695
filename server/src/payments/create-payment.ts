// An initial payment (PA, DB, CD), top to bottom: the request's rules, its method's (a row of
// methods/table.ts), the simulator's authorization, and the record written in one go with its
// events and its method's jobs. Shared by POST /v1/payments, payments with a stored registration,
// the widget's checkout submit and schedules' charges.

import { writePayment } from '../storage/writes/index.js';
import { newPaymentId } from '../domain/ids.js';
import { parseAmount } from '../domain/money.js';
import { last4 } from '../domain/card.js';
import { listedEmail } from '../domain/payment-listing.js';
import { ApiError } from '../domain/errors.js';
import { claimAnswerOf, type OutcomeKind } from '../flows/outcome.js';
import { failpoint } from '../config/failpoint.js';
import type { FlatParams } from '../params/types.js';
import { authorize } from '../simulator/authorize.js';
import { APPROVAL_CODES, modeOf } from '../simulator/rules.js';
import { recordAnswer } from '../simulator/journal.js';
import type { EntityRecord, PaymentRecord, RegistrationRecord } from '../domain/records.js';
import type { RelayContext } from '../flows/context.js';
import { hasAnyThreeDSecure, hasExternalThreeDSecure } from './account.js';
import { initialConnectorDetails } from './recurring-migration.js';
import { newRegistration } from './registrations.js';
import { cardView, paymentView, resultView } from '../flows/response.js';
import { paymentErrors } from './payment-rules.js';
import { initialRecord } from './initial-record.js';
import { paymentEvent, registrationEvent } from '../webhooks/events.js';
import { holdQuote, quotedFields, type HeldQuote } from '../quotes/quotes.js';
import { mapGatewayFields } from '../vouchers/gateway-fields.js';
import { methodOf } from './methods/table.js';
import type { AuthorizedMethod, PaidAccount, PaymentOutcome, PaymentSource } from './methods/method.js';

export type { PaymentOutcome, PaymentSource } from './methods/method.js';

const OCCURRENCE_STATUS = { success: 'succeeded', declined: 'declined', pending: 'pending' } as const;
/** The code of a payment left pending for the shopper (3-D Secure, a provider's page). */
const PENDING_CODE = '000.200.000';

function paramError(name: string, message: string, value = ''): ApiError {
  return new ApiError('invalidParameters', [{ name, value, message }]);
}

export async function createPayment(ctx: RelayContext, entity: EntityRecord, sent: FlatParams, source: PaymentSource = {}): Promise<PaymentOutcome> {
  const now = ctx.clock.now();
  // External gateways' field names (billingAddress.*, shopper.socialSecurityNumber) become the API's own.
  const mapped = mapGatewayFields(sent);
  if (!mapped.ok) throw new ApiError('invalidParameters', mapped.errors);
  const params = mapped.params;
  const paymentType = params.get('paymentType') as 'PA' | 'DB' | 'CD';
  const amount = parseAmount(params.get('amount') ?? '');
  const currency = params.get('currency') ?? '';

  // The rules of every payment, then those of its method: one error per parameter.
  const errors = paymentErrors(entity, params, paymentType, currency);
  const method = methodOf(params, source);
  for (const e of method?.parameterErrors?.(params, amount, now, source) ?? []) if (!errors.some((x) => x.name === e.name)) errors.push(e);
  if (errors.length > 0) throw new ApiError('invalidParameters', errors);
  if (method?.way === 'issued') return method.issue(ctx, entity, params, amount, source);
  if (!method) throw paramError('card.number', 'an account is required: card.*, bankAccount.*, virtualAccount.accountId or walletPay.paymentToken');

  const account = method.account(params, source);
  // A registration stores a card (as POST /v1/registrations does): said plainly rather than a
  // payment that silently comes back without the registrationId it asked for.
  if (params.get('createRegistration') === 'true' && account.kind !== 'card') throw paramError('createRegistration', 'registrations store cards only; pay with card.* to create one', 'true');
  const paymentBrand = params.get('paymentBrand') ?? source.registration?.record.paymentBrand ?? method.detectBrand?.(account);
  if (paymentBrand === undefined) throw paramError('paymentBrand', 'is required when the brand cannot be detected from the account');

  const id = newPaymentId(now);
  // A quoted payment holds its quote before anything is authorized; it gives it back unless written as not declined.
  const held = await holdQuote(ctx, entity.id, params, id, now);
  try {
    const paid = await authorizeAndWrite(ctx, entity, params, source, { id, now, paymentType, amount, currency, method, account, paymentBrand, held });
    if (held && paid.paymentStatus === 'declined') await held.release();
    return paid;
  } catch (error) {
    if (held) await held.release();
    throw error;
  }
}

/**
 * resultDetails: the id's random tail (ids begin with their creation time, shared by payments of
 * one moment) and the acquirer's answer; a REPEATED payment of a migrated series (`migration`
 * given, even null) also names the INITIAL payment made elsewhere.
 */
function resultDetailsOf(id: string, status: PaymentRecord['status'], migration: Parameters<typeof initialConnectorDetails>[0] | undefined): Record<string, string> {
  const details: Record<string, string> = { ConnectorTxID1: id.slice(-16), AcquirerResponse: status === 'success' ? '00' : status === 'pending' ? '' : '05' };
  return migration === undefined ? details : Object.assign(details, initialConnectorDetails(migration));
}

/** The UTC month of `now`, which the simulator checks a card's expiry against. */
function today(now: number): { year: number; month: number } {
  const d = new Date(now);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

interface PaymentFacts {
  id: string;
  now: number;
  paymentType: 'PA' | 'DB' | 'CD';
  amount: number;
  currency: string;
  method: AuthorizedMethod;
  account: PaidAccount;
  paymentBrand: string;
  held: HeldQuote | undefined;
}

async function authorizeAndWrite(ctx: RelayContext, entity: EntityRecord, params: FlatParams, source: PaymentSource, facts: PaymentFacts): Promise<PaymentOutcome> {
  const { id, now, paymentType, amount, currency, method, account, paymentBrand, held } = facts;
  const merchantInitiated = params.get('recurringType') === 'REPEATED';
  const testMode = modeOf(ctx.config.environment, params.get('testMode'));
  const outcome = authorize({
    paymentType,
    paymentBrand,
    amount,
    currency,
    testMode,
    externalThreeDSecure: hasExternalThreeDSecure(params),
    merchantInitiated: merchantInitiated || (source.registration !== undefined && !params.has('card.cvv') && !hasAnyThreeDSecure(params)),
    cvvVerified: source.cvvVerified ? true : undefined,
    ...method.simulate(account),
    billing: { street1: params.get('billing.street1'), postcode: params.get('billing.postcode') },
    today: today(now),
  });
  const wantsRegistration = params.get('createRegistration') === 'true' && account.kind === 'card' && !source.registration;
  // Left pending for the shopper, as the method leaves it: may refuse before anything is recorded.
  const pending = outcome.kind === 'challenge' || outcome.kind === 'redirect' ? method.pending(ctx, { id, now, testMode, params, source, entity, account, outcome, wantsRegistration }) : undefined;

  if (source.claim) {
    await recordAnswer(ctx.store, source.claim.reference, { entityId: entity.id, paymentId: id, paymentType, amount, currency }, outcome, now);
    failpoint(ctx.config.failpoints, 'after-authorize');
  }
  const status: PaymentRecord['status'] = outcome.kind === 'approved' ? 'success' : outcome.kind === 'declined' ? 'declined' : 'pending';
  const resultCode = outcome.kind === 'approved' || outcome.kind === 'declined' ? outcome.resultCode : PENDING_CODE;
  const outcomeKind: OutcomeKind = status === 'declined' ? 'refused' : 'ok';

  let registration: RegistrationRecord | undefined;
  if (status === 'success' && wantsRegistration && account.kind === 'card') {
    registration = newRegistration(ctx, entity.id, paymentBrand, account.card, now, params.get('recurringType') === 'INITIAL', APPROVAL_CODES[testMode]);
  }
  const registrationId = registration?.id ?? source.registration?.record.id;

  const body = paymentView({
    id,
    paymentType,
    paymentBrand,
    amount,
    currency,
    result: resultView(resultCode, pending ? {} : { avsResponse: outcome.kind === 'approved' ? outcome.avsResponse : undefined, cvvResponse: outcome.kind === 'redirect' ? undefined : outcome.cvvResponse }),
    params,
    card: account.kind === 'card' ? cardView(account.card) : undefined,
    riskScore: outcome.riskScore,
    registrationId,
    redirect: pending && { url: pending.url, parameters: [] },
    threeDSecureVersion: pending?.threeDSecureVersion,
    merchantBankAccount: entity.settings.bankAccount,
    resultDetails: resultDetailsOf(id, status, merchantInitiated ? source.registration?.record.migration ?? null : undefined),
  });
  if (source.occurrence) body.scheduleId = source.occurrence.scheduleId;
  if (held) Object.assign(body, quotedFields(held, amount));
  const json = JSON.stringify(body);
  const record = initialRecord({
    id,
    entityId: entity.id,
    paymentType,
    paymentBrand,
    amount,
    currency,
    status,
    resultCode,
    registrationId: registrationId ?? null,
    checkoutId: source.checkout?.id ?? null,
    responseJson: json,
    pendingJson: pending ? JSON.stringify(pending.state) : null,
    pendingKind: pending ? method.pendingKind : null,
    at: now,
    merchantTransactionId: params.get('merchantTransactionId') ?? null,
    fxQuote: held?.quote ?? null,
    // The voucher slip is issued elsewhere (vouchers/create-slip.ts): every method here is listed by its own name.
    method: method.name === 'voucherSlip' ? 'voucher' : method.name,
    cardLast4: account.kind === 'card' ? last4(account.card.number) : null,
    customerEmail: listedEmail(params.get('customer.email')),
  });
  const notificationUrl = params.get('notificationUrl');
  const events = [paymentEvent(ctx, 'paymentCreated', record, json, notificationUrl ? { notificationUrl } : {})];
  if (registration) events.push(registrationEvent(ctx, 'registrationStored', registration, registration.responseJson));
  const written = await writePayment(ctx.store, record, {
    events,
    registration,
    attempt: source.checkout && { pendingLeaseUntil: source.checkout.pendingLeaseUntil, shopperResultUrl: source.checkout.shopperResultUrl },
    answer: source.claim ? claimAnswerOf(source.claim, outcomeKind, json) : undefined,
    // What the method's pending payment needs done later (a redirect's expiry) is queued with it.
    jobs: pending?.jobs,
    occurrence: source.occurrence ? { id: source.occurrence.id, status: OCCURRENCE_STATUS[status], paymentId: id, resultCode, now } : undefined,
  });
  // Only a checkout paid by another attempt refuses a success; its claim keeps that from happening.
  if (!written) throw new ApiError('noSession');
  ctx.metrics.paymentWritten(paymentType, paymentBrand, status);
  if (status === 'success' && source.checkout) ctx.metrics.checkout('paid');
  if (source.claim) failpoint(ctx.config.failpoints, 'after-commit');
  return { kind: outcomeKind, body, json, answered: source.claim !== undefined, paymentId: id, paymentStatus: status };
}
