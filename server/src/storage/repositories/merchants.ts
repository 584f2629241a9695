// Merchants: the accounts that hold entities (channels). The API finds a merchant through its
// access tokens (access-tokens.ts); token_hash here is the hash of the token it was created with,
// kept because the column is unique and not null, and no longer read to authenticate.

import type { CompiledQuery } from 'kysely';
import type { MerchantRecord } from '../../domain/records.js';
import { merchantFromRow, merchantToRow } from '../rows.js';
import type { Scope } from './scope.js';

export interface MerchantsRepository {
  create(m: MerchantRecord): Promise<void>;
  /** The insert as a statement, for a composite write's batch (a merchant with its first token). */
  createStatement(m: MerchantRecord): CompiledQuery;
  /**
   * A statement that changes nothing but takes the merchant's row lock until its transaction
   * ends: written first in a batch whose guard counts the merchant's other rows (its tokens, its
   * owners), so two such batches of one merchant run one after the other and the second counts
   * what the first left (PostgreSQL's read committed; SQLite has one writer anyway).
   */
  lockStatement(id: string): CompiledQuery;
  count(): Promise<number>;
  /** By the hash of the token it was created with; the API authenticates through accessTokens.findActive instead. */
  findByTokenHash(tokenHash: string): Promise<MerchantRecord | undefined>;
  find(id: string): Promise<MerchantRecord | undefined>;
  /** Every merchant's stored webhook secret, for sealing the plain ones of an older store. */
  listWebhookSecrets(): Promise<{ id: string; webhookSecret: string }[]>;
  /** Replaces a stored webhook secret if it is still `from`; false when it changed meanwhile. */
  replaceWebhookSecret(id: string, from: string, to: string): Promise<boolean>;
}

export class KyselyMerchants implements MerchantsRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  async create(m: MerchantRecord): Promise<void> {
    await this.#s.db.insertInto('merchants').values(merchantToRow(m)).execute();
  }

  createStatement(m: MerchantRecord): CompiledQuery {
    return this.#s.db.insertInto('merchants').values(merchantToRow(m)).compile();
  }

  lockStatement(id: string): CompiledQuery {
    return this.#s.db.updateTable('merchants').set((eb) => ({ name: eb.ref('name') })).where('id', '=', id).compile();
  }

  async count(): Promise<number> {
    const row = await this.#s.db
      .selectFrom('merchants')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async findByTokenHash(tokenHash: string): Promise<MerchantRecord | undefined> {
    const row = await this.#s.db.selectFrom('merchants').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    return row && merchantFromRow(row);
  }

  async find(id: string): Promise<MerchantRecord | undefined> {
    const row = await this.#s.db.selectFrom('merchants').selectAll().where('id', '=', id).executeTakeFirst();
    return row && merchantFromRow(row);
  }

  listWebhookSecrets(): Promise<{ id: string; webhookSecret: string }[]> {
    return this.#s.db.selectFrom('merchants').select(['id', 'webhook_secret as webhookSecret']).orderBy('id').execute();
  }

  async replaceWebhookSecret(id: string, from: string, to: string): Promise<boolean> {
    const result = await this.#s.db.updateTable('merchants').set('webhook_secret', to).where('id', '=', id).where('webhook_secret', '=', from).executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
