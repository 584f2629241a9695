// A merchant's back office settings: one row per merchant, absent until first changed (then the
// defaults of domain/merchant-settings.ts hold). A change is guarded by the updatedAt the caller
// read, so two owners saving from the same page cannot both land.

import type { CompiledQuery, Selectable } from 'kysely';
import { defaultMerchantSettings, type MerchantSettingsRecord } from '../../domain/merchant-settings.js';
import type { EpochMs } from '../../domain/records.js';
import type { MerchantSettingsTable } from '../schema.js';
import type { Scope } from './scope.js';

export interface MerchantSettingsRepository {
  /** The merchant's settings, or the defaults (updatedAt null) when it never changed them. */
  get(merchantId: string): Promise<MerchantSettingsRecord>;
  /**
   * Stores `next` (its updatedAt the time of the change) if the settings are still those read,
   * told by `readUpdatedAt` (null: the defaults, no row yet); false when they changed meanwhile.
   */
  put(next: MerchantSettingsRecord & { updatedAt: EpochMs }, readUpdatedAt: EpochMs | null): Promise<boolean>;
  /** The put as a statement that changes one row when its guard holds and none otherwise, for a composite write. */
  putStatement(next: MerchantSettingsRecord & { updatedAt: EpochMs }, readUpdatedAt: EpochMs | null): CompiledQuery;
}

function settingsFromRow(r: Selectable<MerchantSettingsTable>): MerchantSettingsRecord {
  const limit = r.support_refund_limit;
  return {
    merchantId: r.merchant_id,
    supportRefundLimit: limit === null || r.support_refund_currency === null ? null : { amount: Number(limit), currency: r.support_refund_currency },
    requireTwoFactor: Number(r.require_two_factor) === 1,
    updatedAt: Number(r.updated_at),
  };
}

function settingsToRow(s: MerchantSettingsRecord & { updatedAt: EpochMs }): Selectable<MerchantSettingsTable> {
  return {
    merchant_id: s.merchantId,
    support_refund_limit: s.supportRefundLimit?.amount ?? null,
    support_refund_currency: s.supportRefundLimit?.currency ?? null,
    require_two_factor: s.requireTwoFactor ? 1 : 0,
    updated_at: s.updatedAt,
  };
}

export class KyselyMerchantSettings implements MerchantSettingsRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  async get(merchantId: string): Promise<MerchantSettingsRecord> {
    const row = await this.#s.db.selectFrom('merchant_settings').selectAll().where('merchant_id', '=', merchantId).executeTakeFirst();
    return row ? settingsFromRow(row) : defaultMerchantSettings(merchantId);
  }

  async put(next: MerchantSettingsRecord & { updatedAt: EpochMs }, readUpdatedAt: EpochMs | null): Promise<boolean> {
    const [changed] = await this.#s.write([this.putStatement(next, readUpdatedAt)]);
    return changed === 1;
  }

  putStatement(next: MerchantSettingsRecord & { updatedAt: EpochMs }, readUpdatedAt: EpochMs | null): CompiledQuery {
    const row = settingsToRow(next);
    // The first change inserts the row; when another got there first the insert does nothing.
    if (readUpdatedAt === null) return this.#s.db.insertInto('merchant_settings').values(row).onConflict((oc) => oc.column('merchant_id').doNothing()).compile();
    const { merchant_id: _id, ...values } = row;
    return this.#s.db.updateTable('merchant_settings').set(values).where('merchant_id', '=', next.merchantId).where('updated_at', '=', readUpdatedAt).compile();
  }
}
