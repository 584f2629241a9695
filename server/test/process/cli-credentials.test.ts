// `token …` and `webhook-secret rotate` run as an operator runs them, against a temporary
// DATA_DIR (SQLite): tokens created (shown once, only their hash kept), listed and revoked, the
// merchant's last token refused, a webhook secret rotated with its overlap, and each change with
// the audit row the back office writes, its actor the command line (null).

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CardVault } from '../../src/crypto/card-vault.js';
import { loadKeyring } from '../../src/crypto/keyring.js';
import { hashToken } from '../../src/crypto/tokens.js';
import { openSqliteStore, SQLITE_FILE } from '../../src/storage/index.js';
import type { Store } from '../../src/storage/store.js';
import { PROCESS_TEST_TIMEOUT_MS, runCli, runCliJson, tempDirs } from '../support/cli-process.js';

const tempDir = tempDirs('pw-cli-credentials-');
const json = runCliJson;

async function withStore<T>(dataDir: string, work: (store: Store) => Promise<T>): Promise<T> {
  const store = await openSqliteStore(join(dataDir, SQLITE_FILE));
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

interface TokenView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

describe('credentials commands', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  const dataDir = tempDir();
  let merchantId = '';

  it('creates, lists and revokes access tokens, never leaving the merchant without one', async () => {
    ({ merchantId } = await json<{ merchantId: string }>(dataDir, 'merchant', 'create', '--name', 'Shop'));
    const created = await json<TokenView & { token: string }>(dataDir, 'token', 'create', '--merchant', merchantId, '--name', '  Shop server  ');
    expect(created).toMatchObject({ name: 'Shop server', lastUsedAt: null });
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    const listed = await json<TokenView[]>(dataDir, 'token', 'list', '--merchant', merchantId);
    expect(listed.map((t) => t.name)).toEqual(['Initial token', 'Shop server']);
    expect(JSON.stringify(listed)).not.toContain(created.token);
    const initial = listed[0] as TokenView;

    expect(await json(dataDir, 'token', 'revoke', '--merchant', merchantId, '--id', initial.id)).toEqual({ revoked: initial.id, name: 'Initial token' });
    const last = await runCli(dataDir, 'token', 'revoke', '--merchant', merchantId, '--id', created.id);
    expect(last.code).toBe(1);
    expect(last.stderr).toContain("last working token");
    const again = await runCli(dataDir, 'token', 'revoke', '--merchant', merchantId, '--id', initial.id);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`no working token ${initial.id}`);

    await withStore(dataDir, async (store) => {
      // Only the new token authenticates; its hash alone is kept.
      expect((await store.accessTokens.findActive(hashToken(created.token)))?.token.id).toBe(created.id);
      expect((await store.accessTokens.listActive(merchantId)).map((t) => t.id)).toEqual([created.id]);
      const audit = (await store.audit.list(merchantId, {}, undefined, 10)).entries;
      expect(audit.map((e) => [e.action, e.target, e.userId, e.address]).sort()).toEqual([
        ['credentials.tokenCreated', created.id, null, null],
        ['credentials.tokenRevoked', initial.id, null, null],
      ].sort());
    });
  });

  it('refuses a bad name, merchant or token id with the reason', async () => {
    const longName = await runCli(dataDir, 'token', 'create', '--merchant', merchantId, '--name', 'x'.repeat(101));
    expect(longName.code).toBe(2);
    expect(longName.stderr).toContain('--name must be at most 100 characters');
    const noMerchant = await runCli(dataDir, 'token', 'list', '--merchant', '0'.repeat(32));
    expect(noMerchant.code).toBe(2);
    expect(noMerchant.stderr).toContain('no merchant with id');
    const badId = await runCli(dataDir, 'token', 'revoke', '--merchant', merchantId, '--id', 'nope');
    expect(badId.code).toBe(2);
  });

  it('rotates the merchant webhook secret with an overlap, printing the new secret once', async () => {
    const before = Date.now();
    const rotated = await json<{ webhookSecret: string; switchAt: string }>(dataDir, 'webhook-secret', 'rotate', '--merchant', merchantId, '--overlap-hours', '2');
    expect(rotated.webhookSecret).toMatch(/^[0-9a-f]{64}$/);
    const switchAt = Date.parse(rotated.switchAt);
    expect(switchAt).toBeGreaterThanOrEqual(before + 2 * 3_600_000);
    await withStore(dataDir, async (store) => {
      const rotation = await store.webhooks.findSecretRotation(merchantId);
      expect(rotation?.switchAt).toBe(switchAt);
      expect(rotation?.sealedSecret).not.toContain(rotated.webhookSecret);
      expect(new CardVault(loadKeyring({ cardKeyHex: '', cardKeysText: '', dataDir })).openSecret(rotation?.sealedSecret ?? '')).toBe(rotated.webhookSecret);
      const [entry] = (await store.audit.list(merchantId, { action: 'webhook.secretRotate' }, undefined, 10)).entries;
      expect(entry).toMatchObject({ userId: null, address: null, target: merchantId, after: { overlapHours: 2, switchAt, replacedPending: false } });
      expect(JSON.stringify(entry)).not.toContain(rotated.webhookSecret);
    });
    const tooLong = await runCli(dataDir, 'webhook-secret', 'rotate', '--merchant', merchantId, '--overlap-hours', '721');
    expect(tooLong.code).toBe(2);
    expect(tooLong.stderr).toContain('--overlap-hours must be a whole number of hours from 1 to 720');
  });
});
