// A merchant's access tokens: the merchant API's credentials. A merchant holds one or more, each
// named, so a leaked token is rotated without downtime (a second created, the first revoked, both
// working in between). The token itself is shown once; only its hash is kept.

import type { EpochMs } from './records.js';

export interface AccessTokenRecord {
  id: string;
  merchantId: string;
  /** What the merchant calls it ("Shop server", "Initial token"). */
  name: string;
  /** SHA-256 of the token (hex): what the API looks the token up by; never shown. */
  tokenHash: string;
  createdAt: EpochMs;
  /** When the API last accepted it, to the minute (LAST_USE_RESOLUTION_MS); null = never. */
  lastUsedAt: EpochMs | null;
  /** When it was revoked; null while it works. */
  revokedAt: EpochMs | null;
}

/** The name given to the token a merchant is created with. */
export const INITIAL_TOKEN_NAME = 'Initial token';

/**
 * How fresh a token's last use is kept: it is written at most once in this time per token (and
 * relay), so the API's thousands of calls a second do not each write a row.
 */
export const LAST_USE_RESOLUTION_MS = 60_000;

/** The longest name a token may have. */
export const TOKEN_NAME_MAX_LENGTH = 100;
