// A merchant's back office settings: how much a support agent may refund at once (the role table's
// `supportRefundLimit` grant, domain/roles.ts) and whether everyone must use a second factor.

import type { EpochMs } from './records.js';

export interface SupportRefundLimit {
  /** Integer minor units (domain/money.ts). */
  amount: number;
  currency: string;
}

export interface MerchantSettingsRecord {
  merchantId: string;
  /** The most a support agent may refund at once; null = no limit set, so support may not refund. */
  supportRefundLimit: SupportRefundLimit | null;
  requireTwoFactor: boolean;
  /** When they were last changed; null = never (the defaults): the guard of the next change. */
  updatedAt: EpochMs | null;
}

/** A merchant that never changed its settings has these. */
export function defaultMerchantSettings(merchantId: string): MerchantSettingsRecord {
  return { merchantId, supportRefundLimit: null, requireTwoFactor: false, updatedAt: null };
}
