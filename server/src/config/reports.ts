// Settings of reports, settlement, the reconciliation file and currency quotes, from the
// environment (docs/configuration.md, docs/reports-and-settlement.md). Read by config.ts into Config.reports.

export interface ReportsConfig {
  /**
   * A payment appears in date-range reports this long after its creation, ms: a page boundary
   * then never moves, even for a payment whose write commits a moment after its creation time.
   */
  visibilityDelayMs: number;
  /** Longest date range of one report, in days. */
  maxRangeDays: number;
  /** The settlement run settles a day this long after the day ends (UTC), ms. */
  settlementCutoffMs: number;
  /** How often the settlement job looks for days to settle, ms. */
  settlementEveryMs: number;
  /** How many closed days back the run looks for one not settled yet (a relay that was down). */
  settlementLookbackDays: number;
  /** Folder the run writes each day's reconciliation file and its checksum to; '' = none. */
  fileDir: string;
  /** Test-mode rates, "USD:BRL=5.4321,EUR:BRL=6.1": target units per source unit. */
  quoteRates: string;
  /** How long a quote is valid, in business hours of the target currency's country calendar. */
  quoteBusinessHours: number;
}

export const defaultReportsConfig: ReportsConfig = {
  visibilityDelayMs: 5_000,
  maxRangeDays: 31,
  settlementCutoffMs: 2 * 60 * 60 * 1000,
  settlementEveryMs: 15 * 60 * 1000,
  settlementLookbackDays: 7,
  fileDir: '',
  quoteRates: 'USD:BRL=5.3500,EUR:BRL=6.2000',
  quoteBusinessHours: 24,
};

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min) throw new Error(`${name} must be a whole number of at least ${min}, got ${JSON.stringify(raw)}`);
  return Number.parseInt(raw, 10);
}

export function reportsConfigFrom(env: NodeJS.ProcessEnv): ReportsConfig {
  const d = defaultReportsConfig;
  return {
    visibilityDelayMs: whole(env, 'REPORT_VISIBILITY_DELAY_SECONDS', d.visibilityDelayMs / 1000, 0) * 1000,
    maxRangeDays: whole(env, 'REPORT_MAX_RANGE_DAYS', d.maxRangeDays, 1),
    settlementCutoffMs: whole(env, 'SETTLEMENT_CUTOFF_MINUTES', d.settlementCutoffMs / 60_000, 0) * 60_000,
    settlementEveryMs: whole(env, 'SETTLEMENT_EVERY_MINUTES', d.settlementEveryMs / 60_000, 1) * 60_000,
    settlementLookbackDays: whole(env, 'SETTLEMENT_LOOKBACK_DAYS', d.settlementLookbackDays, 1),
    fileDir: env.RECONCILIATION_DIR ?? d.fileDir,
    quoteRates: env.FX_TEST_RATES || d.quoteRates,
    quoteBusinessHours: whole(env, 'FX_QUOTE_BUSINESS_HOURS', d.quoteBusinessHours, 1),
  };
}
