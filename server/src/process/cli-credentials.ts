// `npm run relay -- token …` and `webhook-secret rotate`: a merchant's credentials rotated by the
// operator, through the same functions as the back office's credentials and notifications pages
// (merchants/access-tokens.ts, Webhooks.rotateMerchantSecret), each with its audit row, whose
// actor is null: the command line. A new token or secret is printed once and never again.

import { loadConfig } from '../config/config.js';
import type { CardVault } from '../crypto/card-vault.js';
import { randomHex } from '../crypto/tokens.js';
import type { AccessTokenRecord } from '../domain/access-tokens.js';
import { systemClock } from '../domain/clock.js';
import { checkTokenName, createAccessToken, revokeAccessToken } from '../merchants/access-tokens.js';
import type { Store } from '../storage/store.js';
import { MAX_OVERLAP_HOURS, MIN_OVERLAP_HOURS } from '../webhooks/merchant-secret.js';
import { Webhooks, type ChangeAudit } from '../webhooks/service.js';
import { id, parse, str, UsageError } from './cli-args.js';

type Run = (store: Store, now: number, vault: () => CardVault) => Promise<unknown>;

/** The overlap when none is given: a day to deploy the new secret. */
const DEFAULT_OVERLAP_HOURS = 24;
const ID_BYTES = 16;
const TOKEN_ID = /^[0-9a-f]{32}$/;

export const CREDENTIALS_USAGE = `  token list --merchant ID
      the merchant's working access tokens: id, name, created, last used (never the token)
  token create --merchant ID --name NAME
      a new access token for the merchant API, printed once; move the shop to it, then revoke the old one
  token revoke --merchant ID --id TOKEN_ID
      refused for the merchant's last working token
  webhook-secret rotate --merchant ID [--overlap-hours N]
      a new merchant webhook secret (notificationUrl notifications), printed once; the relay
      switches to it after the overlap (${MIN_OVERLAP_HOURS} to ${MAX_OVERLAP_HOURS} hours, default ${DEFAULT_OVERLAP_HOURS}),
      until then it seals with the old one`;

/** A refusal for the state of the data (exit 1), not a typo. */
export class CredentialRefused extends Error {}

const COMMAND_LINE = { userId: null, address: null } as const;

const tokenView = (t: AccessTokenRecord) => ({
  id: t.id,
  name: t.name,
  createdAt: new Date(t.createdAt).toISOString(),
  lastUsedAt: t.lastUsedAt === null ? null : new Date(t.lastUsedAt).toISOString(),
});

async function requireMerchant(store: Store, merchantId: string): Promise<void> {
  if (!(await store.merchants.find(merchantId))) throw new UsageError(`no merchant with id ${merchantId}`);
}

function tokenList(args: string[]): Run {
  const { values } = parse(args, { merchant: { type: 'string' } });
  const merchantId = id(str(values.merchant, 'merchant', true), '--merchant');
  return async (store) => {
    await requireMerchant(store, merchantId);
    return (await store.accessTokens.listActive(merchantId)).map(tokenView);
  };
}

function tokenCreate(args: string[]): Run {
  const { values } = parse(args, { merchant: { type: 'string' }, name: { type: 'string' } });
  const merchantId = id(str(values.merchant, 'merchant', true), '--merchant');
  const checked = checkTokenName(str(values.name, 'name', true));
  if ('problem' in checked) throw new UsageError(`--name ${checked.problem}`);
  return async (store, now) => {
    await requireMerchant(store, merchantId);
    const { record, token } = await createAccessToken(store, merchantId, checked.name, now, COMMAND_LINE);
    return { ...tokenView(record), token };
  };
}

function tokenRevoke(args: string[]): Run {
  const { values } = parse(args, { merchant: { type: 'string' }, id: { type: 'string' } });
  const merchantId = id(str(values.merchant, 'merchant', true), '--merchant');
  const tokenId = str(values.id, 'id', true);
  if (!TOKEN_ID.test(tokenId)) throw new UsageError('--id must be 32 characters of 0-9 and a-f');
  return async (store, now) => {
    await requireMerchant(store, merchantId);
    const revoked = await revokeAccessToken(store, merchantId, tokenId, now, COMMAND_LINE);
    if (revoked.outcome === 'notFound') throw new UsageError(`no working token ${tokenId} of merchant ${merchantId}`);
    if (revoked.outcome === 'lastToken') throw new CredentialRefused('this is the merchant\'s last working token: create another (token create) before revoking it');
    return { revoked: tokenId, name: revoked.token.name };
  };
}

function overlapHours(value: unknown): number {
  const text = str(value, 'overlap-hours', false);
  if (text === undefined) return DEFAULT_OVERLAP_HOURS;
  const hours = /^[0-9]{1,4}$/.test(text) ? Number.parseInt(text, 10) : Number.NaN;
  if (!(hours >= MIN_OVERLAP_HOURS && hours <= MAX_OVERLAP_HOURS)) throw new UsageError(`--overlap-hours must be a whole number of hours from ${MIN_OVERLAP_HOURS} to ${MAX_OVERLAP_HOURS}`);
  return hours;
}

function webhookSecretRotate(args: string[]): Run {
  const { values } = parse(args, { merchant: { type: 'string' }, 'overlap-hours': { type: 'string' } });
  const merchantId = id(str(values.merchant, 'merchant', true), '--merchant');
  const hours = overlapHours(values['overlap-hours']);
  return async (store, now, vault) => {
    await requireMerchant(store, merchantId);
    const audit: ChangeAudit = (change) => ({ id: randomHex(ID_BYTES), merchantId, ...COMMAND_LINE, at: now, ...change });
    const webhooks = new Webhooks({ store, vault: vault(), clock: systemClock, config: loadConfig() });
    try {
      const { secret, switchAt } = await webhooks.rotateMerchantSecret(merchantId, hours, audit);
      return { merchantId, webhookSecret: secret, switchAt: new Date(switchAt).toISOString() };
    } finally {
      await webhooks.close();
    }
  };
}

export const CREDENTIAL_COMMANDS: Record<string, (args: string[]) => Run> = {
  'token list': tokenList,
  'token create': tokenCreate,
  'token revoke': tokenRevoke,
  'webhook-secret rotate': webhookSecretRotate,
};
