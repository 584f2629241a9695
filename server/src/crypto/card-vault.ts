// Card numbers at rest: AES-256-GCM for the number itself, HMAC-SHA256 for de-duplication. Both
// keys are derived from one master key with HKDF under separate labels, so the fingerprint key can
// never decrypt and the encryption key is never used for anything else. A plain hash of a card
// number would be no protection at all (the space of valid numbers is small enough to enumerate).

import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, type Hmac } from 'node:crypto';

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

export class CardVault {
  readonly #encryptionKey: Buffer;
  readonly #fingerprintKey: Buffer;
  readonly #requestDigestKey: Buffer;
  readonly #secretKey: Buffer;

  constructor(masterKey: Buffer) {
    if (masterKey.length !== MASTER_KEY_BYTES) {
      throw new Error(`card master key must be ${MASTER_KEY_BYTES} bytes, got ${masterKey.length}`);
    }
    this.#encryptionKey = derive(masterKey, ENCRYPTION_LABEL);
    this.#fingerprintKey = derive(masterKey, FINGERPRINT_LABEL);
    this.#requestDigestKey = derive(masterKey, REQUEST_DIGEST_LABEL);
    this.#secretKey = derive(masterKey, SECRET_LABEL);
  }

  /** base64 of iv | tag | ciphertext. */
  seal(cardNumber: string): string {
    return sealWith(this.#encryptionKey, cardNumber);
  }

  /** Throws when the text was not sealed by this key or was altered in any bit. */
  open(sealed: string): string {
    return openWith(this.#encryptionKey, sealed, 'sealed card data');
  }

  /**
   * A merchant's webhook secret as stored: sealed like a card number, under its own derived key,
   * so a copy of the database alone cannot sign a webhook.
   */
  sealSecret(secret: string): string {
    return SEALED_SECRET_PREFIX + sealWith(this.#secretKey, secret);
  }

  /** The secret sealSecret() sealed; throws for anything else. */
  openSecret(sealed: string): string {
    if (!isSealedSecret(sealed)) throw new Error('the merchant secret is not sealed');
    return openWith(this.#secretKey, sealed.slice(SEALED_SECRET_PREFIX.length), 'sealed merchant secret');
  }

  /**
   * A keyed hash to digest a whole request that may carry card data (the idempotency check keeps
   * one per key): without the key, the stored digest cannot be searched for the number or CVV.
   */
  requestDigest(): Hmac {
    return createHmac('sha256', this.#requestDigestKey);
  }

  /** Keyed hash (hex) for finding the same card again; stable for one master key. */
  fingerprint(cardNumber: string): string {
    return createHmac('sha256', this.#fingerprintKey).update(cardNumber, 'utf8').digest('hex');
  }
}

/** Whether a stored merchant secret is sealed (stores written before sealing hold plain ones). */
export function isSealedSecret(stored: string): boolean {
  return stored.startsWith(SEALED_SECRET_PREFIX);
}

function sealWith(key: Buffer, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
}

function openWith(key: Buffer, sealed: string, what: string): string {
  const raw = Buffer.from(sealed, 'base64');
  if (raw.length <= IV_BYTES + TAG_BYTES) throw new Error(`${what} is too short`);
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch (err) {
    throw new Error(`${what} failed authentication`, { cause: err });
  }
}
