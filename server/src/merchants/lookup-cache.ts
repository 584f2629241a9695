// Working access tokens by hash (with the merchant each authenticates) and channels by id, kept
// for a few seconds: every API call needs both, and the two lookups were a fifth of a payment's
// time. Only hits are kept (an unknown or revoked token, an unknown channel, is asked again every
// time).
//
// How long a change takes: an entry is kept LOOKUP_TTL_MS from the read that found it and is then
// read again, never extended. So a token revoked on another relay process still works there for at
// most LOOKUP_TTL_MS (5 s) after the revocation commits; the process that revokes it forgets it at
// once (forgetToken). A changed channel setting takes effect within the same 5 s, at once in the
// process that changes it (forgetEntity).
//
// A token's last use is written at most once per LAST_USE_RESOLUTION_MS (a minute) per token and
// process, off the request's path, and only when the stored one is older (noteUse's guard), so the
// thousands of calls a second write nothing more.

import { LAST_USE_RESOLUTION_MS } from '../domain/access-tokens.js';
import type { Clock } from '../domain/clock.js';
import type { Store } from '../storage/store.js';
import type { EntityRecord, MerchantRecord } from '../domain/records.js';

/** How long a found token or channel is reused, milliseconds (5 seconds). */
export const LOOKUP_TTL_MS = 5_000;
/** Entries kept at most per kind; beyond it the oldest go first. */
const MAX_ENTRIES = 10_000;

/** A working access token as the cache keeps it. */
export interface KnownToken {
  readonly tokenId: string;
  readonly tokenHash: string;
  /** The merchant it authenticates. */
  readonly merchant: MerchantRecord;
  /** The last use noted (stored, or written by this process); moved forward by noteUse. */
  lastUsedAt: number | null;
}

class TtlMap<V> {
  readonly #entries = new Map<string, { value: V; until: number }>();

  get(key: string, now: number): V | undefined {
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    if (now >= hit.until || now < hit.until - LOOKUP_TTL_MS) {
      this.#entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: V, now: number): void {
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { value, until: now + LOOKUP_TTL_MS });
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }
}

export class LookupCache {
  readonly #tokens = new TtlMap<KnownToken>();
  readonly #entities = new TtlMap<EntityRecord>();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /** The working token with this hash, from the cache or the store. */
  async activeToken(tokenHash: string): Promise<KnownToken | undefined> {
    return this.cachedToken(tokenHash) ?? this.#findToken(tokenHash);
  }

  async entity(id: string): Promise<EntityRecord | undefined> {
    return this.cachedEntity(id) ?? this.#findEntity(id);
  }

  /**
   * The token kept under this hash, without a promise: every API call asks, and nearly every one
   * finds it here. undefined: ask activeToken.
   */
  cachedToken(tokenHash: string): KnownToken | undefined {
    return this.#tokens.get(tokenHash, this.clock.now());
  }

  /** The channel kept under this id, without a promise; undefined: ask entity(). */
  cachedEntity(id: string): EntityRecord | undefined {
    return this.#entities.get(id, this.clock.now());
  }

  /** Drops a revoked token from this process's cache, so it stops working here at once. */
  forgetToken(tokenHash: string): void {
    this.#tokens.delete(tokenHash);
  }

  /** Drops a channel whose settings changed, so this process's merchant API reads them again at once. */
  forgetEntity(id: string): void {
    this.#entities.delete(id);
  }

  /**
   * Notes that the API accepted `token` now: written when its last noted use is a minute old or
   * more, without waiting. A note that fails (the database away) is not retried before the next
   * minute: the last use is a hint for the merchant, never worth a request's time.
   */
  noteUse(token: KnownToken): void {
    const now = this.clock.now();
    if (token.lastUsedAt !== null && now - token.lastUsedAt < LAST_USE_RESOLUTION_MS) return;
    token.lastUsedAt = now;
    this.store.accessTokens.noteUse(token.tokenId, now, LAST_USE_RESOLUTION_MS).catch(() => undefined);
  }

  async #findToken(tokenHash: string): Promise<KnownToken | undefined> {
    const found = await this.store.accessTokens.findActive(tokenHash);
    if (!found) return undefined;
    const known: KnownToken = { tokenId: found.token.id, tokenHash: found.token.tokenHash, merchant: found.merchant, lastUsedAt: found.token.lastUsedAt };
    this.#tokens.set(tokenHash, known, this.clock.now());
    return known;
  }

  async #findEntity(id: string): Promise<EntityRecord | undefined> {
    const found = await this.store.entities.find(id);
    if (found) this.#entities.set(id, found, this.clock.now());
    return found;
  }
}
