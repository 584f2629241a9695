// Operator commands: `npm run relay -- <command>`. Creates merchants and entities (channels) and
// edits an entity's settings, in whichever store DATA_DIR / DATABASE_URL select. Prints JSON on
// stdout; bad arguments print a reason on stderr and exit with code 2.

import { id, parse, str, UsageError, type Values } from './cli-args.js';
import { WEBHOOK_COMMANDS, WEBHOOK_USAGE, webhookListen } from './cli-webhook.js';
import { USER_COMMANDS, USER_USAGE } from './cli-users.js';
import { createEntity, createMerchant } from '../merchants/bootstrap.js';
import { loadConfig, MAX_THROTTLE_LIMIT, throttleLimitOf } from '../config/config.js';
import { openStore } from '../storage/index.js';
import { CardVault } from '../crypto/card-vault.js';
import { loadCardKey } from '../crypto/keys.js';
import type { Store } from '../storage/store.js';
import type { EntityRecord, EntitySettings, MerchantBankAccount, SettlementFee, ThrottledOperation } from '../domain/records.js';
import { BANK_ACCOUNT_FIELDS, checkBankAccount, type BankAccountField } from '../merchants/bank-account.js';
import { parseFeeOption } from '../settlement/fees.js';

const USAGE = `usage: npm run relay -- <command>

  merchant create --name NAME [--entity-name NAME]
      creates a merchant and its first entity; prints merchantId, accessToken (shown only once),
      webhookSecret and entityId
  entity create --merchant ID --name NAME [--country BR|MX|CO] [--allowed-origin URL ...]
  entity set ENTITY_ID [--country BR|MX|CO | --no-country]
                       [--allowed-origin URL ... | --no-allowed-origin] [--reversal-cutoff-hours N]
                       [--throttle-payments N] [--throttle-follow-ups N] [--throttle-registrations N]
                       [--throttle-checkouts N] [--throttle-reads N]
                       [--strict-parameters | --no-strict-parameters] [--time-zone ZONE | --no-time-zone]
                       [--three-d-secure-2-required | --no-three-d-secure-2-required]
                       [--bank-account-holder NAME [--bank-account-number IBAN_OR_NUMBER]
                        [--bank-account-bic BIC] [--bank-account-country CC] | --no-bank-account]
                       [--settlement-fee BRAND=P%+AMOUNT ... | --no-settlement-fees]
      the bank account is the merchant's payout account, shown as merchant.bankAccount in
      payment answers; the options given replace the whole account, the holder among them
      a throttle limit is operations per second for this entity: 0 = no limit, "default" = clear
      the entity's own limit so the relay's THROTTLE_* setting applies again
      a settlement fee is per brand (* for any other), e.g. VISA=2.50%+0.30; the ones given
      replace the entity's fee table
      strict parameters refuse unused parameters and customer fields sent without the shopper's
      name; 3-D Secure 2 required refuses a challenge without the shopper's browser data instead
      of running it as 3-D Secure 1
  entity list --merchant ID
${WEBHOOK_USAGE}
${USER_USAGE}

The store is DATA_DIR/relay.sqlite, or PostgreSQL when DATABASE_URL is set.`;

/** Exit code for arguments the command cannot act on (usage errors, unknown ids). */
const EXIT_USAGE = 2;
const EXIT_FAILURE = 1;
const HOUR_MS = 60 * 60 * 1000;
/** Longest reversal cut-off accepted: one year. */
const MAX_CUTOFF_HOURS = 24 * 366;
const COUNTRIES = ['BR', 'MX', 'CO'] as const;
type Country = (typeof COUNTRIES)[number];

/** A command reads its arguments first, then runs against an open, migrated store. */
/** A command's work; `vault` loads (or creates) the card key only for commands that seal something. */
type Run = (store: Store, now: number, vault: () => CardVault) => Promise<unknown>;

function country(value: unknown): Country | undefined {
  const text = str(value, 'country', false);
  if (text === undefined) return undefined;
  const found = COUNTRIES.find((c) => c === text);
  if (!found) throw new UsageError(`--country must be one of ${COUNTRIES.join(', ')}, got ${JSON.stringify(text)}`);
  return found;
}

