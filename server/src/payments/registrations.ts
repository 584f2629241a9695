// Stored cards. The number is kept only sealed (AES-256-GCM, key outside the database) and
// fingerprinted with a keyed HMAC; the CVV is never stored (A9).

import { newRegistrationId } from '../domain/ids.js';
import type { RelayContext } from '../flows/context.js';
import type { CardInput } from '../simulator/types.js';
import type { RecurringMigration, RegistrationRecord } from '../domain/records.js';
import { migrationView } from './recurring-migration.js';
import { cardView, resultView } from '../flows/response.js';

export function registrationView(record: Pick<RegistrationRecord, 'id' | 'paymentBrand' | 'bin' | 'last4' | 'holder' | 'expiryMonth' | 'expiryYear' | 'migration'>, resultCode: string): Record<string, unknown> {
  const card: Record<string, string> = { bin: record.bin, last4Digits: record.last4, expiryMonth: record.expiryMonth, expiryYear: record.expiryYear };
  if (record.holder) card.holder = record.holder;
  const view: Record<string, unknown> = { id: record.id, paymentBrand: record.paymentBrand, result: resultView(resultCode), card };
  if (record.migration) view.recurringMigration = migrationView(record.migration);
  return view;
}

/**
 * A new registration of `card`, sealed and fingerprinted, not yet written: a payment that creates
 * one writes it in the payment's own transaction, so neither exists without the other.
 */
export function newRegistration(
  ctx: RelayContext,
  entityId: string,
  paymentBrand: string,
  card: CardInput,
  now: number,
  initialDone: boolean,
  /** The success code of the request that stores the card (it depends on the mode). */
  resultCode: string,
  /** The INITIAL payment made elsewhere, when the registration brings in a migrated series. */
  migration: RecurringMigration | null = null,
): RegistrationRecord {
  const view = cardView(card);
  const record: RegistrationRecord = {
    id: newRegistrationId(now),
    entityId,
    paymentBrand,
    bin: view.bin,
    last4: view.last4Digits,
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
    holder: card.holder ?? null,
    cardCiphertext: ctx.vault.seal(card.number),
    cardHmac: ctx.vault.fingerprint(card.number),
    initialDone,
    migration,
    responseJson: '',
    deletedAt: null,
    createdAt: now,
  };
  record.responseJson = JSON.stringify(registrationView(record, resultCode));
  return record;
}

/** The card of a stored registration, for paying with it. The CVV is absent by construction. */
export function cardOfRegistration(ctx: RelayContext, record: RegistrationRecord): CardInput {
  return {
    number: ctx.vault.open(record.cardCiphertext),
    holder: record.holder ?? undefined,
    expiryMonth: record.expiryMonth,
    expiryYear: record.expiryYear,
  };
}
