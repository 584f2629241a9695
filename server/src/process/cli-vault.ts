// The command line's card vault: the keys of this host, sealing with the key the database names
// active, as a relay's does (app/active-card-key.ts). Built only for the commands that seal, so
// that a command that seals nothing never creates a key file.

import type { Config } from '../config/config.js';
import { CardVault } from '../crypto/card-vault.js';
import { loadKeyring } from '../crypto/keyring.js';
import type { Store } from '../storage/store.js';

export type VaultOf = () => CardVault;

/** The vault's builder, with the active key read now (a command runs for a moment). */
export async function cliVault(config: Config, store: Store): Promise<VaultOf> {
  const activeId = await store.cardKeys.activeId();
  return () => new CardVault(loadKeyring(config), activeId);
}
