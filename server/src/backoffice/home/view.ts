// GET /api/home's answer: today and the last 30 days of the channels asked for, a series of the
// 30 days for the chart, and what needs attention. Days are UTC days, as the merchant API's reports
// count them: "today" is the UTC day of now, "the last 30 days" today and the 29 UTC days before it,
// each whole (a report for date.from = the first day and date.to = today covers the same payments).

import { dayOf, DAY_MS } from '../../reports/report-range.js';
import type { EpochMs } from '../../domain/records.js';
import type { Role } from '../../domain/roles.js';
import type { ActivityGroup, Store } from '../../storage/store.js';
import { attentionOf, type Attention } from './attention.js';
import { figuresOf, type CurrencyTotal, type HomeFigures } from './figures.js';

/** Days in the longer range and in the chart's series, today included. */
export const HOME_DAYS = 30;

export interface HomeRange {
  /** yyyy-MM-dd, UTC. */
  firstDay: string;
  lastDay: string;
  /** Epoch milliseconds, both inclusive. */
  from: EpochMs;
  to: EpochMs;
}

export interface HomeDay {
  day: string;
  succeeded: number;
  declined: number;
  volume: CurrencyTotal[];
}

export interface HomeView {
  channel: string | null;
  generatedAt: EpochMs;
  today: HomeRange & HomeFigures;
  last30Days: HomeRange & HomeFigures;
  series: HomeDay[];
  attention: Attention;
}

function rangeOf(firstDayNo: number, lastDayNo: number): HomeRange {
  const from = firstDayNo * DAY_MS;
  const to = (lastDayNo + 1) * DAY_MS - 1;
  return { firstDay: dayOf(from), lastDay: dayOf(to), from, to };
}

function seriesOf(groups: readonly ActivityGroup[], firstDayNo: number): HomeDay[] {
  const byDay = new Map<number, ActivityGroup[]>();
  for (const g of groups) byDay.set(g.day, [...(byDay.get(g.day) ?? []), g]);
  return Array.from({ length: HOME_DAYS }, (_, k) => {
    const dayNo = firstDayNo + k;
    const f = figuresOf(byDay.get(dayNo) ?? []);
    return { day: dayOf(dayNo * DAY_MS), succeeded: f.payments.succeeded, declined: f.payments.declined, volume: f.volume };
  });
}

export async function homeView(store: Store, input: { role: Role; entityIds: readonly string[]; channel: string | null; now: EpochMs }): Promise<HomeView> {
  const todayNo = Math.floor(input.now / DAY_MS);
  const firstDayNo = todayNo - (HOME_DAYS - 1);
  const month = rangeOf(firstDayNo, todayNo);
  const [groups, attention] = await Promise.all([store.home.activity(input.entityIds, month.from, month.to), attentionOf(store, input.role, input.entityIds, input.now)]);
  return {
    channel: input.channel,
    generatedAt: input.now,
    today: { ...rangeOf(todayNo, todayNo), ...figuresOf(groups.filter((g) => g.day === todayNo)) },
    last30Days: { ...month, ...figuresOf(groups) },
    series: seriesOf(groups, firstDayNo),
    attention,
  };
}
