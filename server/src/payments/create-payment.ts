// An initial payment (PA, DB, CD): account checks, recurring rules, country rules, the simulator's
// authorization, and the record written in one go. Shared by POST /v1/payments, payments with a
// stored registration and the widget's checkout submit.

import { checkCountryRules } from '../domain/country.js';
import { detectBrands } from '../domain/card.js';
import { newPaymentId } from '../domain/ids.js';
import { parseAmount } from '../domain/money.js';
import { ApiError, type ParameterError } from '../domain/errors.js';
import { claimAnswerOf, type Claim, type Outcome, type OutcomeKind } from '../flows/outcome.js';
import { failpoint } from '../config/failpoint.js';
import type { FlatParams } from '../params/types.js';
import { authorize } from '../simulator/authorize.js';
import { APPROVAL_CODES, modeOf } from '../simulator/rules.js';
import { recordAnswer } from '../simulator/journal.js';
import type { AuthorizationOutcome, CardInput } from '../simulator/types.js';
import type { EntityRecord, PaymentRecord, RegistrationRecord } from '../domain/records.js';
import type { RelayContext } from '../flows/context.js';
import { accountOf, hasAnyThreeDSecure, hasExternalThreeDSecure, redirectAccountOf } from './account.js';
import { initialConnectorDetails } from './recurring-migration.js';
import { newRegistration } from './registrations.js';
import { cardView, paymentView, resultView } from '../flows/response.js';
import { threeDSecureUrl, type PendingState } from './three-d-secure.js';
import { challengeVersion } from './three-d-secure-version.js';
import { redirectExpiryJob, redirectUrl, type RedirectState } from './redirect.js';
import { resultUrl } from '../flows/result-url.js';
import { paymentEvent, registrationEvent } from '../webhooks/events.js';
import { holdQuote, quotedFields, type HeldQuote } from '../quotes/quotes.js';
import { voucherBrandOf } from '../vouchers/brands.js';
import { createSlip } from '../vouchers/create-slip.js';
import { mapGatewayFields } from '../vouchers/gateway-fields.js';
import { voucherErrors } from '../vouchers/rules.js';

export interface PaymentSource {
  /** A stored card to pay with instead of card.* parameters. */
  registration?: { record: RegistrationRecord; card: CardInput };
  /**
   * The checkout this payment belongs to (widget flow): the payment's write ends the attempt that
   * claimed it (see NewPaymentParts.attempt).
   */
  checkout?: { id: string; pendingLeaseUntil: number; shopperResultUrl: string | null };
  /** Where the shopper goes after 3-D Secure, already bound to the checkout or the request. */
  resultUrl?: string;
  /**
   * The shopper gave a CVV of the right length when the card data was saved (summary page): the
   * payment, made later by the merchant without it, does not ask for one again.
   */
  cvvVerified?: boolean;
  /** The idempotency claim the request runs under: the simulator records its answer under it. */
  claim?: Claim;
  /**
   * A schedule's charge (schedules/charge.ts): the payment names its schedule, and is written only
   * while the occurrence is still due, ending it in the same transaction.
   */
  occurrence?: { id: string; scheduleId: string };
}

const OCCURRENCE_STATUS = { success: 'succeeded', declined: 'declined', pending: 'pending' } as const;

function paramError(name: string, message: string, value = ''): ApiError {
  return new ApiError('invalidParameters', [{ name, value, message }]);
}

/** recurringType rules: INITIAL carries authentication data, REPEATED must not. */
function recurringErrors(params: FlatParams): ParameterError[] {
  const type = params.get('recurringType');
  if (type === 'INITIAL' && !params.has('card.cvv') && !hasExternalThreeDSecure(params)) {
    return [{ name: 'recurringType', value: type, message: 'an INITIAL payment must carry authentication data: card.cvv or threeDSecure.*' }];
  }
  if (type === 'REPEATED') {
    const errors: ParameterError[] = [];
    if (params.has('card.cvv')) errors.push({ name: 'card.cvv', value: '', message: 'a REPEATED payment must not carry card.cvv' });
    for (const name of params.keys()) {
      if (name.startsWith('threeDSecure.')) errors.push({ name, value: '', message: 'a REPEATED payment must not carry 3-D Secure data' });
    }
    return errors;
  }
  return [];
}

