// Several card keys at once: the envelope naming the key of each sealed value, values sealed before
// keys had ids still opening, values under a former key opening after a rotation, tampering refused
// (the id moved, a bit flipped), and the keyring read from DATA_DIR/card-keys, CARD_KEYS and the
// original key.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ActiveKeyMissingError, CardVault, isSealedSecret } from '../../src/crypto/card-vault.js';
import { addKeyFile, CARD_KEYS_DIR, loadKeyring, nextKeyId, parseCardKeys, removeKeyFile } from '../../src/crypto/keyring.js';
import { CARD_KEY_FILE } from '../../src/crypto/keys.js';
import { sealedKeyId } from '../../src/domain/sealed-envelope.js';
import { requestHash } from '../../src/http/idempotency.js';

const CARD = '4200000000000000';
const SECRET = 'ab'.repeat(32);
const original = randomBytes(32);
const second = randomBytes(32);

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pw-keyring-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('sealed values under several keys', () => {
  it('reads a value sealed before keys had ids as the original key (k0), and k0 still writes that format', () => {
    const before = new CardVault(original);
    const sealed = before.seal(CARD);
    expect(sealed).not.toContain(':');
    expect(sealedKeyId(sealed)).toBe('k0');
    const ring = new CardVault(new Map([['k0', original], ['k1', second]]), 'k1');
    expect(ring.open(sealed)).toBe(CARD);
    expect(ring.openSecret(before.sealSecret(SECRET))).toBe(SECRET);
  });

  it('opens a value sealed with key A after key B became active, and seals new values with B', () => {
    const vault = new CardVault(new Map([['k0', original], ['k1', second]]));
    const underA = vault.seal(CARD);
    const secretUnderA = vault.sealSecret(SECRET);
    vault.activate('k1');
    const underB = vault.seal(CARD);
    expect(sealedKeyId(underB)).toBe('k1');
    expect(underB.startsWith('k1:')).toBe(true);
    expect(vault.open(underA)).toBe(CARD);
    expect(vault.open(underB)).toBe(CARD);
    expect(vault.openSecret(secretUnderA)).toBe(SECRET);
    const secretUnderB = vault.sealSecret(SECRET);
    expect(isSealedSecret(secretUnderB)).toBe(true);
    expect(vault.openSecret(secretUnderB)).toBe(SECRET);
    // B's values open with B alone: A is not needed for them, and B is needed.
    expect(new CardVault(new Map([['k1', second]]), 'k1').open(underB)).toBe(CARD);
    expect(() => new CardVault(original).open(underB)).toThrow(/card key k1, which this relay does not hold/);
  });

  it('refuses a tampered value: a flipped bit, or the key id changed', () => {
    const vault = new CardVault(new Map([['k0', second], ['k1', second], ['k2', second]]), 'k1');
    const sealed = vault.seal(CARD);
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[20] = (raw[20] ?? 0) ^ 0x01;
    expect(() => vault.open(`k1:${raw.toString('base64')}`)).toThrow(/authentication/);
    // The same key under another id: the id is bound into the tag, so the move is caught.
    expect(() => vault.open(`k2:${sealed.slice(3)}`)).toThrow(/authentication/);
    // Nor can the prefix be stripped to pass it off as a value from before keys had ids.
    expect(() => vault.open(sealed.slice(3))).toThrow(/authentication/);
  });

  it('seals nothing while the active key is not held, rather than sealing with another', () => {
    const vault = new CardVault(new Map([['k0', original]]), 'k3');
    expect(() => vault.seal(CARD)).toThrow(ActiveKeyMissingError);
    expect(() => vault.sealSecret(SECRET)).toThrow(/card key k3 is not in this relay's keyring/);
    expect(() => vault.fingerprint(CARD)).toThrow(ActiveKeyMissingError);
  });

  it('fingerprints with the active key and keeps the other keys\' request digests for requests from before a rotation', () => {
    const vault = new CardVault(new Map([['k0', original], ['k1', second]]));
    const before = vault.fingerprint(CARD);
    const digestBefore = requestHash(vault.requestDigest(), 'POST', '/v1/payments', new Map([['card.number', CARD]]));
    vault.activate('k1');
    expect(vault.fingerprint(CARD)).not.toBe(before);
    const former = vault.formerRequestDigests().map((d) => requestHash(d, 'POST', '/v1/payments', new Map([['card.number', CARD]])));
    expect(former).toEqual([digestBefore]);
  });
});

describe('the keyring', () => {
  it('reads the original key, the key files and CARD_KEYS together', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, CARD_KEY_FILE), `${original.toString('hex')}\n`);
    const added = addKeyFile(dataDir, 'k1');
    const ring = loadKeyring({ cardKeyHex: '', cardKeysText: ` k2:${second.toString('hex')} `, dataDir });
    expect([...ring.keys()].sort()).toEqual(['k0', 'k1', 'k2']);
    expect(ring.get('k0')?.equals(original)).toBe(true);
    expect(ring.get('k1')?.equals(added)).toBe(true);
    expect(ring.get('k2')?.equals(second)).toBe(true);
  });

  it('writes a new key with mode 0600 and never overwrites one', () => {
    const dataDir = tempDir();
    const key = addKeyFile(dataDir, 'k4');
    const file = join(dataDir, CARD_KEYS_DIR, 'k4');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(key.toString('hex'));
    expect(() => addKeyFile(dataDir, 'k4')).toThrow(/EEXIST/);
    expect(readFileSync(file, 'utf8').trim()).toBe(key.toString('hex'));
  });

  it('creates the original key on a fresh install only: once other keys exist, a missing card-key was retired', () => {
    const fresh = tempDir();
    expect([...loadKeyring({ cardKeyHex: '', cardKeysText: '', dataDir: fresh }).keys()]).toEqual(['k0']);
    const rotated = tempDir();
    addKeyFile(rotated, 'k1');
    expect([...loadKeyring({ cardKeyHex: '', cardKeysText: '', dataDir: rotated }).keys()]).toEqual(['k1']);
    expect(() => statSync(join(rotated, CARD_KEY_FILE))).toThrow(/ENOENT/);
    expect(removeKeyFile(rotated, 'k1')).toBe(true);
    expect(removeKeyFile(rotated, 'k1')).toBe(false);
  });

  it('refuses two different keys under one id and malformed CARD_KEYS, without repeating a key', () => {
    const dataDir = tempDir();
    mkdirSync(join(dataDir, CARD_KEYS_DIR));
    writeFileSync(join(dataDir, CARD_KEYS_DIR, 'k1'), original.toString('hex'));
    expect(() => loadKeyring({ cardKeyHex: '', cardKeysText: `k1:${second.toString('hex')}`, dataDir })).toThrow(/k1 from CARD_KEYS differs/);
    const bad = `x1:${second.toString('hex')}`;
    expect(() => parseCardKeys(bad)).toThrow(/id:hex/);
    try {
      parseCardKeys(bad);
    } catch (error) {
      expect(String(error)).not.toContain(second.toString('hex'));
    }
    expect(() => parseCardKeys('k1:abc')).toThrow(/64 hex/);
  });

  it('numbers a new key after every id known', () => {
    expect(nextKeyId(['k0'])).toBe('k1');
    expect(nextKeyId(['k0', 'k7', 'k2'])).toBe('k8');
    expect(nextKeyId([])).toBe('k1');
  });
});
