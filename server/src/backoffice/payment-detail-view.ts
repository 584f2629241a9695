// A payment as the back office's detail page shows it (docs/back-office-api.md, PaymentDetail):
// its row, the masked card or account, customer, billing and custom parameters read back from the
// answer the relay stored when it was made, and each record of its family as a timeline entry with
// its result code's meaning. The stored answer holds only a card's bin and last four; every text
// taken from it is scrubbed again all the same, so a card number a merchant put in a free field
// (a custom parameter, a customer's name) is never shown whole.

import { scrubText } from '../config/logging.js';
import { totalOf } from '../domain/lifecycle.js';
import { formatAmount } from '../domain/money.js';
import { methodOfAnswer } from '../domain/payment-listing.js';
import type { PaymentRecord } from '../domain/records.js';
import { resultView } from '../flows/response.js';

export type ListedStatus = 'success' | 'pending' | 'declined' | 'chargedBack';

/** One record of a payment's family (docs/back-office-api.md, TimelineRecord). */
export interface TimelineRecord {
  id: string;
  paymentType: string;
  amount: string;
  currency: string;
  resultCode: string;
  resultDescription: string | undefined;
  createdAt: number;
  status: ListedStatus;
}

/** The list's status: a successful payment with an open chargeback is charged back. */
export function listedStatus(p: PaymentRecord): ListedStatus {
  if (p.status === 'success' && totalOf(p, 'chargebackAmount') > 0) return 'chargedBack';
  return p.status;
}

export function timelineRecord(p: PaymentRecord): TimelineRecord {
  return {
    id: p.id,
    paymentType: p.paymentType,
    amount: formatAmount(p.amount),
    currency: p.currency,
    resultCode: p.resultCode,
    resultDescription: resultView(p.resultCode).description,
    createdAt: p.createdAt,
    status: listedStatus(p),
  };
}

type Json = Record<string, unknown>;

function objectAt(value: unknown, key: string): Json | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const found = (value as Json)[key];
  return typeof found === 'object' && found !== null && !Array.isArray(found) ? (found as Json) : undefined;
}

function textAt(value: Json | undefined, key: string): string | undefined {
  const found = value?.[key];
  return typeof found === 'string' ? scrubText(found) : undefined;
}

/** An echoed structure's values with every text scrubbed, nested structures kept. */
function scrubbed(value: unknown): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (Array.isArray(value)) return value.map(scrubbed);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubbed(v)]));
  return value;
}

function answerOf(p: PaymentRecord): Json {
  try {
    const parsed: unknown = JSON.parse(p.responseJson);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Json) : {};
  } catch {
    return {};
  }
}

/** The card as the answer kept it: bin (six digits) and last four, never more. */
function cardOf(answer: Json): Json | undefined {
  const card = objectAt(answer, 'card');
  if (!card) return undefined;
  const bin = textAt(card, 'bin');
  const last4 = textAt(card, 'last4Digits');
  return {
    bin: bin !== undefined && /^\d{6}$/.test(bin) ? bin : null,
    last4: last4 !== undefined && /^\d{4}$/.test(last4) ? last4 : null,
    holder: textAt(card, 'holder') ?? null,
    expiryMonth: textAt(card, 'expiryMonth') ?? null,
    expiryYear: textAt(card, 'expiryYear') ?? null,
  };
}

/**
 * An account number as the answer masks a bank account's (flows/response.ts): its first and last
 * four characters. Masking a masked number again changes nothing; a virtual account's id, which
 * the answer echoes as sent, is masked the same way here.
 */
function masked(value: string): string {
  return value.length <= 8 ? '****' : `${value.slice(0, 4)}${'*'.repeat(value.length - 8)}${value.slice(-4)}`;
}

/** The bank or virtual account as the answer kept it, its number masked. */
function accountOf(answer: Json): Json | undefined {
  const account = objectAt(answer, 'bankAccount') ?? objectAt(answer, 'virtualAccount');
  if (!account) return undefined;
  const number = textAt(account, 'iban') ?? textAt(account, 'number') ?? textAt(account, 'accountId');
  return { holder: textAt(account, 'holder') ?? null, ibanMasked: number === undefined ? null : masked(number) };
}

/** The payment's row and what only the detail shows (PaymentDetail.payment). */
export function paymentDetailView(p: PaymentRecord): Json {
  const answer = answerOf(p);
  const card = cardOf(answer);
  const account = accountOf(answer);
  const customer = objectAt(answer, 'customer');
  const billing = objectAt(answer, 'billing');
  const customParameters = objectAt(answer, 'customParameters');
  return {
    id: p.id,
    createdAt: p.createdAt,
    entityId: p.entityId,
    paymentType: p.paymentType,
    paymentBrand: p.paymentBrand,
    method: p.method ?? methodOfAnswer(answer, p.paymentBrand),
    amount: formatAmount(p.amount),
    currency: p.currency,
    status: listedStatus(p),
    resultCode: p.resultCode,
    resultDescription: resultView(p.resultCode).description,
    merchantTransactionId: p.merchantTransactionId ?? null,
    last4: (card?.last4 as string | null | undefined) ?? null,
    email: textAt(customer, 'email') ?? null,
    ...(card ? { card } : {}),
    ...(account ? { account } : {}),
    ...(customer ? { customer: scrubbed(customer) } : {}),
    ...(billing ? { billing: scrubbed(billing) } : {}),
    ...(customParameters ? { customParameters: scrubbed(customParameters) } : {}),
  };
}
