// Card numbers at rest: AES-256-GCM for the number itself, HMAC-SHA256 for de-duplication. Both
// keys are derived from one master key with HKDF under separate labels, so the fingerprint key can
// never decrypt and the encryption key is never used for anything else. A plain hash of a card
// number would be no protection at all (the space of valid numbers is small enough to enumerate).
// Several master keys may be held at once (keyring.ts); each sealed value names the one that
// sealed it (domain/sealed-envelope.ts), and new values are sealed with the active one.

import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, type Hmac } from 'node:crypto';
import { CARD_KEYS_DIR, type Keyring } from './keyring.js';
import { closeEnvelope, openEnvelope, ORIGINAL_KEY_ID, type Envelope } from '../domain/sealed-envelope.js';

const MASTER_KEY_BYTES = 32;
/** 96-bit IV, the size GCM is specified for; random per seal (2^-32 collision bound is far off). */
const IV_BYTES = 12;
const TAG_BYTES = 16;
const ENCRYPTION_LABEL = 'paywidgets card-vault encryption v1';
const FINGERPRINT_LABEL = 'paywidgets card-vault fingerprint v1';
const REQUEST_DIGEST_LABEL = 'paywidgets card-vault request digest v1';
const SECRET_LABEL = 'paywidgets card-vault merchant secret v1';
/** Marks a sealed merchant secret; a plain one (64 hex characters) never starts with it. */
const SEALED_SECRET_PREFIX = 'sealed.v1.';

function derive(master: Buffer, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), label, 32));
}

/** The keys derived from one master key. */
interface DerivedKeys {
  encryption: Buffer;
  fingerprint: Buffer;
  requestDigest: Buffer;
  secret: Buffer;
}

function deriveAll(masterKey: Buffer): DerivedKeys {
  if (masterKey.length !== MASTER_KEY_BYTES) {
    throw new Error(`card master key must be ${MASTER_KEY_BYTES} bytes, got ${masterKey.length}`);
  }
  return {
    encryption: derive(masterKey, ENCRYPTION_LABEL),
    fingerprint: derive(masterKey, FINGERPRINT_LABEL),
    requestDigest: derive(masterKey, REQUEST_DIGEST_LABEL),
    secret: derive(masterKey, SECRET_LABEL),
  };
}

/** Sealing was asked for while the active key (the database's choice) is not in this relay's keyring. */
export class ActiveKeyMissingError extends Error {
  constructor(readonly keyId: string) {
    super(`the active card key ${keyId} is not in this relay's keyring (DATA_DIR/${CARD_KEYS_DIR}/${keyId} or CARD_KEYS): add it to this host before serving`);
  }
}

/**
 * Seals with the active key and opens with whichever key a value names (domain/sealed-envelope.ts). The
 * keyed hashes (fingerprints, request digests) are the active key's too: a rotation replaces the
 * fingerprints with the ciphertexts, and a request digest is checked against every key held.
 */
export class CardVault {
  #keys = new Map<string, DerivedKeys>();
  #activeId: string;
  #findMissing: ((id: string) => void) | undefined;

  /** One master key (the original, k0, active), or a keyring and the id of its active key. */
  constructor(keys: Buffer | Keyring, activeId: string = ORIGINAL_KEY_ID) {
    this.#activeId = activeId;
    this.setKeys(Buffer.isBuffer(keys) ? new Map([[ORIGINAL_KEY_ID, keys]]) : keys);
  }

  /** Replaces the keys held (a key file added on this host, a key retired). */
  setKeys(keys: Keyring): void {
    const derived = new Map<string, DerivedKeys>();
    for (const [id, key] of keys) derived.set(id, deriveAll(key));
    this.#keys = derived;
  }

  /**
   * Called, before giving up, when a value names a key not held: another relay may have begun
   * sealing with a key this one has not read yet (it reads the active key every few seconds), and
   * the key's file may be on this host already (active-card-key.ts reads the key files again).
   */
  whenKeyMissing(find: (id: string) => void): void {
    this.#findMissing = find;
  }

  /** Makes `id` the key new values are sealed with; sealing throws while it is not held. */
  activate(id: string): void {
    this.#activeId = id;
  }

