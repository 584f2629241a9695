// The card keys a relay holds (PCI DSS 3.6/3.7: keys are rotated, and a retired key is removed).
// The original key (k0) is the one keys.ts has always loaded: CARD_KEY, else DATA_DIR/card-key.
// Keys added since then live one per file in DATA_DIR/card-keys/<id> (mode 0600, written durably,
// never overwritten) or come from CARD_KEYS ("id:hex,id:hex") on hosts whose keys come from a
// secret manager. Which key seals new values is not decided here but in the database
// (storage/repositories/card-keys.ts), so that every relay seals with the same one.

import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/config.js';
import { CARD_KEY_FILE, createKeyFile, loadCardKey, parseKey, readKeyFile } from './keys.js';
import { KEY_ID, ORIGINAL_KEY_ID } from '../domain/sealed-envelope.js';

export { KEY_ID, ORIGINAL_KEY_ID } from '../domain/sealed-envelope.js';
/** The folder under DATA_DIR holding the keys added by `keys add` / `keys rotate`. */
export const CARD_KEYS_DIR = 'card-keys';

export type KeyringConfig = Pick<Config, 'cardKeyHex' | 'cardKeysText' | 'dataDir'>;

/** The keys by id. */
export type Keyring = ReadonlyMap<string, Buffer>;

export function isKeyId(text: string): boolean {
  return KEY_ID.test(text);
}

function add(ring: Map<string, Buffer>, id: string, key: Buffer, source: string): void {
  const held = ring.get(id);
  // Two different keys under one id would leave half of that key's values unreadable somewhere.
  if (held && !held.equals(key)) throw new Error(`card key ${id} from ${source} differs from the one already loaded under that id`);
  ring.set(id, key);
}

/** CARD_KEYS: "id:hex" entries separated by commas (spaces and newlines around them are ignored). */
export function parseCardKeys(text: string): Map<string, Buffer> {
  const ring = new Map<string, Buffer>();
  for (const entry of text.split(',').map((e) => e.trim()).filter((e) => e !== '')) {
    const colon = entry.indexOf(':');
    const id = colon < 0 ? '' : entry.slice(0, colon);
    // The message never repeats the entry: it holds a key.
    if (!isKeyId(id)) throw new Error('CARD_KEYS entries are id:hex with an id like k1 (k and a number)');
    add(ring, id, parseKey(entry.slice(colon + 1), `CARD_KEYS (${id})`), 'CARD_KEYS');
  }
  return ring;
}

function keyDir(dataDir: string): string {
  return join(dataDir, CARD_KEYS_DIR);
}

function readKeyDir(dataDir: string): Map<string, Buffer> {
  const ring = new Map<string, Buffer>();
  let names: string[];
  try {
    names = readdirSync(keyDir(dataDir));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return ring;
    throw err;
  }
  // Other names (temporary files of a write under way, a README) are not keys.
  for (const name of names.filter(isKeyId).sort()) {
    const key = readKeyFile(join(keyDir(dataDir), name));
    if (key) ring.set(name, key);
  }
  return ring;
}

/**
 * Every key this host holds. The original key is created (as it always was) only on a fresh
 * install, one with no other key: once keys were added, a missing DATA_DIR/card-key means the
 * original was retired, and a new random one would seal nothing anybody can read elsewhere.
 */
export function loadKeyring(config: KeyringConfig): Map<string, Buffer> {
  const ring = readKeyDir(config.dataDir);
  for (const [id, key] of parseCardKeys(config.cardKeysText)) add(ring, id, key, 'CARD_KEYS');
  if (config.cardKeyHex !== '') {
    add(ring, ORIGINAL_KEY_ID, parseKey(config.cardKeyHex, 'CARD_KEY'), 'CARD_KEY');
  } else if (!ring.has(ORIGINAL_KEY_ID)) {
    const file = readKeyFile(join(config.dataDir, CARD_KEY_FILE));
    if (file) ring.set(ORIGINAL_KEY_ID, file);
    else if (ring.size === 0) ring.set(ORIGINAL_KEY_ID, loadCardKey(config));
  }
  return ring;
}

/** The next free id after every id known (the keyring's and the database's). */
export function nextKeyId(known: Iterable<string>): string {
  let highest = 0;
  for (const id of known) if (isKeyId(id)) highest = Math.max(highest, Number(id.slice(1)));
  return `k${highest + 1}`;
}

/** Writes a new random key as DATA_DIR/card-keys/<id>; refuses an id that has a file already. */
export function addKeyFile(dataDir: string, id: string): Buffer {
  if (!isKeyId(id)) throw new Error(`a card key id is k and a number, got ${JSON.stringify(id)}`);
  mkdirSync(keyDir(dataDir), { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  createKeyFile(keyDir(dataDir), join(keyDir(dataDir), id), key);
  return key;
}

/** Removes the key's file (DATA_DIR/card-keys/<id>, or DATA_DIR/card-key for k0); false when there was none. */
export function removeKeyFile(dataDir: string, id: string): boolean {
  const dir = id === ORIGINAL_KEY_ID ? dataDir : keyDir(dataDir);
  const file = id === ORIGINAL_KEY_ID ? join(dataDir, CARD_KEY_FILE) : join(dir, id);
  try {
    unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
  // The removal is made durable too: a retired key that comes back after a power cut is a key
  // the operator believes gone.
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}
