// Merchants by token hash and channels by id, kept for a few seconds: every API call needs both,
// and the two lookups were a fifth of a payment's time. Only hits are kept (an unknown token or
// channel is asked again every time); a revoked token or a changed channel setting takes effect
// within LOOKUP_TTL_MS, in every relay process.

import type { Clock } from '../domain/clock.js';
import type { Store } from '../storage/store.js';
import type { EntityRecord, MerchantRecord } from '../domain/records.js';

/** How long a found merchant or channel is reused, milliseconds (5 seconds). */
export const LOOKUP_TTL_MS = 5_000;
/** Entries kept at most per kind; beyond it the oldest go first. */
const MAX_ENTRIES = 10_000;

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
}

export class LookupCache {
  readonly #merchants = new TtlMap<MerchantRecord>();
  readonly #entities = new TtlMap<EntityRecord>();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  async merchantByTokenHash(tokenHash: string): Promise<MerchantRecord | undefined> {
    return this.cachedMerchant(tokenHash) ?? this.#findMerchant(tokenHash);
  }

  async entity(id: string): Promise<EntityRecord | undefined> {
    return this.cachedEntity(id) ?? this.#findEntity(id);
  }

  /**
   * The merchant kept for this token hash, without a promise: every API call asks, and nearly
   * every one finds it here. undefined: ask merchantByTokenHash.
   */
  cachedMerchant(tokenHash: string): MerchantRecord | undefined {
    return this.#merchants.get(tokenHash, this.clock.now());
  }

  /** The channel kept under this id, without a promise; undefined: ask entity(). */
  cachedEntity(id: string): EntityRecord | undefined {
    return this.#entities.get(id, this.clock.now());
  }

  async #findMerchant(tokenHash: string): Promise<MerchantRecord | undefined> {
    const found = await this.store.merchants.findByTokenHash(tokenHash);
    if (found) this.#merchants.set(tokenHash, found, this.clock.now());
    return found;
  }

  async #findEntity(id: string): Promise<EntityRecord | undefined> {
    const found = await this.store.entities.find(id);
    if (found) this.#entities.set(id, found, this.clock.now());
    return found;
  }
}
