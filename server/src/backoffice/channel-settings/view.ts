// A channel's settings as the back office's API shows them (docs/back-office-channels.md): every
// setting present, null where the channel has none of its own and the relay's default applies, the
// reversal cut-off in hours and the fee table as rows of amount strings. The defaults beside them
// are the relay's (its THROTTLE_* and REVERSAL_CUTOFF_HOURS), for the page to say what null means.

import { formatAmount } from '../../domain/money.js';
import type { EntitySettings, MerchantBankAccount, ThrottledOperation } from '../../domain/records.js';
import type { Config } from '../../config/config.js';
import { HOUR_MS, THROTTLED_OPERATIONS, type Country } from '../../merchants/entity-settings-input.js';

/** A row of the fee table: a brand (or * for any other), a percentage and a fixed amount, as texts. */
export interface FeeRowView {
  brand: string;
  /** Percent with two decimals, "2.50". */
  percent: string;
  /** The fixed amount in the payment's currency, "0.30". */
  fixed: string;
}

export interface ChannelSettingsView {
  country: Country | null;
  /** Empty: any origin may embed the widget. */
  allowedOrigins: string[];
  /** Operations per second per operation (0 = no limit); null: the relay's limit applies. */
  throttle: Record<ThrottledOperation, number | null>;
  reversalCutoffHours: number | null;
  strictParameters: boolean;
  threeDSecure2Required: boolean;
  bankAccount: MerchantBankAccount | null;
  timeZone: string | null;
  settlementFees: FeeRowView[];
}

/** Basis points as a percentage with two decimals: 250 → "2.50". */
const percentOf = (basisPoints: number): string => `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`;

export function settingsView(s: EntitySettings): ChannelSettingsView {
  return {
    country: s.country ?? null,
    allowedOrigins: s.allowedOrigins ?? [],
    throttle: Object.fromEntries(THROTTLED_OPERATIONS.map((op) => [op, s.throttle?.[op] ?? null])) as Record<ThrottledOperation, number | null>,
    reversalCutoffHours: s.reversalCutoffMs === undefined ? null : s.reversalCutoffMs / HOUR_MS,
    strictParameters: s.strictParameters === true,
    threeDSecure2Required: s.threeDSecure2Required === true,
    bankAccount: s.bankAccount ?? null,
    timeZone: s.timeZone ?? null,
    settlementFees: Object.entries(s.settlementFees ?? {}).map(([brand, fee]) => ({ brand, percent: percentOf(fee.basisPoints), fixed: formatAmount(fee.fixed) })),
  };
}

/** What applies where a channel has no setting of its own. */
export function defaultsView(config: Config) {
  return {
    throttle: Object.fromEntries(THROTTLED_OPERATIONS.map((op) => [op, config.throttle[op]])) as Record<ThrottledOperation, number>,
    reversalCutoffHours: config.reversalCutoffMs / HOUR_MS,
    timeZone: 'UTC',
  };
}

/** The settings whose view differs, before and after: what an audit row tells of a change. */
export function changedSettings(before: ChannelSettingsView, after: ChannelSettingsView): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof ChannelSettingsView)[]) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key];
    is[key] = after[key];
  }
  return { before: was, after: is };
}