/** The checkout's result URL, or the request's shopperResultUrl with this payment's path. */
function boundResultUrl(source: PaymentSource, params: FlatParams, id: string): { resultUrl?: string } {
  const url = source.resultUrl ?? resultUrl(params.get('shopperResultUrl') ?? '', id, `/v1/payments/${id}`);
  return url ? { resultUrl: url } : {};
}

/** The UTC month of the last day asked for: every payment of a day asks for the same one. */
let lastDay = Number.NaN;
let lastMonth: { readonly year: number; readonly month: number } = { year: 0, month: 0 };

function today(now: number): { year: number; month: number } {
  const day = Math.floor(now / 86_400_000);
  if (day !== lastDay) {
    const d = new Date(now);
    lastMonth = Object.freeze({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 });
    lastDay = day;
  }
  return lastMonth;
}

export interface PaymentOutcome extends Outcome {
  paymentId: string;
  /** The payment's own status. */
  paymentStatus: 'success' | 'declined' | 'pending';
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

  const errors = recurringErrors(params);
  if (entity.settings.country) {
    for (const e of checkCountryRules(entity.settings.country, { paymentType, currency, params })) {
      errors.push({ name: e.name, value: e.name.startsWith('card.') ? '' : params.get(e.name) ?? '', message: e.message });
    }
  }
  // A voucher slip (BOLETO, OXXO, BALOTO) pays with no account: the shopper pays the slip later.
  const voucher = source.registration ? undefined : voucherBrandOf(params.get('paymentBrand'));
  if (voucher) {
    for (const e of voucherErrors(voucher, params, amount, now, source.resultUrl !== undefined)) if (!errors.some((x) => x.name === e.name)) errors.push(e);
  }
  if (errors.length > 0) throw new ApiError('invalidParameters', errors);
  if (voucher) {
    return createSlip(ctx, entity, voucher, params, amount, {
      ...(source.checkout ? { checkout: source.checkout } : {}),
      ...(source.resultUrl ? { resultUrl: source.resultUrl } : {}),
      ...(source.claim ? { claim: source.claim } : {}),
    });
  }

  const given = source.registration ? { kind: 'card' as const, card: source.registration.card } : accountOf(params);
  // A transfer, PayPal or virtual account without account data: the shopper gives it on the provider page.
  const account = given.kind === 'none' ? redirectAccountOf(params.get('paymentBrand')) : given;
  if (account.kind === 'none') throw paramError('card.number', 'an account is required: card.*, bankAccount.*, virtualAccount.accountId or walletPay.paymentToken');
  // A registration stores a card (as POST /v1/registrations does): said plainly rather than a
  // payment that silently comes back without the registrationId it asked for.
  if (params.get('createRegistration') === 'true' && account.kind !== 'card') throw paramError('createRegistration', 'registrations store cards only; pay with card.* to create one', 'true');

  let paymentBrand = params.get('paymentBrand') ?? source.registration?.record.paymentBrand;
  if (paymentBrand === undefined && account.kind === 'card') paymentBrand = detectBrands(account.card.number)[0];
  if (paymentBrand === undefined) throw paramError('paymentBrand', 'is required when the brand cannot be detected from the account');

