// Merchants and entities (channels) come into being here, for both the CLI and the first start of
// the relay. An access token is shown once and stored only as its hash, so whoever creates a
// merchant must hand the token on: the CLI prints it, the first start writes it to a file.

import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/config.js';
import { generateAccessToken, hashToken, randomHex } from '../crypto/tokens.js';
import { isSealedSecret, type CardVault } from '../crypto/card-vault.js';
import type { Store } from '../storage/store.js';
import { writeMerchant } from '../storage/writes/index.js';
import { INITIAL_TOKEN_NAME, type AccessTokenRecord } from '../domain/access-tokens.js';
import type { EntityRecord, EntitySettings, EpochMs, MerchantRecord } from '../domain/records.js';
import { newTestOwner, writeTestOwner, type TestOwnerSignIn } from './test-owner.js';

/** Where the first start leaves the test merchant's credentials (the only copy of its token). */
export const TEST_MERCHANT_FILE = 'test-merchant.json';
export const TEST_MERCHANT_NAME = 'Test Merchant';
export const TEST_ENTITY_NAME = 'Test Channel';

/** 16 random bytes: ids are 32 lowercase hex characters. */
const ID_BYTES = 16;
/** 32 random bytes: the webhook secret is 64 hex characters (an AES-256 key). */
const WEBHOOK_SECRET_BYTES = 32;

/** A new webhook secret: a merchant's, or one endpoint's. */
export function newWebhookSecret(): string {
  return randomHex(WEBHOOK_SECRET_BYTES);
}

export interface CreatedMerchant {
  merchant: MerchantRecord;
  /** Its first access token's row, written with the merchant. */
  firstToken: AccessTokenRecord;
  /** Shown once; only its hash is stored. */
  accessToken: string;
  /** Shown once; stored sealed. */
  webhookSecret: string;
}

export interface TestMerchantCredentials {
  entityId: string;
  accessToken: string;
  webhookSecret: string;
  /** The back office's address and its owner's sign-in (the only copy of the password). */
  backOffice: TestOwnerSignIn;
}

function requireName(name: string, what: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new Error(`${what} name must not be empty`);
  return trimmed;
}

function newMerchant(name: string, now: EpochMs, vault: CardVault): CreatedMerchant {
  const accessToken = generateAccessToken();
  const webhookSecret = newWebhookSecret();
  const merchant: MerchantRecord = {
    id: randomHex(ID_BYTES),
    name: requireName(name, 'merchant'),
    tokenHash: hashToken(accessToken),
    webhookSecret: vault.sealSecret(webhookSecret),
    createdAt: now,
  };
  return { merchant, firstToken: newAccessToken(merchant.id, INITIAL_TOKEN_NAME, merchant.tokenHash, now), accessToken, webhookSecret };
}

/** A new token's row: only its hash is kept, the token itself is handed to the caller once. */
export function newAccessToken(merchantId: string, name: string, tokenHash: string, now: EpochMs): AccessTokenRecord {
  return { id: randomHex(ID_BYTES), merchantId, name, tokenHash, createdAt: now, lastUsedAt: null, revokedAt: null };
}

/**
 * Seals the webhook secrets a store written before they were sealed still holds in plain text;
 * run at start-up, before the relay serves. Returns how many it sealed.
 */
export async function sealPlainWebhookSecrets(store: Store, vault: CardVault): Promise<number> {
  let sealed = 0;
  for (const { id, webhookSecret } of await store.merchants.listWebhookSecrets()) {
    if (isSealedSecret(webhookSecret)) continue;
    if (await store.merchants.replaceWebhookSecret(id, webhookSecret, vault.sealSecret(webhookSecret))) sealed++;
  }
  return sealed;
}

function newEntity(input: { merchantId: string; name: string; settings: EntitySettings }, now: EpochMs): EntityRecord {
  return { id: randomHex(ID_BYTES), merchantId: input.merchantId, name: requireName(input.name, 'entity'), settings: input.settings, createdAt: now };
}

export async function createMerchant(store: Store, input: { name: string }, now: EpochMs, vault: CardVault): Promise<CreatedMerchant> {
  const created = newMerchant(input.name, now, vault);
  await writeMerchant(store, created.merchant, created.firstToken);
  return created;
}

export async function createEntity(
  store: Store,
  input: { merchantId: string; name: string; settings: EntitySettings },
  now: EpochMs,
): Promise<EntityRecord> {
  if (!(await store.merchants.find(input.merchantId))) throw new Error(`no merchant with id ${input.merchantId}`);
  const entity = newEntity(input, now);
  await store.entities.create(entity);
  return entity;
}

/** Replaces `file` atomically with `text`, readable by the owner only, flushed to disk. */
function writePrivateFile(dir: string, file: string, text: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = join(dir, `.${TEST_MERCHANT_FILE}.${process.pid}.${randomBytes(6).toString('hex')}`);
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
}

/**
 * On a store without merchants, creates "Test Merchant" with one entity (no country profile) and
 * an owner of its back office, and writes their credentials to DATA_DIR/test-merchant.json (mode
 * 0600). The file is written before the rows: a crash in between leaves a stale file and an empty
 * store, and the next start simply makes a new merchant; the other order could leave a merchant
 * whose token nobody has.
 */
export async function ensureTestMerchant(
  store: Store,
  config: Pick<Config, 'dataDir' | 'backofficePublicUrl'>,
  now: EpochMs,
  vault: CardVault,
): Promise<{ created: boolean; credentials: TestMerchantCredentials | null }> {
  if ((await store.merchants.count()) > 0) return { created: false, credentials: null };
  const { merchant, firstToken, accessToken, webhookSecret } = newMerchant(TEST_MERCHANT_NAME, now, vault);
  const entity = newEntity({ merchantId: merchant.id, name: TEST_ENTITY_NAME, settings: {} }, now);
  const owner = await newTestOwner(merchant.id, now);
  const backOffice: TestOwnerSignIn = { url: config.backofficePublicUrl, email: owner.user.email, password: owner.password };
  const credentials: TestMerchantCredentials = { entityId: entity.id, accessToken, webhookSecret, backOffice };
  writePrivateFile(config.dataDir, join(config.dataDir, TEST_MERCHANT_FILE), `${JSON.stringify(credentials, null, 2)}\n`);
  await writeMerchant(store, merchant, firstToken);
  await store.entities.create(entity);
  await writeTestOwner(store, owner.user, now);
  return { created: true, credentials };
}
