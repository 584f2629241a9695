// `keys …` run as an operator runs them, against a temporary DATA_DIR (SQLite): the status of a
// store never rotated, a rotation adding a key file and making it active, the re-sealing job run
// by a jobs runner (on a clock of the test's) moving every value under the new key, compare-and-set
// leaving alone a value changed meanwhile, and a retirement refused until nothing uses the key.

import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ActiveCardKey, ACTIVE_KEY_REFRESH_MS } from '../../src/app/active-card-key.js';
import { JOB_KINDS } from '../../src/app/job-kinds.js';
import { resealJobRun } from '../../src/app/reseal.js';
import { defaultConfig } from '../../src/config/config.js';
import { CardVault } from '../../src/crypto/card-vault.js';
import { CARD_KEYS_DIR, loadKeyring } from '../../src/crypto/keyring.js';
import { CARD_KEY_FILE } from '../../src/crypto/keys.js';
import { ManualClock } from '../../src/domain/clock.js';
import { sealedKeyId } from '../../src/domain/sealed-envelope.js';
import { JobRunner } from '../../src/jobs/runner.js';
import { openSqliteStore, SQLITE_FILE } from '../../src/storage/index.js';
import type { Store } from '../../src/storage/store.js';
import { PROCESS_TEST_TIMEOUT_MS, runCli, runCliJson, tempDirs } from '../support/cli-process.js';
import { checkoutRecord, insertPayment, registrationRecord } from '../storage/contract/fixtures.js';
import { openSaved, SAVED_DATA, sealSaved, savedSealedNumber } from '../../src/checkouts/saved-data.js';

const tempDir = tempDirs('pw-cli-keys-');
const json = runCliJson;

interface KeyView {
  id: string;
  active: boolean;
  heldHere: boolean;
  sealed: Record<string, number>;
  total: number;
  replacedAt: string | null;
  retiredAt: string | null;
}
interface Status {
  activeKey: string;
  keys: KeyView[];
  reseal: { remaining: number; underActiveKey: number; total: number; percentDone: number; job: { state: string } | null };
}

const CARDS = ['4200000000000000', '5454545454545454', '4111111111111111'];