/** An origin as frame-ancestors needs it: scheme, host and port, nothing more. */
function origins(values: unknown): string[] | undefined {
  if (values === undefined) return undefined;
  const list = Array.isArray(values) ? values : [values];
  return list.map((value: unknown) => {
    const text = typeof value === 'string' ? value : '';
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new UsageError(`--allowed-origin must be an origin like https://shop.example, got ${JSON.stringify(text)}`);
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== text.replace(/\/$/, '')) {
      throw new UsageError(`--allowed-origin must be an http(s) origin without path, got ${JSON.stringify(text)}`);
    }
    return url.origin;
  });
}

function cutoffHours(value: unknown): number | undefined {
  const text = str(value, 'reversal-cutoff-hours', false);
  if (text === undefined) return undefined;
  const hours = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(hours >= 1 && hours <= MAX_CUTOFF_HOURS)) {
    throw new UsageError(`--reversal-cutoff-hours must be a whole number from 1 to ${MAX_CUTOFF_HOURS}`);
  }
  return hours;
}

/** The entity set option of each throttled operation's limit. */
const THROTTLE_FLAGS: Readonly<Record<ThrottledOperation, string>> = {
  payments: 'throttle-payments',
  followUps: 'throttle-follow-ups',
  registrations: 'throttle-registrations',
  checkouts: 'throttle-checkouts',
  reads: 'throttle-reads',
};

/** Limits given on the command line: a number, or null for "default" (remove the override). */
type ThrottleChanges = Partial<Record<ThrottledOperation, number | null>>;

function throttleChanges(values: Values): ThrottleChanges {
  const changes: ThrottleChanges = {};
  for (const [operation, flag] of Object.entries(THROTTLE_FLAGS) as [ThrottledOperation, string][]) {
    const text = str(values[flag], flag, false);
    if (text === undefined) continue;
    const limit = text === 'default' ? null : throttleLimitOf(text);
    if (limit === undefined) {
      throw new UsageError(`--${flag} must be a whole number of operations per second from 0 (no limit) to ${MAX_THROTTLE_LIMIT}, or "default", got ${JSON.stringify(text)}`);
    }
    changes[operation] = limit;
  }
  return changes;
}

function withThrottle(settings: EntitySettings, changes: ThrottleChanges): void {
  const throttle = { ...settings.throttle };
  for (const [operation, limit] of Object.entries(changes) as [ThrottledOperation, number | null][]) {
    if (limit === null) delete throttle[operation];
    else throttle[operation] = limit;
  }
  if (Object.keys(throttle).length > 0) settings.throttle = throttle;
  else delete settings.throttle;
}

/** The entity set option of a payout account field: --bank-account-holder, … */
const bankAccountFlag = (field: BankAccountField): string => `bank-account-${field}`;

/** The payout account the --bank-account-… options give, or undefined when none is given. */
function bankAccount(values: Values): MerchantBankAccount | undefined {
  const given: Partial<Record<BankAccountField, string>> = {};
  for (const field of BANK_ACCOUNT_FIELDS) {
    const text = str(values[bankAccountFlag(field)], bankAccountFlag(field), false);
    if (text !== undefined) given[field] = text;
  }
  if (Object.keys(given).length === 0) return undefined;
  const checked = checkBankAccount(given);
  if (checked.ok) return checked.account;
  const value = given[checked.field];
  throw new UsageError(`--${bankAccountFlag(checked.field)} ${checked.message}${value === undefined ? '' : `, got ${JSON.stringify(value)}`}`);
}

/** An IANA time zone the runtime knows (the schedules' job fields are read in it). */
function timeZone(text: unknown): string | undefined {
  if (text === undefined) return undefined;
  if (typeof text !== 'string') throw new UsageError('--time-zone takes one IANA time zone');
  try {
    return new Intl.DateTimeFormat('en', { timeZone: text }).resolvedOptions().timeZone;
  } catch {
    throw new UsageError(`--time-zone must be an IANA time zone such as Europe/Berlin, got ${JSON.stringify(text)}`);
  }
}

const entityView = (e: EntityRecord) => ({ entityId: e.id, merchantId: e.merchantId, name: e.name, settings: e.settings });

