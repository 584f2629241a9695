import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CARD_KEY_FILE, loadCardKey } from '../../src/crypto/keys.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pw-keys-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadCardKey', () => {
  it('prefers CARD_KEY from the config and leaves no file', () => {
    const dataDir = tempDir();
    const hex = 'ab'.repeat(32);
    expect(loadCardKey({ cardKeyHex: hex, dataDir }).toString('hex')).toBe(hex);
    expect(() => statSync(join(dataDir, CARD_KEY_FILE))).toThrow();
  });

  it('rejects a CARD_KEY that is not 64 hex characters', () => {
    expect(() => loadCardKey({ cardKeyHex: 'abc', dataDir: tempDir() })).toThrow(/64 hex/);
  });

  it('creates DATA_DIR/card-key with mode 0600 once, then reads the same key back', () => {
    const dataDir = join(tempDir(), 'nested');
    const first = loadCardKey({ cardKeyHex: '', dataDir });
    expect(first).toHaveLength(32);
    const file = join(dataDir, CARD_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
    expect(loadCardKey({ cardKeyHex: '', dataDir }).equals(first)).toBe(true);
  });

  it('refuses a damaged key file instead of replacing it', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, CARD_KEY_FILE), 'not a key');
    expect(() => loadCardKey({ cardKeyHex: '', dataDir })).toThrow(/64 hex/);
  });
});
