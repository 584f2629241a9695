// A relay started on a database with a card key that is not the one its values were sealed with
// (a restore without the key's backup, a DATA_DIR that lost its card-key file and so got a new
// random one) could read every payment but fail every stored card and webhook secret at use, with
// a 500. It refuses to start instead, saying which key and where the backup guide is: one value of
// each kind is opened with the keys this relay holds. A value naming a key this relay does not
// hold is not judged here (a rotation whose key has not reached this host: active-card-key.ts).

import { isSealedSecret, type CardVault } from '../crypto/card-vault.js';
import { sealedKeyId } from '../domain/sealed-envelope.js';
import type { Store } from '../storage/store.js';

/** A key id no value is sealed with: "not under it" is every value. */
const NO_KEY = '';

export async function checkCardKeysOpenStore(store: Store, vault: CardVault): Promise<void> {
  const [card] = await store.sealedValues.notUnder('cards', NO_KEY, '', 1);
  if (card && vault.holds(sealedKeyId(card.value))) tryOpen(() => vault.open(card.value), sealedKeyId(card.value), 'stored card');
  const [secret] = await store.sealedValues.notUnder('merchantSecrets', NO_KEY, '', 1);
  if (secret && vault.holds(sealedKeyId(secret.value)) && isSealedSecret(secret.value)) {
    tryOpen(() => vault.openSecret(secret.value), sealedKeyId(secret.value), 'webhook secret');
  }
}

function tryOpen(open: () => string, keyId: string, what: string): void {
  try {
    open();
  } catch {
    throw new Error(
      `card key ${keyId} held by this relay does not open this database's values (a ${what}): it is not the key they were sealed with. ` +
        'Put the right key back (CARD_KEY, DATA_DIR/card-key or DATA_DIR/card-keys/; see docs/backups.md) before starting.',
    );
  }
}
