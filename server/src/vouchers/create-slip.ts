// Issues a voucher slip: a PA answered pending with the slip's codes in resultDetails and a
// redirect to the relay page that shows it (routes/vouchers.ts). The confirmation and the expiry
// are durable jobs written with the payment (jobs.ts), so any relay runs them at their time.

import { writePayment } from '../storage/writes/index.js';
import type { RelayContext } from '../flows/context.js';
import { ApiError } from '../domain/errors.js';
import { newPaymentId } from '../domain/ids.js';
import { listedEmail } from '../domain/payment-listing.js';
import type { EntityRecord, PaymentRecord } from '../domain/records.js';
import { claimAnswerOf, type Claim } from '../flows/outcome.js';
import { resultUrl } from '../flows/result-url.js';
import type { FlatParams } from '../params/types.js';
import { paymentView, resultView } from '../flows/response.js';
import { failpoint } from '../config/failpoint.js';
import { modeOf } from '../simulator/rules.js';
import { paymentEvent } from '../webhooks/events.js';
import { barCode, digitableLine } from './boleto-code.js';
import type { VoucherBrand } from './brands.js';
import { slipJobs } from './jobs.js';
import { voucherErrors } from './rules.js';
import { digitsOf, type SlipState } from './slip-state.js';
import { DUE_DATE_PARAM, slipTiming } from './timing.js';

/** The simulator's bank code on boletos: no bank has it, so no slip is mistaken for a real one. */
export const SIMULATOR_BANK = '999';
/** Voucher generation in test answers the connector test mode's code (spec, "Errors"). */
const ISSUED_CODES = { INTERNAL: '000.100.112', EXTERNAL: '000.100.112', LIVE: '000.000.000' } as const;

export function slipPageUrl(publicUrl: string, paymentId: string): string {
  return `${publicUrl}/v1/vouchers/${paymentId}`;
}

export interface SlipSource {
  checkout?: { id: string; pendingLeaseUntil: number; shopperResultUrl: string | null };
  resultUrl?: string;
  claim?: Claim;
}

export interface IssuedSlip {
  kind: 'ok';
  body: Record<string, unknown>;
  json: string;
  answered: boolean;
  paymentId: string;
  paymentStatus: 'pending';
}

export async function createSlip(ctx: RelayContext, entity: EntityRecord, brand: VoucherBrand, params: FlatParams, amount: number, source: SlipSource = {}): Promise<IssuedSlip> {
  const now = ctx.clock.now();
  const errors = voucherErrors(brand, params, amount, now, source.resultUrl !== undefined);
  if (errors.length > 0) throw new ApiError('invalidParameters', errors);

  const id = newPaymentId(now);
  const timing = slipTiming(brand, now, params.get(DUE_DATE_PARAM), ctx.config.voucherConfirmBusinessDays);
  const beneficiary = entity.settings.bankAccount?.holder ?? entity.name;
  const voucher: SlipState['voucher'] = { brand: brand.brand, dueDate: timing.dueDate, expiresAt: timing.expiresAt, confirmAt: timing.confirmAt, beneficiary };
  const details: Record<string, string> = {
    ExtendedDescription: 'Voucher issued, awaiting payment by the shopper',
    ConnectorTxID1: id.slice(-16),
    AcquirerResponse: '00',
    connectorId: id.slice(-16),
    reconciliationId: digitsOf(id, 'reconciliation', 12),
    DueDate: timing.dueDate,
  };
  if (brand.brand === 'BOLETO') {
    const code = barCode({ bank: SIMULATOR_BANK, dueDate: timing.dueDate, amount, freeField: digitsOf(id, 'free-field', 25) });
    voucher.barCode = code;
    voucher.digitableLine = digitableLine(code);
    details.BarCodeNumber = code;
    details.DigitableLine = voucher.digitableLine;
  } else {
    voucher.reference = digitsOf(id, 'reference', 14);
    details.ConnectorTxID2 = voucher.reference;
  }
  const testMode = modeOf(ctx.config.environment, params.get('testMode'));
  const resultCode = ISSUED_CODES[testMode];
  const pageUrl = slipPageUrl(ctx.config.publicUrl, id);
  const body = paymentView({
    id,
    paymentType: 'PA',
    paymentBrand: params.get('paymentBrand') ?? brand.brand,
    amount,
    currency: brand.currency,
    result: resultView(resultCode),
    params,
    redirect: { url: pageUrl, method: 'GET', parameters: [] },
    resultDetails: details,
    merchantBankAccount: entity.settings.bankAccount,
  });
  const json = JSON.stringify(body);
  const back = source.resultUrl ?? resultUrl(params.get('shopperResultUrl') ?? '', id, `/v1/payments/${id}`);
  const state: SlipState = { voucher, ...(back ? { resultUrl: back } : {}), ...(source.checkout ? { checkoutId: source.checkout.id } : {}) };
  const record: PaymentRecord = {
    id,
    entityId: entity.id,
    paymentType: 'PA',
    paymentBrand: brand.brand,
    amount,
    currency: brand.currency,
    status: 'pending',
    resultCode,
    referencedId: null,
    registrationId: null,
    checkoutId: source.checkout?.id ?? null,
    capturedAmount: 0,
    refundedAmount: 0,
    reversed: false,
    responseJson: json,
    pendingJson: JSON.stringify(state),
    pendingKind: 'slip',
    createdAt: now,
    updatedAt: now,
    merchantTransactionId: params.get('merchantTransactionId') ?? null,
    fxQuote: null,
    method: 'voucher',
    cardLast4: null,
    customerEmail: listedEmail(params.get('customer.email')),
  };
  const notificationUrl = params.get('notificationUrl');
  const attempt = source.checkout && { pendingLeaseUntil: Math.max(source.checkout.pendingLeaseUntil, timing.expiresAt), shopperResultUrl: source.checkout.shopperResultUrl };
  const written = await writePayment(ctx.store, record, {
    events: [paymentEvent(ctx, 'paymentCreated', record, json, notificationUrl ? { notificationUrl } : {})],
    jobs: slipJobs(ctx, record, timing),
    ...(attempt ? { attempt } : {}),
    ...(source.claim ? { answer: claimAnswerOf(source.claim, 'ok', json) } : {}),
  });
  if (!written) throw new ApiError('noSession');
  ctx.metrics.paymentWritten(record.paymentType, record.paymentBrand, record.status);
  if (source.claim) failpoint(ctx.config.failpoints, 'after-commit');
  return { kind: 'ok', body, json, answered: source.claim !== undefined, paymentId: id, paymentStatus: 'pending' };
}
