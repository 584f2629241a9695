// `relay user …` run as a subprocess against a temporary DATA_DIR (SQLite), the store then read
// directly: an invitation keeps only its token's hash, the list shows no secret, every change
// writes its row and one audit row, and a refused command writes nothing.

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/crypto/tokens.js';
import { openStore, SQLITE_FILE } from '../../src/storage/index.js';
import type { Store } from '../../src/storage/store.js';
import { PROCESS_TEST_TIMEOUT_MS, runCli } from '../support/cli-process.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pw-cli-users-'));
  dirs.push(dir);
  return dir;
}

type Json = Record<string, unknown>;

async function json(dataDir: string, ...args: string[]): Promise<Json & Json[]> {
  const result = await runCli(dataDir, ...args);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as Json & Json[];
}

/** Opens the CLI's store while no CLI runs, for `work`, and closes it. */
async function withStore<T>(dataDir: string, work: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore({ dataDir, databaseUrl: '' });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** Every byte the SQLite store holds on disk (the database file and its write-ahead log). */
function storeBytes(dataDir: string): string {
  const file = join(dataDir, SQLITE_FILE);
  return [file, `${file}-wal`].filter((f) => existsSync(f)).map((f) => readFileSync(f).toString('latin1')).join('');
}

describe('relay user', () => {
  it('invites a person with a one-time link whose hash alone is stored, lists them without secrets, and changes them with one audit row each', async () => {
    const dataDir = tempDir();
    const merchant = await json(dataDir, 'merchant', 'create', '--name', 'People');
    const merchantId = merchant.merchantId as string;
    const entityId = merchant.entityId as string;

    const before = Date.now();
    const invited = await json(dataDir, 'user', 'invite', '--merchant', merchantId, '--email', 'Ann@Shop.example', '--role', 'support', '--channel', entityId);
    const after = Date.now();
    expect(invited).toMatchObject({ email: 'ann@shop.example', role: 'support', channels: [entityId] });
    const userId = invited.userId as string;
    const link = /^http:\/\/localhost:8082\/invitations\/([A-Za-z0-9_-]{43})$/.exec(invited.inviteUrl as string);
    expect(link).not.toBeNull();
    const token = link?.[1] ?? '';
    const expiresAt = Date.parse(invited.expiresAt as string);
    expect(expiresAt).toBeGreaterThanOrEqual(before + DAY_MS);
    expect(expiresAt).toBeLessThanOrEqual(after + DAY_MS);
    // The store holds the token's hash, never the token itself.
    const bytes = storeBytes(dataDir);
    expect(bytes).toContain(hashToken(token));
    expect(bytes).not.toContain(token);

    const listed = await json(dataDir, 'user', 'list', '--merchant', merchantId);
    expect(listed).toEqual([{ id: userId, email: 'ann@shop.example', role: 'support', channels: [entityId], status: 'invited', createdAt: expect.any(String), lastSignInAt: null }]);
    expect(JSON.stringify(listed)).not.toMatch(/hash|secret|token|recovery/i);

    const audit = (store: Store) => store.audit.list(merchantId, {}, undefined, 10).then((page) => page.entries);
    await withStore(dataDir, async (store) => {
      expect(await store.users.find(merchantId, userId)).toMatchObject({ status: 'invited', role: 'support', channelIds: [entityId], passwordHash: null });
      expect((await audit(store)).map((e) => [e.action, e.userId, e.target, e.after])).toEqual([
        ['user.invite', null, userId, { email: 'ann@shop.example', role: 'support', channelIds: [entityId], status: 'invited' }],
      ]);
    });

    expect(await json(dataDir, 'user', 'set-role', userId, '--role', 'finance')).toMatchObject({ id: userId, role: 'finance' });
    await withStore(dataDir, async (store) => {
      expect((await store.users.find(merchantId, userId))?.role).toBe('finance');
      const entries = await audit(store);
      expect(entries).toHaveLength(2);
      expect(entries[0]).toMatchObject({ action: 'user.setRole', userId: null, target: userId, before: { role: 'support' }, after: { role: 'finance' } });
      // A second factor set up meanwhile, as the back office would, for reset-2fa to clear.
      const u = await store.users.find(merchantId, userId);
      expect(await store.users.setTotpSecret(merchantId, userId, null, 'sealed-totp-secret', Date.now())).toBe(true);
      expect(await store.users.setTotpLastStep(merchantId, userId, null, 1234, Date.now())).toBe(true);
      expect(await store.users.setRecoveryCodeHashes(merchantId, userId, u?.recoveryCodeHashes ?? null, ['code-hash-1', 'code-hash-2'], Date.now())).toBe(true);
    });

    await json(dataDir, 'user', 'reset-2fa', userId);
    await withStore(dataDir, async (store) => {
      expect(await store.users.find(merchantId, userId)).toMatchObject({ totpSecret: null, totpLastStep: null, recoveryCodeHashes: null });
      const entries = await audit(store);
      expect(entries).toHaveLength(3);
      expect(entries[0]).toMatchObject({ action: 'user.resetSecondFactor', userId: null, target: userId, before: { secondFactor: true, recoveryCodes: 2 }, after: { secondFactor: false, recoveryCodes: 0 } });
      expect(JSON.stringify(entries)).not.toMatch(/sealed-totp-secret|code-hash/);
    });

    expect(await json(dataDir, 'user', 'deactivate', userId)).toMatchObject({ id: userId, status: 'deactivated' });
    await withStore(dataDir, async (store) => {
      expect((await store.users.find(merchantId, userId))?.status).toBe('deactivated');
      const entries = await audit(store);
      expect(entries).toHaveLength(4);
      expect(entries[0]).toMatchObject({ action: 'user.deactivate', userId: null, target: userId, before: { status: 'invited' }, after: { status: 'deactivated' } });
      // The link's token is the one whose hash was stored: taking it finds the user (once).
      expect((await store.users.takeInvitation(hashToken(token), Date.now()))?.id).toBe(userId);
      expect(await store.users.takeInvitation(hashToken(token), Date.now())).toBeUndefined();
    });
  }, PROCESS_TEST_TIMEOUT_MS);

  it('refuses a bad role, e-mail, merchant, channel, a second invitation of one address and an unknown user with exit code 2, writing nothing', async () => {
    const dataDir = tempDir();
    const merchant = await json(dataDir, 'merchant', 'create', '--name', 'People');
    const merchantId = merchant.merchantId as string;
    const other = await json(dataDir, 'merchant', 'create', '--name', 'Others');
    await json(dataDir, 'user', 'invite', '--merchant', merchantId, '--email', 'ann@shop.example', '--role', 'viewer');
    const invite = ['user', 'invite', '--merchant', merchantId];
    const cases: [string[], RegExp][] = [
      [[...invite, '--email', 'bob@shop.example', '--role', 'superuser'], /--role must be one of owner, admin, finance, support, developer, viewer/],
      [[...invite, '--email', 'bob at shop', '--role', 'viewer'], /--email must be an e-mail address/],
      [['user', 'invite', '--merchant', '0'.repeat(32), '--email', 'bob@shop.example', '--role', 'viewer'], /no merchant with id 0{32}/],
      [[...invite, '--email', 'bob@shop.example', '--role', 'viewer', '--channel', other.entityId as string], /is not a channel of merchant/],
      [[...invite, '--email', 'ANN@shop.example', '--role', 'admin'], /ann@shop\.example is already a user of merchant/],
      [['user', 'set-role', '0'.repeat(32), '--role', 'admin'], /no user with id 0{32}/],
      [['user', 'deactivate', 'not-an-id'], /USER_ID must be 32 characters/],
    ];
    const results = await Promise.all(cases.map(([args]) => runCli(dataDir, ...args)));
    results.forEach((result, i) => {
      expect(result.code, cases[i]?.[0].join(' ')).toBe(2);
      expect(result.stderr).toMatch(cases[i]?.[1] ?? /./);
      expect(result.stdout).toBe('');
    });
    await withStore(dataDir, async (store) => {
      expect((await store.users.list(merchantId)).map((u) => [u.email, u.role])).toEqual([['ann@shop.example', 'viewer']]);
      expect((await store.audit.list(merchantId, {}, undefined, 10)).entries.map((e) => e.action)).toEqual(['user.invite']);
      expect(await store.users.list(other.merchantId as string)).toEqual([]);
    });
  }, PROCESS_TEST_TIMEOUT_MS);
});
