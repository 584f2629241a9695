// Record <-> row mapping, the one place that knows column names, 0/1 flags and JSON text.

import type { Selectable } from 'kysely';
import type { JobRecord } from '../domain/job.js';
import type { CheckoutsTable, EntitiesTable, Flag, JobsTable, MerchantsTable, PaymentsTable, RegistrationsTable, SimulatorAuthorizationsTable } from './schema.js';
import type { CheckoutRecord, EntityRecord, EntitySettings, MerchantRecord, PaymentRecord, PaymentStatus, RecurringMigration, RegistrationRecord, SimulatorAuthorization } from './store.js';

import { isPendingKind, type PendingKind } from '../domain/lifecycle.js';
import { isMigrationPaymentType } from '../domain/records.js';
import { isListedMethod, type ListedMethod } from '../domain/payment-listing.js';

const flag = (b: boolean): Flag => (b ? 1 : 0);

const STATUSES: readonly PaymentStatus[] = ['pending', 'success', 'declined'];

function status(text: string): PaymentStatus {
  const found = STATUSES.find((s) => s === text);
  if (!found) throw new Error(`unknown payment status in the database: ${JSON.stringify(text)}`);
  return found;
}

function listedMethod(text: string): ListedMethod {
  if (!isListedMethod(text)) throw new Error(`unknown payment method in the database: ${JSON.stringify(text)}`);
  return text;
}

function pendingKind(text: string | null): PendingKind | null {
  if (text === null) return null;
  if (!isPendingKind(text)) throw new Error(`unknown pending kind in the database: ${JSON.stringify(text)}`);
  return text;
}

export const merchantToRow = (m: MerchantRecord): MerchantsTable => ({
  id: m.id,
  name: m.name,
  token_hash: m.tokenHash,
  webhook_secret: m.webhookSecret,
  created_at: m.createdAt,
});

export const merchantFromRow = (r: Selectable<MerchantsTable>): MerchantRecord => ({
  id: r.id,
  name: r.name,
  tokenHash: r.token_hash,
  webhookSecret: r.webhook_secret,
  createdAt: r.created_at,
});

export const entityToRow = (e: EntityRecord): EntitiesTable => ({
  id: e.id,
  merchant_id: e.merchantId,
  name: e.name,
  settings: JSON.stringify(e.settings),
  created_at: e.createdAt,
});

export const entityFromRow = (r: Selectable<EntitiesTable>): EntityRecord => ({
  id: r.id,
  merchantId: r.merchant_id,
  name: r.name,
  settings: JSON.parse(r.settings) as EntitySettings,
  createdAt: r.created_at,
});

export const paymentToRow = (p: PaymentRecord): PaymentsTable => ({
  id: p.id,
  entity_id: p.entityId,
  payment_type: p.paymentType,
  payment_brand: p.paymentBrand,
  amount: p.amount,
  currency: p.currency,
  status: p.status,
  result_code: p.resultCode,
  referenced_id: p.referencedId,
  registration_id: p.registrationId,
  checkout_id: p.checkoutId,
  captured_amount: p.capturedAmount,
  refunded_amount: p.refundedAmount,
  chargeback_amount: p.chargebackAmount ?? 0,
  reversed: flag(p.reversed),
  response_json: p.responseJson,
  pending_json: p.pendingJson,
  pending_kind: p.pendingKind,
  created_at: p.createdAt,
  updated_at: p.updatedAt,
  merchant_transaction_id: p.merchantTransactionId ?? null,
  fx_quote_id: p.fxQuote?.id ?? null,
  fx_rate: p.fxQuote?.rate ?? null,
  settlement_currency: p.fxQuote?.sourceCurrency ?? null,
  settlement_status: null,
  settlement_date: null,
  aggregation_id: null,
  method: p.method ?? null,
  card_last4: p.cardLast4 ?? null,
  customer_email: p.customerEmail ?? null,
});

export const paymentFromRow = (r: Selectable<PaymentsTable>): PaymentRecord => ({
  id: r.id,
  entityId: r.entity_id,
  paymentType: r.payment_type,
  paymentBrand: r.payment_brand,
  amount: r.amount,
  currency: r.currency,
  status: status(r.status),
  resultCode: r.result_code,
  referencedId: r.referenced_id,
  registrationId: r.registration_id,
  checkoutId: r.checkout_id,
  capturedAmount: r.captured_amount,
  refundedAmount: r.refunded_amount,
  reversed: r.reversed === 1,
  responseJson: r.response_json,
  pendingJson: r.pending_json,
  pendingKind: pendingKind(r.pending_kind),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  // Present only when set, so a record reads back as it was written.
  ...(r.chargeback_amount !== 0 ? { chargebackAmount: r.chargeback_amount } : {}),
  ...(r.merchant_transaction_id !== null ? { merchantTransactionId: r.merchant_transaction_id } : {}),
  ...(r.fx_quote_id !== null && r.fx_rate !== null ? { fxQuote: { id: r.fx_quote_id, rate: r.fx_rate, sourceCurrency: r.settlement_currency ?? r.currency } } : {}),
  ...(r.settlement_status !== null ? { settlement: { status: r.settlement_status, date: r.settlement_date ?? '', aggregationId: r.aggregation_id ?? '' } } : {}),
  ...(r.method !== null ? { method: listedMethod(r.method) } : {}),
  ...(r.card_last4 !== null ? { cardLast4: r.card_last4 } : {}),
  ...(r.customer_email !== null ? { customerEmail: r.customer_email } : {}),
});

