// The operator CLI, run as a subprocess against a temporary DATA_DIR (SQLite), and the first-start
// bootstrap it shares merchant and entity creation with.

import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureTestMerchant, TEST_MERCHANT_FILE } from '../../src/merchants/bootstrap.js';
import { verifyPassword } from '../../src/crypto/passwords.js';
import { hashToken } from '../../src/crypto/tokens.js';
import { CardVault } from '../../src/crypto/card-vault.js';
import { CARD_KEY_FILE } from '../../src/crypto/keys.js';
import { randomBytes } from 'node:crypto';
import { openSqliteStore, openStore, SQLITE_FILE } from '../../src/storage/index.js';
import { PROCESS_TEST_TIMEOUT_MS, runCli, runCliJson, tempDirs } from '../support/cli-process.js';

const tempDir = tempDirs('pw-cli-');
const json = runCliJson;

interface Created {
  merchantId: string;
  accessToken: string;
  webhookSecret: string;
  entityId: string;
}
interface EntityView {
  entityId: string;
  merchantId: string;
  name: string;
  settings: Record<string, unknown>;
}

// Each run is a cold start of tsx (about a second, ten or more on a busy machine).
describe('relay CLI', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  const dataDir = tempDir();
  let merchant: Created;

  it('creates a merchant with a first entity and prints its credentials once', async () => {
    merchant = await json<Created>(dataDir, 'merchant', 'create', '--name', 'Coffee Shop');
    expect(merchant.merchantId).toMatch(/^[0-9a-f]{32}$/);
    expect(merchant.entityId).toMatch(/^[0-9a-f]{32}$/);
    expect(merchant.accessToken).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(merchant.webhookSecret).toMatch(/^[0-9a-f]{64}$/);

    const store = await openSqliteStore(join(dataDir, SQLITE_FILE));
    try {
      const stored = await store.merchants.findByTokenHash(hashToken(merchant.accessToken));
      expect(stored).toMatchObject({ id: merchant.merchantId, name: 'Coffee Shop' });
      // Only the hash of the token is kept, and the webhook secret only sealed with the card key.
      expect(JSON.stringify(stored)).not.toContain(merchant.accessToken);
      expect(JSON.stringify(stored)).not.toContain(merchant.webhookSecret);
      const vault = new CardVault(Buffer.from(readFileSync(join(dataDir, CARD_KEY_FILE), 'utf8').trim(), 'hex'));
      expect(vault.openSecret(stored?.webhookSecret ?? '')).toBe(merchant.webhookSecret);
      expect(await store.entities.find(merchant.entityId)).toMatchObject({ merchantId: merchant.merchantId, settings: {} });
    } finally {
      await store.close();
    }
  });

  it('creates an entity with a country profile and allowed origins', async () => {
    const entity = await json<EntityView>(
      dataDir,
      'entity', 'create', '--merchant', merchant.merchantId, '--name', 'Brazil web',
      '--country', 'BR', '--allowed-origin', 'https://shop.example', '--allowed-origin', 'http://localhost:8081',
    );
    expect(entity).toMatchObject({
      merchantId: merchant.merchantId,
      name: 'Brazil web',
      settings: { country: 'BR', allowedOrigins: ['https://shop.example', 'http://localhost:8081'] },
    });
    expect(entity.entityId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('changes settings with entity set and keeps the others', async () => {
    const created = await json<EntityView>(dataDir, 'entity', 'create', '--merchant', merchant.merchantId, '--name', 'MX', '--country', 'MX', '--allowed-origin', 'https://a.example');
    const cut = await json<EntityView>(dataDir, 'entity', 'set', created.entityId, '--no-country', '--reversal-cutoff-hours', '24');
    expect(cut.settings).toEqual({ allowedOrigins: ['https://a.example'], reversalCutoffMs: 24 * 3_600_000 });
    const again = await json<EntityView>(dataDir, 'entity', 'set', created.entityId, '--country', 'CO', '--no-allowed-origin');
    expect(again.settings).toEqual({ country: 'CO', reversalCutoffMs: 24 * 3_600_000 });
    const strict = await json<EntityView>(dataDir, 'entity', 'set', created.entityId, '--strict-parameters');
    expect(strict.settings).toEqual({ country: 'CO', reversalCutoffMs: 24 * 3_600_000, strictParameters: true });
    const lenient = await json<EntityView>(dataDir, 'entity', 'set', created.entityId, '--no-strict-parameters');
    expect(lenient.settings).toEqual({ country: 'CO', reversalCutoffMs: 24 * 3_600_000 });
    const fees = await json<EntityView>(dataDir, 'entity', 'set', created.entityId, '--settlement-fee', 'VISA=2.5%+0.30', '--settlement-fee', '*=1%+0');
    expect(fees.settings).toEqual({ country: 'CO', reversalCutoffMs: 24 * 3_600_000, settlementFees: { VISA: { basisPoints: 250, fixed: 30 }, '*': { basisPoints: 100, fixed: 0 } } });
    const noFees = await json<EntityView>(dataDir, 'entity', 'set', created.entityId, '--no-settlement-fees');
    expect(noFees.settings).toEqual({ country: 'CO', reversalCutoffMs: 24 * 3_600_000 });
  });

  it("sets and clears an entity's own throttle limits, 0 lifting a limit", async () => {
    const { entityId } = merchant;
    const set = await json<EntityView>(dataDir, 'entity', 'set', entityId, '--throttle-payments', '5', '--throttle-reads', '0', '--throttle-follow-ups', '1000000');
    expect(set.settings).toEqual({ throttle: { payments: 5, reads: 0, followUps: 1_000_000 } });
    const more = await json<EntityView>(dataDir, 'entity', 'set', entityId, '--throttle-registrations', '2', '--throttle-checkouts', '3', '--throttle-payments', 'default');
    expect(more.settings).toEqual({ throttle: { reads: 0, followUps: 1_000_000, registrations: 2, checkouts: 3 } });
    const cleared = await json<EntityView>(
      dataDir,
      'entity', 'set', entityId,
      '--throttle-reads', 'default', '--throttle-follow-ups', 'default', '--throttle-registrations', 'default', '--throttle-checkouts', 'default',
    );
    expect(cleared.settings).toEqual({});
    const store = await openSqliteStore(join(dataDir, SQLITE_FILE));
    try {
      expect((await store.entities.find(entityId))?.settings).toEqual({});
    } finally {
      await store.close();
    }
  });

  it("sets the merchant's payout account, replaces it whole, and removes it, keeping the other settings", async () => {
    const { entityId } = merchant;
    await json<EntityView>(dataDir, 'entity', 'set', entityId, '--strict-parameters');
    const sepa = await json<EntityView>(
      dataDir,
      'entity', 'set', entityId,
      '--bank-account-holder', 'Coffee Shop GmbH', '--bank-account-number', 'AT850100001234567890', '--bank-account-bic', 'NABAATWW', '--bank-account-country', 'AT',
    );
    const account = { holder: 'Coffee Shop GmbH', number: 'AT850100001234567890', bic: 'NABAATWW', country: 'AT' };
    expect(sepa.settings).toEqual({ strictParameters: true, bankAccount: account });
    // A number that is not an IBAN is a bank's own account number (AN64).
    const domestic = await json<EntityView>(dataDir, 'entity', 'set', entityId, '--bank-account-holder', 'Jane Jones', '--bank-account-number', '0012-3456789');
    expect(domestic.settings).toEqual({ strictParameters: true, bankAccount: { holder: 'Jane Jones', number: '0012-3456789' } });
    const store = await openSqliteStore(join(dataDir, SQLITE_FILE));
    try {
      expect((await store.entities.find(entityId))?.settings.bankAccount).toEqual({ holder: 'Jane Jones', number: '0012-3456789' });
    } finally {
      await store.close();
    }
    const removed = await json<EntityView>(dataDir, 'entity', 'set', entityId, '--no-bank-account', '--no-strict-parameters');
    expect(removed.settings).toEqual({});
  });

  it('requires 3-D Secure 2 on a channel and turns it off again, keeping the other settings', async () => {
    const { entityId } = merchant;
    const required = await json<EntityView>(dataDir, 'entity', 'set', entityId, '--three-d-secure-2-required', '--strict-parameters');
    expect(required.settings).toEqual({ threeDSecure2Required: true, strictParameters: true });
    const store = await openSqliteStore(join(dataDir, SQLITE_FILE));
    try {
      expect((await store.entities.find(entityId))?.settings).toEqual({ threeDSecure2Required: true, strictParameters: true });
    } finally {
      await store.close();
    }
    const optional = await json<EntityView>(dataDir, 'entity', 'set', entityId, '--no-three-d-secure-2-required');
    expect(optional.settings).toEqual({ strictParameters: true });
    const cleared = await json<EntityView>(dataDir, 'entity', 'set', entityId, '--no-strict-parameters');
    expect(cleared.settings).toEqual({});
  });

  it('refuses a bad payout account naming the option, and writes nothing', async () => {
    const created = await json<EntityView>(dataDir, 'entity', 'create', '--merchant', merchant.merchantId, '--name', 'Payouts');
    const { entityId } = created;
    const account = ['--bank-account-holder', 'Jane Jones', '--bank-account-number', 'DE23100000001234567890'];
    await json<EntityView>(dataDir, 'entity', 'set', entityId, ...account);
    const cases: [string, string[]][] = [
      ['bank-account-number', ['--bank-account-holder', 'Jane Jones', '--bank-account-number', 'DE24100000001234567890']],
      ['bank-account-number', ['--bank-account-holder', 'Jane Jones', '--bank-account-number', '1'.repeat(65)]],
      ['bank-account-bic', ['--bank-account-holder', 'Jane Jones', '--bank-account-bic', 'MARKDEF']],
      ['bank-account-bic', ['--bank-account-holder', 'Jane Jones', '--bank-account-bic', 'MARKDEF1100X']],
      ['bank-account-country', ['--bank-account-holder', 'Jane Jones', '--bank-account-country', 'D1']],
      ['bank-account-holder', ['--bank-account-number', 'DE23100000001234567890']],
      ['bank-account-holder', ['--bank-account-holder', 'J'.repeat(129)]],
      ['bank-account-holder', ['--bank-account-holder', '']],
      ['no-bank-account', ['--bank-account-holder', 'Jane Jones', '--no-bank-account']],
    ];
    const results = await Promise.all(cases.map(([, args]) => runCli(dataDir, 'entity', 'set', entityId, ...args)));
    results.forEach((result, i) => {
      const flag = cases[i]?.[0] ?? '';
      expect(result.code, flag).toBe(2);
      expect(result.stderr, flag).toMatch(new RegExp(`^error: .*--${flag}`));
      expect(result.stdout, flag).toBe('');
    });
    const store = await openSqliteStore(join(dataDir, SQLITE_FILE));
    try {
      expect((await store.entities.find(entityId))?.settings).toEqual({ bankAccount: { holder: 'Jane Jones', number: 'DE23100000001234567890' } });
    } finally {
      await store.close();
    }
  });

  it("lists a merchant's entities", async () => {
    const list = await json<EntityView[]>(dataDir, 'entity', 'list', '--merchant', merchant.merchantId);
    expect(list.map((e) => e.name)).toEqual(['Default channel', 'Brazil web', 'MX', 'Payouts']);
  });

  it('exits with code 2 and a reason on bad arguments', async () => {
    const any = 'a'.repeat(32);
    const cases: [string, string[]][] = [
      ['no command', []],
      ['an unknown command', ['merchant', 'delete']],
      ['a missing name', ['merchant', 'create']],
      ['an unknown option', ['merchant', 'create', '--name', 'X', '--colour', 'red']],
      ['an unknown country', ['entity', 'create', '--merchant', any, '--name', 'X', '--country', 'US']],
      ['a malformed merchant id', ['entity', 'list', '--merchant', 'nope']],
      ['an origin with a path', ['entity', 'create', '--merchant', any, '--name', 'X', '--allowed-origin', 'https://a.example/shop']],
      ['an origin that is no URL', ['entity', 'create', '--merchant', any, '--name', 'X', '--allowed-origin', 'shop']],
      ['--country with --no-country', ['entity', 'set', any, '--country', 'BR', '--no-country']],
      ['a zero cut-off', ['entity', 'set', any, '--reversal-cutoff-hours', '0']],
      ['nothing to set', ['entity', 'set', any]],
      ['--three-d-secure-2-required with its --no-', ['entity', 'set', any, '--three-d-secure-2-required', '--no-three-d-secure-2-required']],
      ['an unknown time zone', ['entity', 'set', any, '--time-zone', 'Mars/Olympus_Mons']],
    ];
    // In parallel: each case is a cold start of the CLI.
    const results = await Promise.all(cases.map(([, args]) => runCli(dataDir, ...args)));
    results.forEach((result, i) => {
      const label = cases[i]?.[0];
      expect(result.code, label).toBe(2);
      expect(result.stderr, label).toMatch(/^error: .+\n/);
      expect(result.stdout, label).toBe('');
    });
  });

  it('refuses a throttle limit that is not 0 to 1000000 or "default", naming the option', async () => {
    const any = 'a'.repeat(32);
    const cases: [string, string][] = [
      ['throttle-payments', '-1'],
      ['throttle-reads', '1.5'],
      ['throttle-follow-ups', 'lots'],
      ['throttle-checkouts', '1000001'],
      ['throttle-registrations', ''],
    ];
    const results = await Promise.all(cases.map(([flag, value]) => runCli(dataDir, 'entity', 'set', any, `--${flag}=${value}`)));
    results.forEach((result, i) => {
      const flag = cases[i]?.[0] ?? '';
      expect(result.code, flag).toBe(2);
      expect(result.stderr, flag).toMatch(new RegExp(`^error: --${flag} (must be a whole number|needs a value)`));
      expect(result.stdout, flag).toBe('');
    });
  });

  it('exits with code 2 for an unknown merchant or entity', async () => {
    const unknown = 'f'.repeat(32);
    const cases: [string, string[]][] = [
      ['merchant', ['entity', 'create', '--merchant', unknown, '--name', 'X']],
      ['merchant', ['entity', 'list', '--merchant', unknown]],
      ['entity', ['entity', 'set', unknown, '--country', 'BR']],
    ];
    const results = await Promise.all(cases.map(([, args]) => runCli(dataDir, ...args)));
    results.forEach((result, i) => {
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`no ${cases[i]?.[0]} with id ${unknown}`);
    });
  });

  it('does not create a data folder when the arguments are wrong', async () => {
    const fresh = join(tempDir(), 'never');
    expect((await runCli(fresh, 'merchant', 'create')).code).toBe(2);
    expect(existsSync(fresh)).toBe(false);
  });
});

describe('ensureTestMerchant', () => {
  const vault = new CardVault(randomBytes(32));

  it('creates the test merchant on an empty store only, writing its credentials with mode 0600', async () => {
    const dataDir = join(tempDir(), 'data');
    const store = await openStore({ dataDir, databaseUrl: '' });
    try {
      await store.migrate();
      const first = await ensureTestMerchant(store, { dataDir, backofficePublicUrl: 'https://backoffice.example' }, 1_700_000_000_000, vault);
      expect(first.created).toBe(true);
      const file = join(dataDir, TEST_MERCHANT_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first.credentials);

      const creds = first.credentials;
      if (!creds) throw new Error('credentials expected');
      expect(creds.entityId).toMatch(/^[0-9a-f]{32}$/);
      expect(creds.webhookSecret).toMatch(/^[0-9a-f]{64}$/);
      const merchant = await store.merchants.findByTokenHash(hashToken(creds.accessToken));
      expect(merchant).toMatchObject({ name: 'Test Merchant' });
      // Stored sealed with the card key: readable only through the vault.
      expect(merchant?.webhookSecret).not.toContain(creds.webhookSecret);
      expect(vault.openSecret(merchant?.webhookSecret ?? '')).toBe(creds.webhookSecret);
      expect(await store.entities.find(creds.entityId)).toMatchObject({ merchantId: merchant?.id, settings: {} });

      // An active owner of its back office, whose password (shown once) verifies against the stored hash.
      expect(creds.backOffice).toEqual({ url: 'https://backoffice.example', email: 'owner@test-merchant.example', password: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/) });
      const [owner, ...others] = await store.users.findActiveByEmail(creds.backOffice.email);
      expect(others).toEqual([]);
      expect(owner).toMatchObject({ merchantId: merchant?.id, role: 'owner', status: 'active', channelIds: null });
      expect(await verifyPassword(creds.backOffice.password, owner?.passwordHash ?? '')).toBe(true);
      expect((await store.audit.list(merchant?.id ?? '', {}, undefined, 10)).entries).toEqual([expect.objectContaining({ action: 'user.create', target: owner?.id, userId: null })]);

      expect(await ensureTestMerchant(store, { dataDir, backofficePublicUrl: 'https://backoffice.example' }, 1_700_000_000_001, vault)).toEqual({ created: false, credentials: null });
      expect(await store.merchants.count()).toBe(1);
      expect(await store.users.findActiveByEmail(creds.backOffice.email)).toHaveLength(1);
    } finally {
      await store.close();
    }
  });

  it('refuses a DATABASE_URL that is not PostgreSQL', async () => {
    await expect(openStore({ dataDir: tempDir(), databaseUrl: 'mysql://x' })).rejects.toThrow(/postgres/);
  });
});
