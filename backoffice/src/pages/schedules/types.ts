// What the stored cards' and schedules' API answers (docs/back-office-schedules.md, "API").

import type { Channel } from '../../api/types.js';

export interface StoredCard {
  id: string;
  channel: Channel;
  paymentBrand: string;
  bin: string;
  last4: string;
  expiryMonth: string;
  expiryYear: string;
  holder: string | null;
  createdAt: number;
  activeSchedules: number;
}

export type ScheduleState = 'active' | 'cancelled' | 'ended';

export interface ScheduleRow {
  id: string;
  channel: Channel;
  registrationId: string;
  /** The card it charges (null: gone from the store); the detail gives more of it. */
  card: { paymentBrand: string; last4: string; holder: string | null; deleted: boolean } | null;
  paymentType: string;
  amount: string;
  currency: string;
  state: ScheduleState;
  job: { expression: string; description: string | null; timeZone: string };
  nextRunAt: number | null;
  createdAt: number;
}

export interface ScheduleCharge {
  id: string;
  scheduledAt: number;
  status: 'due' | 'succeeded' | 'declined' | 'pending' | 'failed' | 'skipped' | 'cancelled';
  paymentId: string | null;
  result: { code: string; description: string } | null;
}

export interface ScheduleDetail extends Omit<ScheduleRow, 'card'> {
  startAt: number | null;
  endAt: number | null;
  card: (Omit<StoredCard, 'id' | 'channel' | 'createdAt' | 'activeSchedules'> & { deleted: boolean }) | null;
  nextRuns: number[];
  charges: ScheduleCharge[];
}
