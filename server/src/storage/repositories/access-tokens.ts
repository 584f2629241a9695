// Access tokens: a merchant's named credentials for the merchant API, found by their hash. Every
// read and change of the back office is scoped by merchant in the query itself, so another
// merchant's token id matches no row. A revoked token keeps its row; it is simply never found to
// authenticate again.

import type { CompiledQuery, Selectable } from 'kysely';
import type { AccessTokenRecord } from '../../domain/access-tokens.js';
import type { EpochMs, MerchantRecord } from '../../domain/records.js';
import { merchantFromRow } from '../rows.js';
import type { AccessTokensTable } from '../schema.js';
import type { Scope } from './scope.js';

/** A working token and the merchant it authenticates. */
export interface ActiveToken {
  token: AccessTokenRecord;
  merchant: MerchantRecord;
}

export interface AccessTokensRepository {
  /** Rejects when a token with this hash exists (of any merchant). */
  insert(t: AccessTokenRecord): Promise<void>;
  /** The insert as a statement, for a composite write's batch. */
  insertStatement(t: AccessTokenRecord): CompiledQuery;
  /** The unrevoked token with this hash and its merchant; what the merchant API authenticates by. */
  findActive(tokenHash: string): Promise<ActiveToken | undefined>;
  /** The merchant's token with this id, revoked or not. */
  find(merchantId: string, id: string): Promise<AccessTokenRecord | undefined>;
  /** The merchant's unrevoked tokens, oldest first. */
  listActive(merchantId: string): Promise<AccessTokenRecord[]>;
  /**
   * Revokes the token as a statement that changes one row only while the token is unrevoked and
   * the merchant keeps another unrevoked one: a merchant is never left without a working token.
   */
  revokeStatement(merchantId: string, id: string, now: EpochMs): CompiledQuery;
  /**
   * Notes a use at `now` unless one at or after `now - resolution` is noted already (by this or
   * another relay); true when it wrote.
   */
  noteUse(id: string, now: EpochMs, resolution: number): Promise<boolean>;
}

export function accessTokenToRow(t: AccessTokenRecord): Selectable<AccessTokensTable> {
  return {
    id: t.id,
    merchant_id: t.merchantId,
    name: t.name,
    token_hash: t.tokenHash,
    created_at: t.createdAt,
    last_used_at: t.lastUsedAt,
    revoked_at: t.revokedAt,
  };
}

export function accessTokenFromRow(r: Selectable<AccessTokensTable>): AccessTokenRecord {
  return {
    id: r.id,
    merchantId: r.merchant_id,
    name: r.name,
    tokenHash: r.token_hash,
    createdAt: Number(r.created_at),
    lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
    revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
  };
}

export class KyselyAccessTokens implements AccessTokensRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  async insert(t: AccessTokenRecord): Promise<void> {
    await this.#s.write([this.insertStatement(t)]);
  }

  insertStatement(t: AccessTokenRecord): CompiledQuery {
    return this.#s.db.insertInto('access_tokens').values(accessTokenToRow(t)).compile();
  }

  async findActive(tokenHash: string): Promise<ActiveToken | undefined> {
    const row = await this.#s.db
      .selectFrom('access_tokens as t')
      .innerJoin('merchants as m', 'm.id', 't.merchant_id')
      .select([
        't.id',
        't.merchant_id',
        't.name',
        't.token_hash',
        't.created_at',
        't.last_used_at',
        't.revoked_at',
        'm.name as merchant_name',
        'm.token_hash as merchant_token_hash',
        'm.webhook_secret as merchant_webhook_secret',
        'm.created_at as merchant_created_at',
      ])
      .where('t.token_hash', '=', tokenHash)
      .where('t.revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    const merchant = merchantFromRow({ id: row.merchant_id, name: row.merchant_name, token_hash: row.merchant_token_hash, webhook_secret: row.merchant_webhook_secret, created_at: row.merchant_created_at });
    return { token: accessTokenFromRow(row), merchant };
  }

  async find(merchantId: string, id: string): Promise<AccessTokenRecord | undefined> {
    const row = await this.#s.db.selectFrom('access_tokens').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst();
    return row && accessTokenFromRow(row);
  }

  async listActive(merchantId: string): Promise<AccessTokenRecord[]> {
    const rows = await this.#s.db
      .selectFrom('access_tokens')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(accessTokenFromRow);
  }

  revokeStatement(merchantId: string, id: string, now: EpochMs): CompiledQuery {
    return this.#s.db
      .updateTable('access_tokens')
      .set({ revoked_at: now })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('access_tokens as other')
            .select('other.id')
            .where('other.merchant_id', '=', merchantId)
            .where('other.id', '!=', id)
            .where('other.revoked_at', 'is', null),
        ),
      )
      .compile();
  }

  async noteUse(id: string, now: EpochMs, resolution: number): Promise<boolean> {
    const result = await this.#s.db
      .updateTable('access_tokens')
      .set({ last_used_at: now })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', now - resolution)]))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