  get activeKeyId(): string {
    return this.#activeId;
  }

  /** Whether the key is held. */
  holds(id: string): boolean {
    return this.#keys.has(id);
  }

  get keyIds(): string[] {
    return [...this.#keys.keys()].sort();
  }

  #active(): DerivedKeys {
    const keys = this.#keys.get(this.#activeId);
    if (!keys) throw new ActiveKeyMissingError(this.#activeId);
    return keys;
  }

  #named(envelope: Envelope, what: string): DerivedKeys {
    let keys = this.#keys.get(envelope.keyId);
    if (!keys && this.#findMissing) {
      this.#findMissing(envelope.keyId);
      keys = this.#keys.get(envelope.keyId);
    }
    if (!keys) throw new Error(`${what} was sealed with card key ${envelope.keyId}, which this relay does not hold`);
    return keys;
  }

  /** The key id, then base64 of iv | tag | ciphertext. */
  seal(cardNumber: string): string {
    return closeEnvelope(this.#activeId, sealWith(this.#active().encryption, cardNumber, this.#activeId));
  }

  /** Throws when the text was not sealed by a key held or was altered in any bit. */
  open(sealed: string): string {
    const envelope = openEnvelope(sealed);
    return openWith(this.#named(envelope, 'sealed card data').encryption, envelope, 'sealed card data');
  }

  /**
   * A merchant's webhook secret as stored: sealed like a card number, under its own derived key,
   * so a copy of the database alone cannot sign a webhook.
   */
  sealSecret(secret: string): string {
    return closeEnvelope(this.#activeId, SEALED_SECRET_PREFIX + sealWith(this.#active().secret, secret, this.#activeId));
  }

  /** The secret sealSecret() sealed; throws for anything else. */
  openSecret(sealed: string): string {
    if (!isSealedSecret(sealed)) throw new Error('the merchant secret is not sealed');
    const envelope = openEnvelope(sealed);
    const body = { ...envelope, body: envelope.body.slice(SEALED_SECRET_PREFIX.length) };
    return openWith(this.#named(envelope, 'sealed merchant secret').secret, body, 'sealed merchant secret');
  }

  /**
   * A keyed hash to digest a whole request that may carry card data (the idempotency check keeps
   * one per key): without the key, the stored digest cannot be searched for the number or CVV.
   */
  requestDigest(): Hmac {
    return createHmac('sha256', this.#active().requestDigest);
  }

  /**
   * The request digests of the keys held other than the active one: a request retried across a
   * rotation was digested with the key active then, and is still the same request.
   */
  formerRequestDigests(): Hmac[] {
    return [...this.#keys].filter(([id]) => id !== this.#activeId).map(([, keys]) => createHmac('sha256', keys.requestDigest));
  }

  /** Keyed hash (hex) for finding the same card again; stable for one active key. */
  fingerprint(cardNumber: string): string {
    return createHmac('sha256', this.#active().fingerprint).update(cardNumber, 'utf8').digest('hex');
  }
}

/** Whether a stored merchant secret is sealed (stores written before sealing hold plain ones). */
export function isSealedSecret(stored: string): boolean {
  return openEnvelope(stored).body.startsWith(SEALED_SECRET_PREFIX);
}

/**
 * A value under a key id is bound to that id (GCM's additional data): moved under another id's
 * prefix it fails authentication. The original key's values never had one.
 */
function additionalData(keyId: string): Buffer | undefined {
  return keyId === ORIGINAL_KEY_ID ? undefined : Buffer.from(keyId, 'utf8');
}

function sealWith(key: Buffer, plain: string, keyId: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const aad = additionalData(keyId);
  if (aad) cipher.setAAD(aad);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
}

function openWith(key: Buffer, envelope: Envelope, what: string): string {
  const raw = Buffer.from(envelope.body, 'base64');
  if (raw.length <= IV_BYTES + TAG_BYTES) throw new Error(`${what} is too short`);
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  const aad = envelope.legacy ? undefined : additionalData(envelope.keyId);
  if (aad) decipher.setAAD(aad);
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch (err) {
    throw new Error(`${what} failed authentication`, { cause: err });
  }
}
