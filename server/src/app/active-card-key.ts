// Keeps this relay's vault sealing with the key the database names active, so that a rotation
// made from the command line reaches every relay: each reads the choice again every few seconds
// (and on every /ready). A relay that does not hold the active key reads its key files again (the
// key may have been distributed since it started); still without it, it refuses to start, answers
// not ready with the reason, and seals nothing, rather than sealing with a key the others have left.
// Retired keys are dropped from the vault even when their file or CARD_KEYS entry is still there.

import { ActiveKeyMissingError, type CardVault } from '../crypto/card-vault.js';
import type { Keyring } from '../crypto/keyring.js';
import type { Store } from '../storage/store.js';

/** How often a relay reads the active key id again, ms: a rotation reaches every relay within it. */
export const ACTIVE_KEY_REFRESH_MS = 5_000;

/** At most one reading of the key files per this many ms for values naming a key not held. */
const MISSING_KEY_READ_MS = 1_000;

export class ActiveCardKey {
  readonly #store: Store;
  readonly #vault: CardVault;
  readonly #loadKeyring: () => Keyring;
  #keyring: Keyring;
  #timer: NodeJS.Timeout | undefined;
  #retired = new Set<string>();
  #lastMissingRead = -Infinity;

  constructor(store: Store, vault: CardVault, loadKeyring: () => Keyring, keyring: Keyring) {
    this.#store = store;
    this.#vault = vault;
    this.#loadKeyring = loadKeyring;
    this.#keyring = keyring;
    // Another relay reads a rotation first and seals with the new key: this one opens such values
    // at once by reading its key files, instead of failing them until its next refresh. Bounded,
    // so values naming a key that is on no file do not read the disk on every request.
    vault.whenKeyMissing((id) => {
      const now = performance.now();
      if (this.#retired.has(id) || now - this.#lastMissingRead < MISSING_KEY_READ_MS) return;
      this.#lastMissingRead = now;
      const read = this.#loadKeyring();
      if (!read.has(id)) return;
      this.#keyring = read;
      this.#applyKeys();
    });
  }

  #applyKeys(): void {
    this.#vault.setKeys(new Map([...this.#keyring].filter(([id]) => !this.#retired.has(id))));
  }

  /** Reads the active key and the retired ones; true when this relay can seal with the active key, else why not. */
  async refresh(): Promise<true | string> {
    const keys = await this.#store.cardKeys.list();
    const active = keys.find((k) => k.active)?.id;
    if (active === undefined) return 'no card key is active (table card_keys)';
    this.#retired = new Set(keys.filter((k) => k.retiredAt !== null).map((k) => k.id));
    if (!this.#keyring.has(active)) this.#keyring = this.#loadKeyring();
    this.#applyKeys();
    this.#vault.activate(active);
    return this.#vault.holds(active) ? true : new ActiveKeyMissingError(active).message;
  }

  /** Reads again every ACTIVE_KEY_REFRESH_MS; a failed read (database down) keeps the last choice. */
  start(): void {
    this.#timer = setInterval(() => {
      this.refresh().catch(() => undefined);
    }, ACTIVE_KEY_REFRESH_MS);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
