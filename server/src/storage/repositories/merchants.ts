// Merchants: the accounts that hold entities (channels), found by their access token's hash.

import type { MerchantRecord } from '../../domain/records.js';
import { merchantFromRow, merchantToRow } from '../rows.js';
import type { Scope } from './scope.js';

export interface MerchantsRepository {
  create(m: MerchantRecord): Promise<void>;
  count(): Promise<number>;
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
