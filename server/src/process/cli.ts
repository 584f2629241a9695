// Operator commands: `npm run relay -- <command>`. Creates merchants and entities (channels) and
// edits an entity's settings, in whichever store DATA_DIR / DATABASE_URL select. Prints JSON on
// stdout; bad arguments print a reason on stderr and exit with code 2.

import { id, parse, str, UsageError, type Values } from './cli-args.js';
import { WEBHOOK_COMMANDS, WEBHOOK_USAGE, webhookListen } from './cli-webhook.js';
import { USER_COMMANDS, USER_USAGE } from './cli-users.js';
import { KEYS_COMMANDS, KEYS_USAGE } from './cli-keys.js';
import { CREDENTIAL_COMMANDS, CREDENTIALS_USAGE } from './cli-credentials.js';
import { BACKUP_USAGE, backup } from './cli-backup.js';
import { createEntity, createMerchant } from '../merchants/bootstrap.js';
import { loadConfig } from '../config/config.js';
import { openStore } from '../storage/index.js';
import type { CardVault } from '../crypto/card-vault.js';
import { cliVault } from './cli-vault.js';
import type { Store } from '../storage/store.js';
import type { EntityRecord, EntitySettings, MerchantBankAccount, SettlementFee, ThrottledOperation } from '../domain/records.js';
import {
  applySettingsChanges,
  BANK_ACCOUNT_FIELDS,
  checkBankAccountInput,
  checkCountry,
  checkOrigin,
  checkReversalCutoffHours,
  checkSettlementFee,
  checkThrottleLimit,
  checkTimeZone,
  type BankAccountField,
  type Checked,
  type Country,
  type SettingName,
} from '../merchants/entity-settings-input.js';

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
${KEYS_USAGE}
${CREDENTIALS_USAGE}
${BACKUP_USAGE}

The store is DATA_DIR/relay.sqlite, or PostgreSQL when DATABASE_URL is set.`;

/** Exit code for arguments the command cannot act on (usage errors, unknown ids). */
const EXIT_USAGE = 2;
const EXIT_FAILURE = 1;

/** A command reads its arguments first, then runs against an open, migrated store. */
/** A command's work; `vault` loads (or creates) the card key only for commands that seal something. */
type Run = (store: Store, now: number, vault: () => CardVault) => Promise<unknown>;

/** The entity set option of each throttled operation's limit. */
const THROTTLE_FLAGS: Readonly<Record<ThrottledOperation, string>> = {
  payments: 'throttle-payments',
  followUps: 'throttle-follow-ups',
  registrations: 'throttle-registrations',
  checkouts: 'throttle-checkouts',
  reads: 'throttle-reads',
};

/** The entity set option of a payout account field: --bank-account-holder, … */
const bankAccountFlag = (field: BankAccountField): string => `bank-account-${field}`;

/** The option that gives each setting the checks of entity-settings-input.ts name. */
function flagOf(setting: SettingName): string {
  if (setting.startsWith('throttle.')) return THROTTLE_FLAGS[setting.slice('throttle.'.length) as ThrottledOperation];
  if (setting.startsWith('bankAccount.')) return bankAccountFlag(setting.slice('bankAccount.'.length) as BankAccountField);
  const flags: Readonly<Record<string, string>> = { country: 'country', allowedOrigins: 'allowed-origin', reversalCutoffHours: 'reversal-cutoff-hours', timeZone: 'time-zone', settlementFees: 'settlement-fee' };
  return flags[setting] ?? setting;
}

/** The checked value, or a usage error naming the option at fault. */
function valueOf<T>(checked: Checked<T>): T {
  if (checked.ok) return checked.value;
  throw new UsageError(`--${flagOf(checked.parameter)} ${checked.message}`);
}

function country(value: unknown): Country | undefined {
  const text = str(value, 'country', false);
  return text === undefined ? undefined : valueOf(checkCountry(text));
}

/** An origin as frame-ancestors needs it: scheme, host and port, nothing more. */
function origins(values: unknown): string[] | undefined {
  if (values === undefined) return undefined;
  const list = Array.isArray(values) ? values : [values];
  return list.map((value: unknown) => valueOf(checkOrigin(value)));
}

function cutoffHours(value: unknown): number | undefined {
  const text = str(value, 'reversal-cutoff-hours', false);
  return text === undefined ? undefined : valueOf(checkReversalCutoffHours(text));
}

/** Limits given on the command line: a number, or null for "default" (remove the override). */
type ThrottleChanges = Partial<Record<ThrottledOperation, number | null>>;

function throttleChanges(values: Values): ThrottleChanges {
  const changes: ThrottleChanges = {};
  for (const [operation, flag] of Object.entries(THROTTLE_FLAGS) as [ThrottledOperation, string][]) {
    const text = str(values[flag], flag, false);
    if (text !== undefined) changes[operation] = valueOf(checkThrottleLimit(operation, text));
  }
  return changes;
}

/** The payout account the --bank-account-… options give, or undefined when none is given. */
function bankAccount(values: Values): MerchantBankAccount | undefined {
  const given: Partial<Record<BankAccountField, string>> = {};
  for (const field of BANK_ACCOUNT_FIELDS) {
    const text = str(values[bankAccountFlag(field)], bankAccountFlag(field), false);
    if (text !== undefined) given[field] = text;
  }
  if (Object.keys(given).length === 0) return undefined;
  return valueOf(checkBankAccountInput(given));
}

/** An IANA time zone the runtime knows (the schedules' job fields are read in it). */
function timeZone(text: unknown): string | undefined {
  return text === undefined ? undefined : valueOf(checkTimeZone(text));
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
    const [brand, fee] = valueOf(checkSettlementFee(text));
    table[brand] = fee;
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
    const settings = applySettingsChanges(entity.settings, {
      ...(c ? { country: c } : values['no-country'] ? { country: null } : {}),
      ...(allowed ? { allowedOrigins: allowed } : values['no-allowed-origin'] ? { allowedOrigins: null } : {}),
      ...(hours !== undefined ? { reversalCutoffHours: hours } : {}),
      throttle,
      ...(strict ? { strictParameters: true } : lenient ? { strictParameters: false } : {}),
      ...(v2Required ? { threeDSecure2Required: true } : v2Optional ? { threeDSecure2Required: false } : {}),
      ...(account ? { bankAccount: account } : noAccount ? { bankAccount: null } : {}),
      ...(zone ? { timeZone: zone } : values['no-time-zone'] ? { timeZone: null } : {}),
      ...(fees ? { settlementFees: fees } : noFees ? { settlementFees: null } : {}),
    });
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
  ...KEYS_COMMANDS,
  ...CREDENTIAL_COMMANDS,
};

export async function main(argv: string[]): Promise<number> {
  try {
    // A receiver for developers: it needs no store, and runs until interrupted.
    if (argv[0] === 'webhook' && argv[1] === 'listen') return await webhookListen(argv.slice(2));
    // A copy of a store relays are running on: it opens the file itself and never migrates.
    if (argv[0] === 'backup') {
      process.stdout.write(`${JSON.stringify(await backup(argv.slice(1)), null, 2)}\n`);
      return 0;
    }
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
      const output = await run(store, Date.now(), await cliVault(config, store));
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
