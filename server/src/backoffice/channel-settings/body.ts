// The body of PUT /api/channels/:id/settings: the settings to change, each checked by the checks
// `relay entity set` uses (merchants/entity-settings-input.ts), every problem named by its
// parameter at once. A field left out keeps its value; null removes the channel's own setting.

import type { MerchantBankAccount, SettlementFee, ThrottledOperation } from '../../domain/records.js';
import { BANK_ACCOUNT_FIELDS, checkBankAccountInput, checkCountry, checkOrigin, checkReversalCutoffHours, checkSettlementFee, checkThrottleLimit, checkTimeZone, THROTTLED_OPERATIONS, type BankAccountField, type Checked, type SettingsChanges } from '../../merchants/entity-settings-input.js';
import type { BodyReader } from '../body.js';

/** More origins or fee rows than any channel needs is a mistake, not a setting. */
const MAX_LIST = 100;

const SETTINGS = ['country', 'allowedOrigins', 'reversalCutoffHours', 'throttle', 'strictParameters', 'threeDSecure2Required', 'bankAccount', 'timeZone', 'settlementFees'] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value of a check; a failing check is noted under `parameter` (the check's own name unless given). */
function take<T>(body: BodyReader, checked: Checked<T>, parameter?: string): T | undefined {
  if (checked.ok) return checked.value;
  body.problem(parameter ?? checked.parameter, checked.message);
  return undefined;
}

function listOf(body: BodyReader, name: string, value: unknown): unknown[] | undefined {
  if (!Array.isArray(value)) body.problem(name, 'must be a list, or null');
  else if (value.length > MAX_LIST) body.problem(name, `must have at most ${MAX_LIST} entries`);
  else return value;
  return undefined;
}

function origins(body: BodyReader, value: unknown): string[] | undefined {
  const list = listOf(body, 'allowedOrigins', value);
  if (!list) return undefined;
  const found = list.map((v, i) => take(body, checkOrigin(v), `allowedOrigins[${i}]`));
  return found.every((o) => o !== undefined) ? [...new Set(found as string[])] : undefined;
}

function throttle(body: BodyReader, value: unknown): Partial<Record<ThrottledOperation, number | null>> | undefined {
  if (!isObject(value)) {
    body.problem('throttle', `must be an object of limits by operation (${THROTTLED_OPERATIONS.join(', ')})`);
    return undefined;
  }
  const changes: Partial<Record<ThrottledOperation, number | null>> = {};
  for (const [name, limit] of Object.entries(value)) {
    const operation = THROTTLED_OPERATIONS.find((op) => op === name);
    if (!operation) {
      body.problem(`throttle.${name}`, `is not a throttled operation: one of ${THROTTLED_OPERATIONS.join(', ')}`);
      continue;
    }
    const checked = take(body, checkThrottleLimit(operation, limit));
    if (checked !== undefined) changes[operation] = checked;
  }
  return changes;
}

function bankAccount(body: BodyReader, value: unknown): MerchantBankAccount | undefined {
  if (!isObject(value)) {
    body.problem('bankAccount', 'must be { holder, number?, bic?, country? }, or null');
    return undefined;
  }
  const given: Partial<Record<BankAccountField, string>> = {};
  let fine = true;
  for (const [name, text] of Object.entries(value)) {
    const field = BANK_ACCOUNT_FIELDS.find((f) => f === name);
    if (!field) body.problem(`bankAccount.${name}`, `is not a field of the account: one of ${BANK_ACCOUNT_FIELDS.join(', ')}`);
    else if (typeof text !== 'string') body.problem(`bankAccount.${name}`, 'must be a text');
    else {
      given[field] = text;
      continue;
    }
    fine = false;
  }
  return fine ? take(body, checkBankAccountInput(given)) : undefined;
}

function fees(body: BodyReader, value: unknown): Record<string, SettlementFee> | undefined {
  const list = listOf(body, 'settlementFees', value);
  if (!list) return undefined;
  const table: Record<string, SettlementFee> = {};
  let fine = true;
  list.forEach((row, i) => {
    const name = `settlementFees[${i}]`;
    const { brand, percent, fixed } = isObject(row) ? row : {};
    if (typeof brand !== 'string' || typeof percent !== 'string' || typeof fixed !== 'string') {
      body.problem(name, 'must be { brand, percent, fixed }, each a text');
      fine = false;
      return;
    }
    // The row as `relay entity set --settlement-fee` takes it, checked as it checks it.
    const checked = take(body, checkSettlementFee(`${brand}=${percent}%+${fixed}`), name);
    if (!checked) fine = false;
    else if (Object.hasOwn(table, checked[0])) {
      body.problem(name, `${checked[0]} has a row already`);
      fine = false;
    } else table[checked[0]] = checked[1];
  });
  return fine ? table : undefined;
}

/** Reads the changes; call body.done() before using them. */
export function readSettingsChanges(body: BodyReader, fields: Record<string, unknown>): SettingsChanges {
  const changes: SettingsChanges = {};
  for (const name of Object.keys(fields)) {
    if (!(SETTINGS as readonly string[]).includes(name)) body.problem(name, `is not a channel setting: one of ${SETTINGS.join(', ')}`);
  }
  const given = SETTINGS.filter((name) => fields[name] !== undefined);
  if (given.length === 0 && body.problems.length === 0) body.problem('body', `give at least one setting: ${SETTINGS.join(', ')}`);
  for (const name of given) {
    const value = fields[name];
    switch (name) {
      case 'country':
        if (value === null) changes.country = null;
        else if (typeof value !== 'string') body.problem(name, 'must be a text, or null');
        else changes.country = take(body, checkCountry(value));
        break;
      case 'allowedOrigins':
        changes.allowedOrigins = value === null ? null : origins(body, value);
        break;
      case 'reversalCutoffHours':
        if (value === null) changes.reversalCutoffHours = null;
        else if (typeof value !== 'number' && typeof value !== 'string') body.problem(name, 'must be a number of hours, or null');
        else changes.reversalCutoffHours = take(body, checkReversalCutoffHours(String(value)));
        break;
      case 'throttle':
        changes.throttle = throttle(body, value);
        break;
      case 'strictParameters':
      case 'threeDSecure2Required':
        if (typeof value === 'boolean') changes[name] = value;
        else body.problem(name, 'must be true or false');
        break;
      case 'bankAccount':
        changes.bankAccount = value === null ? null : bankAccount(body, value);
        break;
      case 'timeZone':
        changes.timeZone = value === null ? null : take(body, checkTimeZone(value));
        break;
      case 'settlementFees':
        changes.settlementFees = value === null ? null : fees(body, value);
        break;
    }
  }
  return changes;
}