async function requireMerchant(store: Store, merchantId: string): Promise<void> {
  if (!(await store.merchants.find(merchantId))) throw new UsageError(`no merchant with id ${merchantId}`);
}

function merchantCreate(args: string[]): Run {
  const { values } = parse(args, { name: { type: 'string' }, 'entity-name': { type: 'string' } });
  const name = str(values.name, 'name', true);
  const entityName = str(values['entity-name'], 'entity-name', false) ?? 'Default channel';
  return async (store, now, vault) => {
    const { merchant, accessToken, webhookSecret } = await createMerchant(store, { name }, now, vault());
    const entity = await createEntity(store, { merchantId: merchant.id, name: entityName, settings: {} }, now);
    return { merchantId: merchant.id, accessToken, webhookSecret, entityId: entity.id };
  };
}

function entityCreate(args: string[]): Run {
  const { values } = parse(args, {
    merchant: { type: 'string' },
    name: { type: 'string' },
    country: { type: 'string' },
    'allowed-origin': { type: 'string', multiple: true },
  });
  const merchantId = id(str(values.merchant, 'merchant', true), '--merchant');
  const name = str(values.name, 'name', true);
  const settings: EntitySettings = {};
  const c = country(values.country);
  if (c) settings.country = c;
  const allowed = origins(values['allowed-origin']);
  if (allowed) settings.allowedOrigins = allowed;
  return async (store, now) => {
    await requireMerchant(store, merchantId);
    return entityView(await createEntity(store, { merchantId, name, settings }, now));
  };
}

/** The fee table the --settlement-fee options give, or undefined when none is given. */
function settlementFees(options: unknown): Record<string, SettlementFee> | undefined {
  if (options === undefined) return undefined;
  const table: Record<string, SettlementFee> = {};
  for (const text of (Array.isArray(options) ? options : [options]).map(String)) {
    const row = parseFeeOption(text);
    if (!row) throw new UsageError(`--settlement-fee must be BRAND=P%+AMOUNT like VISA=2.50%+0.30 (at most 100%), got ${JSON.stringify(text)}`);
    table[row[0]] = row[1];
  }
  return table;
}

