// An entity's (channel's) settings as an operator or an admin gives them: each value checked once,
// here, for both the CLI (`relay entity set`, process/cli.ts) and the back office's channel settings
// (backoffice/routes/channel-settings.ts), so the two accept exactly the same values with the same
// reasons. A check answers the value to store, or the setting at fault with why; the caller names
// it as its own input does (the CLI's --flag, the API's parameter). applySettingsChanges makes the
// settings to store from the ones read and the checked changes, again the same for both.

import { MAX_THROTTLE_LIMIT, throttleLimitOf } from '../config/config.js';
import type { EntitySettings, MerchantBankAccount, SettlementFee, ThrottledOperation } from '../domain/records.js';
import { parseFeeOption } from '../domain/settlement-fee-text.js';
import { BANK_ACCOUNT_FIELDS, checkBankAccount, type BankAccountField } from './bank-account.js';

export const HOUR_MS = 60 * 60 * 1000;
/** Longest reversal cut-off accepted: one year. */
export const MAX_CUTOFF_HOURS = 24 * 366;
export const COUNTRIES = ['BR', 'MX', 'CO'] as const;
export type Country = (typeof COUNTRIES)[number];
export const THROTTLED_OPERATIONS: readonly ThrottledOperation[] = ['payments', 'followUps', 'registrations', 'checkouts', 'reads'];

/**
 * The setting a problem is about, as the API names it: country, allowedOrigins,
 * reversalCutoffHours, throttle.<operation>, bankAccount.<field>, timeZone, settlementFees.
 */
export type SettingName = 'country' | 'allowedOrigins' | 'reversalCutoffHours' | `throttle.${ThrottledOperation}` | `bankAccount.${BankAccountField}` | 'timeZone' | 'settlementFees';

/** A checked value, or the setting at fault and why (a message to follow the setting's name). */
export type Checked<T> = { ok: true; value: T } | { ok: false; parameter: SettingName; message: string };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const fault = <T>(parameter: SettingName, message: string): Checked<T> => ({ ok: false, parameter, message });

export function checkCountry(text: string): Checked<Country> {
  const found = COUNTRIES.find((c) => c === text);
  return found ? ok(found) : fault('country', `must be one of ${COUNTRIES.join(', ')}, got ${JSON.stringify(text)}`);
}

/** An origin as frame-ancestors needs it: scheme, host and port, nothing more. */
export function checkOrigin(value: unknown): Checked<string> {
  const text = typeof value === 'string' ? value : '';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fault('allowedOrigins', `must be an origin like https://shop.example, got ${JSON.stringify(text)}`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== text.replace(/\/$/, '')) {
    return fault('allowedOrigins', `must be an http(s) origin without path, got ${JSON.stringify(text)}`);
  }
  return ok(url.origin);
}

/** Hours after which a payment can no longer be reversed (a whole number from 1 to a year). */
export function checkReversalCutoffHours(text: string): Checked<number> {
  const hours = /^\d+$/.test(text) ? Number(text) : NaN;
  return hours >= 1 && hours <= MAX_CUTOFF_HOURS ? ok(hours) : fault('reversalCutoffHours', `must be a whole number from 1 to ${MAX_CUTOFF_HOURS}`);
}

/** A throttle limit: operations per second (0 = no limit), or null for "default" (the relay's THROTTLE_* applies). */
export function checkThrottleLimit(operation: ThrottledOperation, value: unknown): Checked<number | null> {
  if (value === null || value === 'default') return ok(null);
  const limit = typeof value === 'string' || typeof value === 'number' ? throttleLimitOf(String(value)) : undefined;
  if (limit !== undefined) return ok(limit);
  return fault(`throttle.${operation}`, `must be a whole number of operations per second from 0 (no limit) to ${MAX_THROTTLE_LIMIT}, or "default", got ${JSON.stringify(typeof value === 'string' ? value : String(value))}`);
}

/** The payout account the given fields make (they replace the whole account; the holder is required). */
export function checkBankAccountInput(given: Partial<Record<BankAccountField, string>>): Checked<MerchantBankAccount> {
  const checked = checkBankAccount(given);
  if (checked.ok) return ok(checked.account);
  const value = given[checked.field];
  return fault(`bankAccount.${checked.field}`, `${checked.message}${value === undefined ? '' : `, got ${JSON.stringify(value)}`}`);
}

export { BANK_ACCOUNT_FIELDS, type BankAccountField };

/** An IANA time zone the runtime knows (the schedules' job fields are read in it), in its canonical name. */
export function checkTimeZone(value: unknown): Checked<string> {
  if (typeof value !== 'string') return fault('timeZone', 'takes one IANA time zone');
  try {
    return ok(new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone);
  } catch {
    return fault('timeZone', `must be an IANA time zone such as Europe/Berlin, got ${JSON.stringify(value)}`);
  }
}

/** One row of the fee table from its text, `BRAND=P%+AMOUNT` (brand or `*`). */
export function checkSettlementFee(text: string): Checked<[string, SettlementFee]> {
  const row = parseFeeOption(text);
  return row ? ok(row) : fault('settlementFees', `must be BRAND=P%+AMOUNT like VISA=2.50%+0.30 (at most 100%), got ${JSON.stringify(text)}`);
}

/**
 * Checked changes of an entity's settings. An absent field is left as it is; null removes the
 * setting (the relay's default applies again); false removes a switch.
 */
export interface SettingsChanges {
  country?: Country | null;
  /** An empty list is no list: any origin may embed the widget. */
  allowedOrigins?: string[] | null;
  reversalCutoffHours?: number | null;
  /** Per operation: a limit, or null to remove the entity's own limit. */
  throttle?: Partial<Record<ThrottledOperation, number | null>>;
  strictParameters?: boolean;
  threeDSecure2Required?: boolean;
  bankAccount?: MerchantBankAccount | null;
  timeZone?: string | null;
  /** Replaces the whole table; empty or null removes it. */
  settlementFees?: Record<string, SettlementFee> | null;
}

/** The settings to store: `settings` with `changes` applied (neither is modified). */
export function applySettingsChanges(settings: EntitySettings, changes: SettingsChanges): EntitySettings {
  const next: EntitySettings = { ...settings };
  const put = <K extends keyof EntitySettings>(key: K, value: EntitySettings[K] | null | undefined | false): void => {
    if (value === undefined) return;
    if (value === null || value === false) delete next[key];
    else next[key] = value;
  };
  put('country', changes.country);
  put('allowedOrigins', changes.allowedOrigins && changes.allowedOrigins.length === 0 ? null : changes.allowedOrigins);
  put('reversalCutoffMs', changes.reversalCutoffHours === undefined || changes.reversalCutoffHours === null ? changes.reversalCutoffHours : changes.reversalCutoffHours * HOUR_MS);
  if (changes.throttle) {
    const throttle = { ...settings.throttle };
    for (const [operation, limit] of Object.entries(changes.throttle) as [ThrottledOperation, number | null][]) {
      if (limit === null) delete throttle[operation];
      else throttle[operation] = limit;
    }
    put('throttle', Object.keys(throttle).length > 0 ? throttle : null);
  }
  put('strictParameters', changes.strictParameters);
  put('threeDSecure2Required', changes.threeDSecure2Required);
  put('bankAccount', changes.bankAccount);
  put('timeZone', changes.timeZone);
  put('settlementFees', changes.settlementFees && Object.keys(changes.settlementFees).length === 0 ? null : changes.settlementFees);
  return next;
}
