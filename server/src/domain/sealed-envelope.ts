// The envelope of a sealed value: "<key id>:<sealed>", naming the key that sealed it, so values
// under several keys can be read side by side while a rotation re-seals them. Values sealed before
// keys had ids carry no prefix; they are the original key's (k0) and are read as they are: an
// upgrade rewrites nothing. Base64 and the "sealed.v1." marker never hold ':', so a value with
// no colon is always one of those.

/** The id of the key that sealed every value written before keys had ids (crypto/keyring.ts). */
export const ORIGINAL_KEY_ID = 'k0';
/** Key ids: "k" and a number; they prefix sealed values, so they never hold ':'. */
export const KEY_ID = /^k[0-9]{1,6}$/;

const ENVELOPE = /^(k[0-9]{1,6}):/;

export interface Envelope {
  keyId: string;
  /** The sealed value without its prefix. */
  body: string;
  /** Written before keys had ids (no prefix). */
  legacy: boolean;
}

export function openEnvelope(stored: string): Envelope {
  const match = ENVELOPE.exec(stored);
  if (!match) return { keyId: ORIGINAL_KEY_ID, body: stored, legacy: true };
  const keyId = match[1] as string;
  return { keyId, body: stored.slice(keyId.length + 1), legacy: false };
}

/** The id of the key a stored value was sealed with. */
export function sealedKeyId(stored: string): string {
  return openEnvelope(stored).keyId;
}

/**
 * The stored form of `body` sealed with `keyId`. The original key keeps writing the format it
 * always wrote: relays of the previous version read it during a rolling upgrade, and only a
 * rotation (which needs every relay upgraded) brings prefixed values.
 */
export function closeEnvelope(keyId: string, body: string): string {
  return keyId === ORIGINAL_KEY_ID ? body : `${keyId}:${body}`;
}

/** The SQL LIKE pattern of values sealed with `keyId` (ids hold no LIKE wildcard); k0's are the ones without a colon. */
export function keyPrefix(keyId: string): string {
  return `${keyId}:`;
}
