// The card master key lives outside the database, so a copy of the database alone (a backup, a
// leaked dump) holds no readable card number. Sources, in order: CARD_KEY (hex) in the
// environment, else DATA_DIR/card-key, else a new random key written there with mode 0600.

import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/config.js';

export const CARD_KEY_FILE = 'card-key';
const KEY_HEX = /^[0-9a-fA-F]{64}$/;

export function parseKey(hex: string, source: string): Buffer {
  const text = hex.trim();
  if (!KEY_HEX.test(text)) throw new Error(`${source} must hold 64 hex characters (32 bytes)`);
  return Buffer.from(text, 'hex');
}

export function readKeyFile(file: string): Buffer | undefined {
  try {
    return parseKey(readFileSync(file, 'utf8'), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Writes the key durably under a temporary name, then links it into place: the link fails if the
 * file exists, so the key is never overwritten, and a reader never sees a half-written file.
 * The fsyncs matter: a key lost in a power cut would make every card sealed with it unreadable.
 */
export function createKeyFile(dir: string, file: string, key: Buffer): void {
  const temp = join(dir, `.${CARD_KEY_FILE}.${process.pid}.${randomBytes(6).toString('hex')}`);
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, `${key.toString('hex')}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, file);
  } finally {
    unlinkSync(temp);
  }
  const dirFd = openSync(dir, 'r');
  try {
    fsyncSync(dirFd);
  } finally {
    closeSync(dirFd);
  }
}

export function loadCardKey(config: Pick<Config, 'cardKeyHex' | 'dataDir'>): Buffer {
  if (config.cardKeyHex !== '') return parseKey(config.cardKeyHex, 'CARD_KEY');
  const file = join(config.dataDir, CARD_KEY_FILE);
  const existing = readKeyFile(file);
  if (existing) return existing;
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  try {
    createKeyFile(config.dataDir, file, key);
    return key;
  } catch (err) {
    // Another process created the key a moment ago: use that one, since two keys would leave
    // half of the sealed cards unreadable.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const raced = readKeyFile(file);
    if (!raced) throw err;
    return raced;
  }
}
