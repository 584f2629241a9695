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

export interface ScheduleDetail extends ScheduleRow {
  startAt: number | null;
  endAt: number | null;
  card: (Omit<StoredCard, 'id' | 'channel' | 'createdAt' | 'activeSchedules'> & { deleted: boolean }) | null;
  nextRuns: number[];
  charges: ScheduleCharge[];
}
