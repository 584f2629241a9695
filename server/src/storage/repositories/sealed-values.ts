// The values sealed with a card key, wherever they are stored, found by the key that sealed them
// (the prefix of domain/sealed-envelope.ts): what `keys status` counts, what the re-sealing job
// (app/reseal.ts) rewrites and what `keys retire` checks is gone. Table and column names come
// from the fixed list below; every value is a bound parameter. A rewrite is a compare-and-set on
// the value read, so a value changed meanwhile (a secret rotated, a card deleted) is left alone.

import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import { keyPrefix, ORIGINAL_KEY_ID } from '../../domain/sealed-envelope.js';
import type { EpochMs } from '../../domain/records.js';
import type { Scope } from './scope.js';

/** Where sealed values live: stored card numbers, merchants' and endpoints' webhook secrets, second factors. */
export const SEALED_COLUMNS = {
  /** Stored cards (registrations); their fingerprint is rewritten with them. */
  cards: { table: 'registrations', key: 'id', column: 'card_ciphertext' },
  merchantSecrets: { table: 'merchants', key: 'id', column: 'webhook_secret' },
  /** A merchant's rotated webhook secret waiting for its switch time. */
  pendingMerchantSecrets: { table: 'webhook_secret_rotations', key: 'merchant_id', column: 'secret' },
  endpointSecrets: { table: 'webhook_endpoints', key: 'id', column: 'secret' },
  /** Back office people's TOTP secrets. */
  secondFactors: { table: 'users', key: 'id', column: 'totp_secret' },
} as const;

export type SealedKind = keyof typeof SEALED_COLUMNS;
export const SEALED_KINDS = Object.keys(SEALED_COLUMNS) as SealedKind[];

export interface SealedValue {
  /** The row's key (its id, or merchant id). */
  key: string;
  value: string;
}

export interface SealedValuesRepository {
  /** How many values of the kind `keyId` sealed. */
  count(kind: SealedKind, keyId: string): Promise<number>;
  /** Values of the kind not sealed with `keyId`, by row key after `after`, at most `limit`. */
  notUnder(kind: SealedKind, keyId: string, after: string, limit: number): Promise<SealedValue[]>;
  /**
   * Writes `next` in place of `old` only while the row still holds `old`; a card's fingerprint
   * goes with it. True when it wrote.
   */
  replace(kind: SealedKind, key: string, old: string, next: string, fingerprint?: string): Promise<boolean>;
  /** Checkouts not expired at `now` that hold saved form data (checkouts/saved-data.ts), by id after `after`. */
  savedCheckouts(now: EpochMs, after: string, limit: number): Promise<SealedValue[]>;
  /** Replaces a checkout's parameters only while they are still `old`. */
  replaceCheckoutParams(id: string, old: string, next: string): Promise<boolean>;
  /** Pending payments whose state holds a card sealed until their 3-D Secure outcome, by id after `after`. */
  pendingCards(after: string, limit: number): Promise<SealedValue[]>;
  /** Replaces a pending payment's state only while it is still `old`. */
  replacePendingState(id: string, old: string, next: string): Promise<boolean>;
}

/** The condition "the column holds a value sealed with `keyId`" (or, negated, a value sealed with another). */
function sealedWith(column: string, keyId: string, negate: boolean): RawBuilder<unknown> {
  const ref = sql.ref(column);
  // The original key's values carry no prefix, and no sealed value without one holds a colon.
  if (keyId === ORIGINAL_KEY_ID) return negate ? sql`${ref} like ${'%:%'}` : sql`${ref} <> ${''} and ${ref} not like ${'%:%'}`;
  return negate ? sql`${ref} <> ${''} and ${ref} not like ${`${keyPrefix(keyId)}%`}` : sql`${ref} like ${`${keyPrefix(keyId)}%`}`;
}

/** The saved data's parameter name, as it appears in a checkout's parameter JSON. */
const SAVED_DATA_PATTERN = '%"\\_savedTransactionData"%';
/** The sealed card's field, as it appears in a pending payment's state JSON (payments/three-d-secure.ts). */
const PENDING_CARD_PATTERN = '%"sealedCard"%';

export class KyselySealedValues implements SealedValuesRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  async count(kind: SealedKind, keyId: string): Promise<number> {
    const c = SEALED_COLUMNS[kind];
    const result = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(c.table)} where ${sql.ref(c.column)} is not null and ${sealedWith(c.column, keyId, false)}`.execute(this.#s.db);
    return Number(result.rows[0]?.n ?? 0);
  }

  async notUnder(kind: SealedKind, keyId: string, after: string, limit: number): Promise<SealedValue[]> {
    const c = SEALED_COLUMNS[kind];
    const result = await sql<SealedValue>`select ${sql.ref(c.key)} as ${sql.ref('key')}, ${sql.ref(c.column)} as ${sql.ref('value')} from ${sql.table(c.table)}
      where ${sql.ref(c.key)} > ${after} and ${sql.ref(c.column)} is not null and ${sealedWith(c.column, keyId, true)}
      order by ${sql.ref(c.key)} limit ${limit}`.execute(this.#s.db);
    return result.rows.map((r) => ({ key: String(r.key), value: String(r.value) }));
  }

  async replace(kind: SealedKind, key: string, old: string, next: string, fingerprint?: string): Promise<boolean> {
    const c = SEALED_COLUMNS[kind];
    const extra = kind === 'cards' && fingerprint !== undefined ? sql`, ${sql.ref('card_hmac')} = ${fingerprint}` : sql``;
    const update = sql`update ${sql.table(c.table)} set ${sql.ref(c.column)} = ${next}${extra} where ${sql.ref(c.key)} = ${key} and ${sql.ref(c.column)} = ${old}`;
    return this.#writeOne(update.compile(this.#s.db));
  }

  async savedCheckouts(now: EpochMs, after: string, limit: number): Promise<SealedValue[]> {
    const rows = await this.#s.db
      .selectFrom('checkouts')
      .select(['id', 'params_json'])
      .where('id', '>', after)
      .where('expires_at', '>', now)
      .where(sql<boolean>`${sql.ref('params_json')} like ${SAVED_DATA_PATTERN} escape ${'\\'}`)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ key: r.id, value: r.params_json }));
  }

  async replaceCheckoutParams(id: string, old: string, next: string): Promise<boolean> {
    return this.#writeOne(this.#s.db.updateTable('checkouts').set({ params_json: next }).where('id', '=', id).where('params_json', '=', old).compile());
  }

  async pendingCards(after: string, limit: number): Promise<SealedValue[]> {
    const rows = await this.#s.db
      .selectFrom('payments')
      .select(['id', 'pending_json'])
      .where('id', '>', after)
      .where('pending_kind', 'is not', null)
      .where('pending_json', 'like', PENDING_CARD_PATTERN)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ key: r.id, value: r.pending_json ?? '' }));
  }

  async replacePendingState(id: string, old: string, next: string): Promise<boolean> {
    return this.#writeOne(this.#s.db.updateTable('payments').set({ pending_json: next }).where('id', '=', id).where('pending_json', '=', old).compile());
  }

  async #writeOne(statement: CompiledQuery): Promise<boolean> {
    const [changed] = await this.#s.write([statement]);
    return changed === 1;
  }
}