export const registrationToRow = (g: RegistrationRecord): RegistrationsTable => ({
  id: g.id,
  entity_id: g.entityId,
  payment_brand: g.paymentBrand,
  bin: g.bin,
  last4: g.last4,
  expiry_month: g.expiryMonth,
  expiry_year: g.expiryYear,
  holder: g.holder,
  card_ciphertext: g.cardCiphertext,
  card_hmac: g.cardHmac,
  initial_done: flag(g.initialDone),
  response_json: g.responseJson,
  deleted_at: g.deletedAt,
  created_at: g.createdAt,
  migration_payment_type: g.migration?.paymentType ?? null,
  migration_amount: g.migration?.amount ?? null,
  migration_request_timestamp: g.migration?.requestTimestamp ?? null,
  migration_connector_tx_id1: g.migration?.connectorTxId1 ?? null,
  migration_connector_tx_id2: g.migration?.connectorTxId2 ?? null,
  migration_connector_tx_id3: g.migration?.connectorTxId3 ?? null,
});

export const registrationFromRow = (r: Selectable<RegistrationsTable>): RegistrationRecord => ({
  id: r.id,
  entityId: r.entity_id,
  paymentBrand: r.payment_brand,
  bin: r.bin,
  last4: r.last4,
  expiryMonth: r.expiry_month,
  expiryYear: r.expiry_year,
  holder: r.holder,
  cardCiphertext: r.card_ciphertext,
  cardHmac: r.card_hmac,
  initialDone: r.initial_done === 1,
  responseJson: r.response_json,
  deletedAt: r.deleted_at,
  createdAt: r.created_at,
  migration: migrationFromRow(r),
});

/** A registration's migrated INITIAL payment: its payment type is there exactly when it is. */
function migrationFromRow(r: Selectable<RegistrationsTable>): RecurringMigration | null {
  const paymentType = r.migration_payment_type;
  if (paymentType === null) return null;
  if (!isMigrationPaymentType(paymentType)) throw new Error(`unknown recurringMigration.paymentType in the database: ${JSON.stringify(paymentType)}`);
  return {
    paymentType,
    amount: r.migration_amount,
    requestTimestamp: r.migration_request_timestamp,
    connectorTxId1: r.migration_connector_tx_id1,
    connectorTxId2: r.migration_connector_tx_id2,
    connectorTxId3: r.migration_connector_tx_id3,
  };
}

export const checkoutToRow = (c: CheckoutRecord): CheckoutsTable => ({
  id: c.id,
  entity_id: c.entityId,
  payment_type: c.paymentType,
  amount: c.amount,
  currency: c.currency,
  params_json: c.paramsJson,
  shopper_result_url: c.shopperResultUrl,
  created_at: c.createdAt,
  expires_at: c.expiresAt,
  success_payment_id: c.successPaymentId,
  last_payment_id: c.lastPaymentId,
  busy_until: c.busyUntil,
  decline_count: c.declineCount,
  spent_at: c.spentAt,
  read_window_start: c.readWindowStart,
  read_count: c.readCount,
});

export const checkoutFromRow = (r: Selectable<CheckoutsTable>): CheckoutRecord => ({
  id: r.id,
  entityId: r.entity_id,
  paymentType: r.payment_type,
  amount: r.amount,
  currency: r.currency,
  paramsJson: r.params_json,
  shopperResultUrl: r.shopper_result_url,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  successPaymentId: r.success_payment_id,
  lastPaymentId: r.last_payment_id,
  busyUntil: r.busy_until,
  declineCount: r.decline_count,
  spentAt: r.spent_at,
  readWindowStart: r.read_window_start,
  readCount: r.read_count,
});

export const simulatorAuthorizationToRow = (a: SimulatorAuthorization): SimulatorAuthorizationsTable => ({
  reference: a.reference,
  entity_id: a.entityId,
  payment_id: a.paymentId,
  payment_type: a.paymentType,
  amount: a.amount,
  currency: a.currency,
  result_code: a.resultCode,
  state: a.state,
  created_at: a.createdAt,
  voided_at: a.voidedAt,
});

export const simulatorAuthorizationFromRow = (r: Selectable<SimulatorAuthorizationsTable>): SimulatorAuthorization => ({
  reference: r.reference,
  entityId: r.entity_id,
  paymentId: r.payment_id,
  paymentType: r.payment_type,
  amount: r.amount,
  currency: r.currency,
  resultCode: r.result_code,
  state: r.state,
  createdAt: r.created_at,
  voidedAt: r.voided_at,
});

export function jobToRow(j: JobRecord): JobsTable {
  return {
    id: j.id,
    kind: j.kind,
    payload: j.payload,
    state: j.state,
    run_at: j.runAt,
    attempts: j.attempts,
    max_attempts: j.maxAttempts,
    lease_owner: j.leaseOwner,
    lease_until: j.leaseUntil,
    unique_key: j.uniqueKey,
    group_key: j.groupKey,
    request_id: j.requestId ?? null,
    last_error: j.lastError,
    created_at: j.createdAt,
    updated_at: j.updatedAt,
  };
}

export function jobFromRow(r: Selectable<JobsTable>): JobRecord {
  return {
    id: r.id,
    kind: r.kind,
    payload: r.payload,
    state: r.state,
    runAt: Number(r.run_at),
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
    leaseOwner: r.lease_owner,
    leaseUntil: r.lease_until === null ? null : Number(r.lease_until),
    uniqueKey: r.unique_key,
    groupKey: r.group_key,
    requestId: r.request_id ?? undefined,
    lastError: r.last_error,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}