  const id = newPaymentId(now);
  // A quoted payment holds its quote before anything is authorized; it gives it back unless written as not declined.
  const held = await holdQuote(ctx, entity.id, params, id, now);
  try {
    const paid = await authorizeAndWrite(ctx, entity, params, source, { id, now, paymentType, amount, currency, account, paymentBrand, held });
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

interface PaymentFacts {
  id: string;
  now: number;
  paymentType: 'PA' | 'DB' | 'CD';
  amount: number;
  currency: string;
  account: Exclude<ReturnType<typeof accountOf>, { kind: 'none' }>;
  paymentBrand: string;
  held: HeldQuote | undefined;
}

async function authorizeAndWrite(ctx: RelayContext, entity: EntityRecord, params: FlatParams, source: PaymentSource, facts: PaymentFacts): Promise<PaymentOutcome> {
  const { id, now, paymentType, amount, currency, account, paymentBrand, held } = facts;
  const merchantInitiated = params.get('recurringType') === 'REPEATED';
  const testMode = modeOf(ctx.config.environment, params.get('testMode'));
  // Absent fields as undefined rather than spread in: every payment builds this request.
  const outcome: AuthorizationOutcome = authorize({
    paymentType,
    paymentBrand,
    amount,
    currency,
    testMode,
    card: account.kind === 'card' ? account.card : undefined,
    externalThreeDSecure: hasExternalThreeDSecure(params),
    merchantInitiated: merchantInitiated || (source.registration !== undefined && !params.has('card.cvv') && !hasAnyThreeDSecure(params)),
    account: account.kind,
    cvvVerified: source.cvvVerified ? true : undefined,
    bankAccount: account.kind === 'bankAccount' ? account.bankAccount : undefined,
    walletToken: account.kind === 'wallet' && account.token ? account.token : undefined,
    billing: { street1: params.get('billing.street1'), postcode: params.get('billing.postcode') },
    today: today(now),
  });
  // A challenge runs as 3-D Secure 1 or 2, by the browser data sent and the channel's setting;
  // version 2 without the browser data is refused before anything is recorded or written.
  let threeDSecureVersion: string | undefined;
  if (outcome.kind === 'challenge') {
    const chosen = challengeVersion(params, { v2Required: entity.settings.threeDSecure2Required === true, fromWidget: source.checkout !== undefined });
    if (!chosen.ok) throw new ApiError('invalidParameters', chosen.errors);
    threeDSecureVersion = chosen.version;
  }

  if (source.claim) {
    await recordAnswer(ctx.store, source.claim.reference, { entityId: entity.id, paymentId: id, paymentType, amount, currency }, outcome, now);
    failpoint(ctx.config.failpoints, 'after-authorize');
  }
  const card = account.kind === 'card' ? cardView(account.card) : undefined;
  const wantsRegistration = params.get('createRegistration') === 'true' && account.kind === 'card' && !source.registration;
  let registrationId = source.registration?.record.id;
  let status: PaymentRecord['status'];
  let resultCode: string;
  let outcomeKind: OutcomeKind;
  let redirect: { url: string; parameters: { name: string; value: string }[] } | undefined;
  let pending: PendingState | null = null;
  let redirectState: RedirectState | null = null;

  if (outcome.kind === 'approved') {
    status = 'success';
    resultCode = outcome.resultCode;
    outcomeKind = 'ok';
  } else if (outcome.kind === 'declined') {
    status = 'declined';
    resultCode = outcome.resultCode;
    outcomeKind = 'refused';
  } else if (outcome.kind === 'redirect') {
    // The shopper approves or cancels on the provider's page (the simulator's): payments/redirect.ts.
    status = 'pending';
    resultCode = '000.200.000';
    outcomeKind = 'ok';
    redirect = { url: redirectUrl(ctx.config.publicUrl, id), parameters: [] };
    redirectState = { testMode, ...boundResultUrl(source, params, id), ...(source.checkout ? { checkoutId: source.checkout.id } : {}) };
  } else {
    status = 'pending';
    resultCode = '000.200.000';
    outcomeKind = 'ok';
    redirect = { url: threeDSecureUrl(ctx.config, id), parameters: [] };
    pending = {
      testMode,
      riskScore: outcome.riskScore,
      ...(outcome.avsResponse ? { avsResponse: outcome.avsResponse } : {}),
      ...(outcome.cvvResponse ? { cvvResponse: outcome.cvvResponse } : {}),
      ...boundResultUrl(source, params, id),
      ...(source.checkout ? { checkoutId: source.checkout.id } : {}),
      ...(wantsRegistration && account.kind === 'card' ? { sealedCard: ctx.vault.seal(account.card.number), holder: account.card.holder ?? null, expiryMonth: account.card.expiryMonth, expiryYear: account.card.expiryYear } : {}),
    };
  }

  let registration: RegistrationRecord | undefined;
  if (status === 'success' && wantsRegistration && account.kind === 'card') {
    registration = newRegistration(ctx, entity.id, paymentBrand, account.card, now, params.get('recurringType') === 'INITIAL', APPROVAL_CODES[testMode]);
    registrationId = registration.id;
  }

  const body = paymentView({
    id,
    paymentType,
    paymentBrand,
    amount,
    currency,
    result: resultView(resultCode, outcome.kind === 'challenge' || outcome.kind === 'redirect' ? {} : { avsResponse: outcome.kind === 'approved' ? outcome.avsResponse : undefined, cvvResponse: outcome.cvvResponse }),
    params,
    card,
    riskScore: outcome.riskScore,
    registrationId,
    redirect,
    threeDSecureVersion,
    merchantBankAccount: entity.settings.bankAccount,
    resultDetails: resultDetailsOf(id, status, merchantInitiated ? source.registration?.record.migration ?? null : undefined),
  });
  if (source.occurrence) body.scheduleId = source.occurrence.scheduleId;
  if (held) Object.assign(body, quotedFields(held, amount));
  const json = JSON.stringify(body);
  const attempt = source.checkout && { pendingLeaseUntil: source.checkout.pendingLeaseUntil, shopperResultUrl: source.checkout.shopperResultUrl };
  const record: PaymentRecord = {
    id,
    entityId: entity.id,
    paymentType,
    paymentBrand,
    amount,
    currency,
    status,
    resultCode,
    referencedId: null,
    registrationId: registrationId ?? null,
    checkoutId: source.checkout?.id ?? null,
    capturedAmount: 0,
    refundedAmount: 0,
    reversed: false,
    responseJson: json,
    pendingJson: pending ? JSON.stringify(pending) : redirectState ? JSON.stringify(redirectState) : null,
    pendingKind: status === 'pending' ? (redirectState ? 'redirect' : 'three-d-secure') : null,
    createdAt: now,
    updatedAt: now,
    merchantTransactionId: params.get('merchantTransactionId') ?? null,
    fxQuote: held?.quote ?? null,
  };
  const notificationUrl = params.get('notificationUrl');
  const events = [paymentEvent(ctx, 'paymentCreated', record, json, notificationUrl ? { notificationUrl } : {})];
  if (registration) events.push(registrationEvent(ctx, 'registrationStored', registration, registration.responseJson));
  const written = await ctx.store.insertPayment(record, {
    events,
    registration,
    attempt,
    answer: source.claim ? claimAnswerOf(source.claim, outcomeKind, json) : undefined,
    // A redirect the shopper never comes back from expires: its job is queued with the payment.
    jobs: redirectState ? [redirectExpiryJob(ctx, id, now)] : undefined,
    occurrence: source.occurrence ? { id: source.occurrence.id, status: OCCURRENCE_STATUS[status], paymentId: id, resultCode, now } : undefined,
  });
  // Only a checkout paid by another attempt refuses a success; its claim keeps that from happening.
  if (!written) throw new ApiError('noSession');
  if (source.claim) failpoint(ctx.config.failpoints, 'after-commit');
  return { kind: outcomeKind, body, json, answered: source.claim !== undefined, paymentId: id, paymentStatus: status };
}
