// recurringMigration.*: a series whose INITIAL payment was made with another provider, brought in
// by a stand-alone registration. The relay keeps what the merchant sends, echoes it, and hands the
// INITIAL payment's acquirer references on with each REPEATED payment, which is what lets the
// acquirer link them to the series (spec: "Acquirer response details of the INITIAL payment").

import { parseDateTime } from '../domain/clock.js';
import { ApiError } from '../domain/errors.js';
import { formatAmount, parseAmount } from '../domain/money.js';
import { isMigrationPaymentType, type RecurringMigration } from '../domain/records.js';
import type { FlatParams } from '../params/types.js';

const PREFIX = 'recurringMigration.';

/** The acquirer references, each with the resultDetails name a REPEATED payment carries it under. */
const CONNECTOR_IDS = [
  ['connectorTxId1', 'InitialConnectorTxID1'],
  ['connectorTxId2', 'InitialConnectorTxID2'],
  ['connectorTxId3', 'InitialConnectorTxID3'],
] as const;

/**
 * The migrated INITIAL payment of a registration request whose parameters the catalogue has
 * validated (formats, and paymentType with any other field: params/rules.ts), or null when none was
 * sent. An INITIAL payment cannot have been made after `now`: such a timestamp is refused.
 */
export function migrationOf(params: FlatParams, now: number): RecurringMigration | null {
  const paymentType = params.get(`${PREFIX}paymentType`);
  if (paymentType === undefined || !isMigrationPaymentType(paymentType)) return null;
  const requestTimestamp = params.get(`${PREFIX}requestTimestamp`) ?? null;
  if (requestTimestamp !== null && parseDateTime(requestTimestamp) > now) {
    throw new ApiError('invalidParameters', [{ name: `${PREFIX}requestTimestamp`, value: requestTimestamp, message: 'must not be later than now (UTC): the INITIAL payment was made before' }]);
  }
  const amount = params.get(`${PREFIX}amount`);
  return {
    paymentType,
    amount: amount === undefined ? null : parseAmount(amount),
    requestTimestamp,
    connectorTxId1: params.get(`${PREFIX}connectorTxId1`) ?? null,
    connectorTxId2: params.get(`${PREFIX}connectorTxId2`) ?? null,
    connectorTxId3: params.get(`${PREFIX}connectorTxId3`) ?? null,
  };
}

/** recurringMigration in a registration's answer: the fields that were sent, the amount canonical. */
export function migrationView(m: RecurringMigration): Record<string, string> {
  const view: Record<string, string> = { paymentType: m.paymentType };
  if (m.amount !== null) view.amount = formatAmount(m.amount);
  if (m.requestTimestamp !== null) view.requestTimestamp = m.requestTimestamp;
  for (const [field] of CONNECTOR_IDS) {
    const value = m[field];
    if (value !== null) view[field] = value;
  }
  return view;
}

/** resultDetails of a REPEATED payment of a migrated series: the INITIAL payment's references. */
export function initialConnectorDetails(m: RecurringMigration | null): Record<string, string> {
  const details: Record<string, string> = {};
  if (m === null) return details;
  for (const [field, name] of CONNECTOR_IDS) {
    const value = m[field];
    if (value !== null) details[name] = value;
  }
  return details;
}
