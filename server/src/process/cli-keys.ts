// `npm run relay -- keys …`: the card keys (crypto/keyring.ts). A key is added to this host's
// keyring, then activated for every relay (the database holds the choice); the re-sealing job
// (app/reseal.ts) then moves every stored value to it, and once nothing uses the former key it is
// retired: marked so in the database (every relay drops it) and its file removed here.
// On several hosts the key is distributed before it is activated: a relay without the active key
// answers not ready rather than seal with another.

import { loadConfig, type Config } from '../config/config.js';
import { addKeyFile, CARD_KEYS_DIR, isKeyId, loadKeyring, nextKeyId, ORIGINAL_KEY_ID, parseCardKeys, removeKeyFile } from '../crypto/keyring.js';
import { jobRecord } from '../domain/job.js';
import type { EpochMs } from '../domain/records.js';
import { ACTIVE_KEY_REFRESH_MS } from '../app/active-card-key.js';
import { keysStatus, type CardKeyStatus, type KeysStatus } from '../app/card-key-status.js';
import { resealJob } from '../app/reseal.js';
import { CardKeyStateError } from '../storage/repositories/card-keys.js';
import type { Store } from '../storage/store.js';
import { parse, UsageError } from './cli-args.js';

type Run = (store: Store, now: number) => Promise<unknown>;

export const KEYS_USAGE = `  keys status
      the card keys: which one is active, which this host holds, how many stored values each
      still seals (cards, webhook secrets, second factors, saved checkout data), and how far the
      re-sealing under the active key is
  keys add
      writes a new random key to DATA_DIR/${CARD_KEYS_DIR}/<id> (mode 0600) without activating it; on
      several hosts, copy that file to every host (or add it to CARD_KEYS) before keys activate
  keys activate ID
      makes the key the one every relay seals with, and queues the re-sealing of every stored
      value under it; refused when this host does not hold the key
  keys rotate
      keys add and keys activate in one: for a single host (or a shared DATA_DIR)
  keys retire ID
      refused while the key is active, still seals anything, or was just replaced and the
      re-sealing has not finished; then every relay drops it and its file here is removed`;

/** A key command refused for the state of the keys (exit 1): not a typo, and nothing was changed. */
export class KeyCommandRefused extends Error {}

const iso = (t: EpochMs | null): string | null => (t === null || t === 0 ? null : new Date(t).toISOString());

function keyView(k: CardKeyStatus) {
  return { id: k.id, active: k.active, heldHere: k.heldHere, activatedAt: iso(k.activatedAt), replacedAt: iso(k.replacedAt), retiredAt: iso(k.retiredAt), sealed: k.sealed, total: k.total };
}

function statusView(s: KeysStatus) {
  const done = s.reseal.total === 0 ? 100 : Math.floor((s.reseal.underActiveKey * 100) / s.reseal.total);
  return { activeKey: s.activeKey, keys: s.keys.map(keyView), reseal: { ...s.reseal, percentDone: done } };
}

function keyIdArg(args: string[]): string {
  const [keyId] = parse(args, {}, 1).positionals;
  if (keyId === undefined || !isKeyId(keyId)) throw new UsageError(`a key id is k and a number (k0, k1, …), got ${JSON.stringify(keyId)}`);
  return keyId;
}

/** Ids of every key this host holds. */
const heldIds = (config: Config): string[] => [...loadKeyring(config).keys()];

async function status(store: Store, config: Config, now: EpochMs) {
  return statusView(await keysStatus(store, heldIds(config), now));
}

async function add(store: Store, config: Config): Promise<string> {
  const known = [...heldIds(config), ...(await store.cardKeys.list()).map((k) => k.id)];
  const keyId = nextKeyId(known);
  addKeyFile(config.dataDir, keyId);
  return keyId;
}

