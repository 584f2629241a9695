// Merchants' webhook secrets are stored sealed with the card key, like card numbers; a store
// written before that holds plain ones, which the relay seals at start-up, before it serves.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createContext } from '../../src/app/create-context.js';
import { CardVault, isSealedSecret } from '../../src/crypto/card-vault.js';
import { createMerchant } from '../../src/merchants/bootstrap.js';
import { defaultConfig } from '../../src/config/config.js';
import { openStore } from '../../src/storage/index.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('webhook secrets at rest', () => {
  it('seals a secret under its own key: the card opener cannot read it, a tampered one fails', () => {
    const vault = new CardVault(randomBytes(32));
    const sealed = vault.sealSecret('ab'.repeat(32));
    expect(isSealedSecret(sealed)).toBe(true);
    expect(sealed).not.toContain('abab');
    expect(vault.openSecret(sealed)).toBe('ab'.repeat(32));
    expect(() => vault.open(sealed.slice('sealed.v1.'.length))).toThrow();
    expect(() => new CardVault(randomBytes(32)).openSecret(sealed)).toThrow();
    expect(() => vault.openSecret('ab'.repeat(32))).toThrow();
  });

  it('creates merchants with a sealed secret and returns the plain one once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pw-secret-'));
    dirs.push(dataDir);
    const ctx = await createContext({ ...defaultConfig, dataDir, databaseUrl: '' });
    try {
      const created = await createMerchant(ctx.store, { name: 'Shop' }, 0, ctx.vault);
      expect(created.webhookSecret).toMatch(/^[0-9a-f]{64}$/);
      const stored = await ctx.store.merchants.find(created.merchant.id);
      expect(stored?.webhookSecret).not.toContain(created.webhookSecret);
      expect(ctx.vault.openSecret(stored?.webhookSecret ?? '')).toBe(created.webhookSecret);
    } finally {
      await ctx.store.close();
    }
  });

  it('seals the plain secrets of an older store at start-up, and leaves sealed ones alone', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pw-secret-'));
    dirs.push(dataDir);
    const config = { ...defaultConfig, dataDir, databaseUrl: '' };
    const old = await openStore(config);
    await old.migrate();
    const plain = 'cd'.repeat(32);
    await old.merchants.create({ id: 'a'.repeat(32), name: 'Old', tokenHash: 'b'.repeat(64), webhookSecret: plain, createdAt: 0 });
    await old.close();

    const ctx = await createContext(config);
    try {
      const stored = (await ctx.store.merchants.find('a'.repeat(32)))?.webhookSecret ?? '';
      expect(isSealedSecret(stored)).toBe(true);
      expect(stored).not.toContain(plain);
      expect(ctx.vault.openSecret(stored)).toBe(plain);
    } finally {
      await ctx.store.close();
    }
    const again = await createContext(config);
    try {
      expect((await again.store.merchants.find('a'.repeat(32)))?.webhookSecret).toBe((await again.store.merchants.listWebhookSecrets())[0]?.webhookSecret);
      expect(again.vault.openSecret((await again.store.merchants.find('a'.repeat(32)))?.webhookSecret ?? '')).toBe(plain);
    } finally {
      await again.store.close();
    }
  });
});