async function withStore<T>(dataDir: string, work: (store: Store) => Promise<T>): Promise<T> {
  const store = await openSqliteStore(join(dataDir, SQLITE_FILE));
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** The relay's jobs runner on this store, with the re-sealing handler, on a clock of the test's. */
function resealRunner(store: Store, dataDir: string, clock: ManualClock): JobRunner {
  const config = { cardKeyHex: '', cardKeysText: '', dataDir };
  const keyring = loadKeyring(config);
  const vault = new CardVault(keyring);
  const activeCardKey = new ActiveCardKey(store, vault, () => loadKeyring(config), keyring);
  const handlers = new Map([[JOB_KINDS.cardKeyReseal, (_payload: unknown) => resealJobRun({ store, vault, clock, activeCardKey }, { info: () => undefined })]]);
  return new JobRunner({ store, clock, owner: 'test-relay', config: { ...defaultConfig.jobs }, handlers });
}

describe('keys commands', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  const dataDir = tempDir();
  let merchantId = '';
  let entityId = '';
  let registrationIds: string[] = [];
  let checkoutId = '';
  let pendingPaymentId = '';

  it('shows the original key active and sealing every value of a store never rotated', async () => {
    ({ merchantId, entityId } = await json<{ merchantId: string; entityId: string }>(dataDir, 'merchant', 'create', '--name', 'Shop'));
    const original = new CardVault(Buffer.from(readFileSync(join(dataDir, CARD_KEY_FILE), 'utf8').trim(), 'hex'));
    registrationIds = await withStore(dataDir, async (store) => {
      const ids: string[] = [];
      for (const number of CARDS) {
        const r = registrationRecord(entityId, { cardCiphertext: original.seal(number), cardHmac: original.fingerprint(number) });
        await store.registrations.insert(r);
        ids.push(r.id);
      }
      // A summary-page checkout's saved form, its card number sealed, until the checkout expires.
      const saved = sealSaved(original, new Map([['card.number', CARDS[0] ?? ''], ['card.cvv', '123'], ['card.holder', 'Jane Jones']]));
      const checkout = checkoutRecord(entityId, { paramsJson: JSON.stringify([['amount', '92.50'], [SAVED_DATA, saved]]), createdAt: Date.now(), expiresAt: Date.now() + 30 * 60_000 });
      await store.checkouts.insert(checkout);
      checkoutId = checkout.id;
      // A 3-D Secure payment that asked for a registration keeps the card sealed until its outcome.
      const pending = await insertPayment(store, entityId, { status: 'pending', pendingJson: JSON.stringify({ resultUrl: 'https://shop.example/r', sealedCard: original.seal(CARDS[1] ?? ''), holder: 'Jane Jones' }) });
      pendingPaymentId = pending.id;
      return ids;
    });
    const status = await json<Status>(dataDir, 'keys', 'status');
    expect(status.activeKey).toBe('k0');
    expect(status.keys).toEqual([
      expect.objectContaining({ id: 'k0', active: true, heldHere: true, total: 6, sealed: { cards: 3, merchantSecrets: 1, pendingMerchantSecrets: 0, endpointSecrets: 0, secondFactors: 0, savedCheckouts: 1, pendingCards: 1 } }),
    ]);
    expect(status.reseal).toMatchObject({ remaining: 0, underActiveKey: 6, total: 6, percentDone: 100, job: null });
  });

  it('refuses to retire the active key, to activate a key this host does not hold, and a bad id', async () => {
    const active = await runCli(dataDir, 'keys', 'retire', 'k0');
    expect(active.code).toBe(1);
    expect(active.stderr).toContain('card key k0 is the active key');
    const missing = await runCli(dataDir, 'keys', 'activate', 'k5');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('this host does not hold card key k5');
    const typo = await runCli(dataDir, 'keys', 'activate', 'five');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('a key id is k and a number');
    expect((await json<Status>(dataDir, 'keys', 'status')).activeKey).toBe('k0');
  });

  it('rotates: a new key file, active for every relay, with the re-sealing of every value queued', async () => {
    const status = await json<Status>(dataDir, 'keys', 'rotate');
    expect(status.activeKey).toBe('k1');
    expect(statSync(join(dataDir, CARD_KEYS_DIR, 'k1')).mode & 0o777).toBe(0o600);
    expect(status.keys.map((k) => [k.id, k.active, k.total])).toEqual([['k0', false, 6], ['k1', true, 0]]);
    expect(status.reseal).toMatchObject({ remaining: 6, underActiveKey: 0, percentDone: 0, job: { state: 'queued' } });
    // Values sealed from now on, here or on a relay, are the new key's.
    const second = await json<{ webhookSecret: string; merchantId: string }>(dataDir, 'merchant', 'create', '--name', 'Second shop');
    const stored = await withStore(dataDir, (store) => store.merchants.find(second.merchantId));
    expect(sealedKeyId(stored?.webhookSecret ?? '')).toBe('k1');
  });

  it('re-seals every value in the background, leaving alone a value changed meanwhile', async () => {
    const clock = new ManualClock(Date.now());
    await withStore(dataDir, async (store) => {
      // Compare-and-set: a rewrite that read a value since changed writes nothing.
      const [first] = await store.sealedValues.notUnder('cards', 'k1', '', 1);
      expect(await store.sealedValues.replace('cards', first?.key ?? '', 'not what the row holds', 'k1:x')).toBe(false);
      const runner = resealRunner(store, dataDir, clock);
      expect(await runner.runDue()).toMatchObject({ claimed: 1, done: 0 });
      // Everything moved; the job runs once more after every relay has read the activation.
      const moved = await json<Status>(dataDir, 'keys', 'status');
      expect(moved.reseal).toMatchObject({ remaining: 0, underActiveKey: 7, percentDone: 100, job: { state: 'queued' } });
      const early = await runCli(dataDir, 'keys', 'retire', 'k0');
      expect(early.code).toBe(1);
      expect(early.stderr).toContain('re-sealing under k1 has not finished');
      clock.advance(2 * ACTIVE_KEY_REFRESH_MS);
      expect(await runner.runDue()).toMatchObject({ claimed: 1, done: 1 });

      const vault = new CardVault(loadKeyring({ cardKeyHex: '', cardKeysText: '', dataDir }), 'k1');
      for (const [i, id] of registrationIds.entries()) {
        const registration = await store.registrations.find(entityId, id);
        expect(sealedKeyId(registration?.cardCiphertext ?? '')).toBe('k1');
        expect(vault.open(registration?.cardCiphertext ?? '')).toBe(CARDS[i]);
        // The fingerprint is the new key's too.
        expect(registration?.cardHmac).toBe(vault.fingerprint(CARDS[i] ?? ''));
      }
      expect(sealedKeyId((await store.merchants.find(merchantId))?.webhookSecret ?? '')).toBe('k1');
      const params = (await store.checkouts.find(checkoutId))?.paramsJson ?? '';
      expect(sealedKeyId(savedSealedNumber(params) ?? '')).toBe('k1');
      const stillSaved = new Map(JSON.parse(params) as [string, string][]).get(SAVED_DATA) ?? '';
      expect(openSaved(vault, stillSaved)).toEqual({ params: new Map([['card.holder', 'Jane Jones'], ['card.number', CARDS[0]]]), cvvGiven: true });
      const pendingState = JSON.parse((await store.payments.find(entityId, pendingPaymentId))?.pendingJson ?? '{}') as { sealedCard: string; resultUrl: string };
      expect(sealedKeyId(pendingState.sealedCard)).toBe('k1');
      expect(vault.open(pendingState.sealedCard)).toBe(CARDS[1]);
      expect(pendingState.resultUrl).toBe('https://shop.example/r');
    });
    const done = await json<Status>(dataDir, 'keys', 'status');
    expect(done.keys.map((k) => [k.id, k.total])).toEqual([['k0', 0], ['k1', 7]]);
    expect(done.reseal.job).toMatchObject({ state: 'done' });
  });

  it('retires the former key once nothing uses it: marked in the database, its file removed', async () => {
    const retired = await json<{ retired: string; fileRemoved: boolean }>(dataDir, 'keys', 'retire', 'k0');
    expect(retired).toMatchObject({ retired: 'k0', fileRemoved: true });
    expect(() => statSync(join(dataDir, CARD_KEY_FILE))).toThrow(/ENOENT/);
    const status = await json<Status>(dataDir, 'keys', 'status');
    expect(status.keys).toEqual([
      expect.objectContaining({ id: 'k0', active: false, heldHere: false, total: 0, retiredAt: expect.any(String) }),
      expect.objectContaining({ id: 'k1', active: true, heldHere: true, total: 7 }),
    ]);
    // A retired key is never activated again.
    const again = await runCli(dataDir, 'keys', 'activate', 'k0');
    expect(again.code).toBe(1);
    // Everything still opens with the keys left.
    const secret = await withStore(dataDir, async (store) => (await store.merchants.find(merchantId))?.webhookSecret ?? '');
    expect(new CardVault(loadKeyring({ cardKeyHex: '', cardKeysText: '', dataDir }), 'k1').openSecret(secret)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses to retire a key that still seals values', async () => {
    await json<{ added: string }>(dataDir, 'keys', 'add');
    const status = await json<Status>(dataDir, 'keys', 'activate', 'k2');
    expect(status.activeKey).toBe('k2');
    const refused = await runCli(dataDir, 'keys', 'retire', 'k1');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('card key k1 still seals 7 values');
    expect(statSync(join(dataDir, CARD_KEYS_DIR, 'k1')).isFile()).toBe(true);
  });
});