function entitySet(args: string[]): Run {
  const { values, positionals } = parse(
    args,
    {
      country: { type: 'string' },
      'no-country': { type: 'boolean' },
      'allowed-origin': { type: 'string', multiple: true },
      'no-allowed-origin': { type: 'boolean' },
      'reversal-cutoff-hours': { type: 'string' },
      ...Object.fromEntries(Object.values(THROTTLE_FLAGS).map((flag) => [flag, { type: 'string' as const }])),
      'strict-parameters': { type: 'boolean' },
      'no-strict-parameters': { type: 'boolean' },
      'three-d-secure-2-required': { type: 'boolean' },
      'no-three-d-secure-2-required': { type: 'boolean' },
      ...Object.fromEntries(BANK_ACCOUNT_FIELDS.map((field) => [bankAccountFlag(field), { type: 'string' as const }])),
      'no-bank-account': { type: 'boolean' },
      'time-zone': { type: 'string' },
      'no-time-zone': { type: 'boolean' },
      'settlement-fee': { type: 'string', multiple: true },
      'no-settlement-fees': { type: 'boolean' },
    },
    1,
  );
  const entityId = id(positionals[0], 'ENTITY_ID');
  const zone = timeZone(values['time-zone']);
  if (zone && values['no-time-zone']) throw new UsageError('--time-zone and --no-time-zone exclude each other');
  const c = country(values.country);
  if (c && values['no-country']) throw new UsageError('--country and --no-country exclude each other');
  const allowed = origins(values['allowed-origin']);
  if (allowed && values['no-allowed-origin']) throw new UsageError('--allowed-origin and --no-allowed-origin exclude each other');
  const hours = cutoffHours(values['reversal-cutoff-hours']);
  const throttle = throttleChanges(values);
  const strict = values['strict-parameters'] === true;
  const lenient = values['no-strict-parameters'] === true;
  if (strict && lenient) throw new UsageError('--strict-parameters and --no-strict-parameters exclude each other');
  const v2Required = values['three-d-secure-2-required'] === true;
  const v2Optional = values['no-three-d-secure-2-required'] === true;
  if (v2Required && v2Optional) throw new UsageError('--three-d-secure-2-required and --no-three-d-secure-2-required exclude each other');
  const account = bankAccount(values);
  const noAccount = values['no-bank-account'] === true;
  if (account && noAccount) throw new UsageError('--bank-account-… and --no-bank-account exclude each other');
  const fees = settlementFees(values['settlement-fee']);
  const noFees = values['no-settlement-fees'] === true;
  if (fees && noFees) throw new UsageError('--settlement-fee and --no-settlement-fees exclude each other');
  const changes = [c, values['no-country'], allowed, values['no-allowed-origin'], hours, strict, lenient, v2Required, v2Optional, account, noAccount, zone, values['no-time-zone'], fees, noFees];
  if (!changes.some((change) => change !== undefined && change !== false) && Object.keys(throttle).length === 0) {
    throw new UsageError(
      'nothing to set: give --country, --no-country, --allowed-origin, --no-allowed-origin, --reversal-cutoff-hours, a --throttle-… limit, --strict-parameters, --no-strict-parameters, --three-d-secure-2-required, --no-three-d-secure-2-required, --bank-account-holder (with the other --bank-account-… options), --no-bank-account, --time-zone, --no-time-zone, --settlement-fee or --no-settlement-fees',
    );
  }
  return async (store) => {
    const entity = await store.entities.find(entityId);
    if (!entity) throw new UsageError(`no entity with id ${entityId}`);
    const settings: EntitySettings = { ...entity.settings };
    if (c) settings.country = c;
    if (values['no-country']) delete settings.country;
    if (allowed) settings.allowedOrigins = allowed;
    if (values['no-allowed-origin']) delete settings.allowedOrigins;
    if (hours !== undefined) settings.reversalCutoffMs = hours * HOUR_MS;
    withThrottle(settings, throttle);
    if (strict) settings.strictParameters = true;
    if (lenient) delete settings.strictParameters;
    if (v2Required) settings.threeDSecure2Required = true;
    if (v2Optional) delete settings.threeDSecure2Required;
    if (account) settings.bankAccount = account;
    if (noAccount) delete settings.bankAccount;
    if (zone) settings.timeZone = zone;
    if (values['no-time-zone']) delete settings.timeZone;
    if (fees) settings.settlementFees = fees;
    if (noFees) delete settings.settlementFees;
    await store.entities.updateSettings(entityId, settings);
    return entityView({ ...entity, settings });
  };
}

function entityList(args: string[]): Run {
  const { values } = parse(args, { merchant: { type: 'string' } });
  const merchantId = id(str(values.merchant, 'merchant', true), '--merchant');
  return async (store) => {
    await requireMerchant(store, merchantId);
    return (await store.entities.list(merchantId)).map(entityView);
  };
}

const COMMANDS: Record<string, (args: string[]) => Run> = {
  'merchant create': merchantCreate,
  'entity create': entityCreate,
  'entity set': entitySet,
  'entity list': entityList,
  ...WEBHOOK_COMMANDS,
  ...USER_COMMANDS,
};

export async function main(argv: string[]): Promise<number> {
  try {
    // A receiver for developers: it needs no store, and runs until interrupted.
    if (argv[0] === 'webhook' && argv[1] === 'listen') return await webhookListen(argv.slice(2));
    const command = COMMANDS[`${argv[0] ?? ''} ${argv[1] ?? ''}`];
    if (!command) {
      if (argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h') {
        process.stdout.write(`${USAGE}\n`);
        return 0;
      }
      throw new UsageError(argv.length === 0 ? 'no command given' : `unknown command: ${argv.slice(0, 2).join(' ')}`);
    }
    // Arguments are checked before the store is touched: a typo never creates a data folder.
    const run = command(argv.slice(2));
    const config = loadConfig();
    const store = await openStore(config);
    try {
      await store.migrate();
      const output = await run(store, Date.now(), () => new CardVault(loadCardKey(config)));
      process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
      return 0;
    } finally {
      await store.close();
    }
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`error: ${err.message}\n\n${USAGE}\n`);
      return EXIT_USAGE;
    }
    process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
    return EXIT_FAILURE;
  }
}

process.exitCode = await main(process.argv.slice(2));