async function activate(store: Store, config: Config, keyId: string, now: EpochMs) {
  if (!loadKeyring(config).has(keyId)) {
    throw new KeyCommandRefused(`this host does not hold card key ${keyId}: put it in DATA_DIR/${CARD_KEYS_DIR}/${keyId} or CARD_KEYS first (on every host)`);
  }
  try {
    await store.cardKeys.activate(keyId, now);
  } catch (error) {
    if (error instanceof CardKeyStateError) throw new KeyCommandRefused(error.message);
    throw error;
  }
  const activatedAt = (await store.cardKeys.list()).find((k) => k.id === keyId)?.activatedAt ?? now;
  await store.jobs.enqueue([jobRecord(resealJob(keyId, activatedAt), now, config.jobs.maxAttempts)]);
  return status(store, config, now);
}

function keysAdd(args: string[]): Run {
  parse(args, {});
  return async (store) => {
    const config = loadConfig();
    const keyId = await add(store, config);
    return { added: keyId, file: `${config.dataDir}/${CARD_KEYS_DIR}/${keyId}`, next: `copy the file to DATA_DIR/${CARD_KEYS_DIR}/ of every host (or add ${keyId}:<hex> to CARD_KEYS), then: keys activate ${keyId}` };
  };
}

function keysActivate(args: string[]): Run {
  const keyId = keyIdArg(args);
  return (store, now) => activate(store, loadConfig(), keyId, now);
}

function keysRotate(args: string[]): Run {
  parse(args, {});
  return async (store, now) => {
    const config = loadConfig();
    return activate(store, config, await add(store, config), now);
  };
}

function keysStatusCommand(args: string[]): Run {
  parse(args, {});
  return (store, now) => status(store, loadConfig(), now);
}

function keysRetire(args: string[]): Run {
  const keyId = keyIdArg(args);
  return async (store, now) => {
    const config = loadConfig();
    const current = await keysStatus(store, heldIds(config), now);
    const key = current.keys.find((k) => k.id === keyId);
    if (!key) throw new UsageError(`no card key ${keyId}`);
    if (key.active) throw new KeyCommandRefused(`card key ${keyId} is the active key: rotate to another one first`);
    if (key.total > 0) throw new KeyCommandRefused(`card key ${keyId} still seals ${key.total} values (${JSON.stringify(key.sealed)}): wait for the re-sealing (keys status)`);
    // The key replaced last may still be sealed with by a relay that has not read the activation
    // yet: the activation's job makes its last pass after every relay has (app/reseal.ts).
    const lastReplaced = Math.max(...current.keys.map((k) => k.replacedAt ?? 0));
    const job = current.reseal.job;
    if (key.replacedAt !== null && key.replacedAt === lastReplaced && (job ? job.state !== 'done' : now < key.replacedAt + 2 * ACTIVE_KEY_REFRESH_MS)) {
      throw new KeyCommandRefused(`card key ${keyId} was replaced moments ago and the re-sealing under ${current.activeKey} has not finished (keys status): a relay may still seal with it`);
    }
    try {
      await store.cardKeys.retire(keyId, now);
    } catch (error) {
      if (error instanceof CardKeyStateError) throw new KeyCommandRefused(error.message);
      throw error;
    }
    const fileRemoved = removeKeyFile(config.dataDir, keyId);
    const inEnvironment = parseCardKeys(config.cardKeysText).has(keyId) || (keyId === ORIGINAL_KEY_ID && config.cardKeyHex !== '');
    return {
      retired: keyId,
      fileRemoved,
      next: `remove ${keyId} from every other host: its file in DATA_DIR/${keyId === ORIGINAL_KEY_ID ? 'card-key' : `${CARD_KEYS_DIR}/${keyId}`}${inEnvironment ? `, and from ${keyId === ORIGINAL_KEY_ID ? 'CARD_KEY' : 'CARD_KEYS'} here and everywhere` : ''}; relays ignore it from now on`,
    };
  };
}

export const KEYS_COMMANDS: Record<string, (args: string[]) => Run> = {
  'keys status': keysStatusCommand,
  'keys add': keysAdd,
  'keys activate': keysActivate,
  'keys rotate': keysRotate,
  'keys retire': keysRetire,
};
