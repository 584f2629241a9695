// The schedules' words: states and charge outcomes as people read them, with the badge tone that
// helps the eye; a card masked as the API gives it; a run time in the schedule's own zone.

import { locale } from '../../format/locale.js';
import type { ScheduleCharge, ScheduleState, StoredCard } from './types.js';

type Tone = 'ok' | 'wait' | 'bad' | 'plain';

export const SCHEDULE_STATES: Record<ScheduleState, string> = { active: 'Active', cancelled: 'Cancelled', ended: 'Ended' };

export const STATE_TONES: Record<ScheduleState, Tone> = { active: 'ok', cancelled: 'plain', ended: 'plain' };

export const CHARGE_STATUSES: Record<ScheduleCharge['status'], { label: string; tone: Tone }> = {
  due: { label: 'Due', tone: 'wait' },
  succeeded: { label: 'Succeeded', tone: 'ok' },
  declined: { label: 'Declined', tone: 'bad' },
  pending: { label: 'Pending', tone: 'wait' },
  failed: { label: 'Failed', tone: 'bad' },
  skipped: { label: 'Skipped', tone: 'plain' },
  cancelled: { label: 'Cancelled', tone: 'plain' },
};

/** "VISA 420000 •• 0000": the first six and last four digits, never more. */
export function maskedNumber(card: Pick<StoredCard, 'bin' | 'last4'>): string {
  return `${card.bin} •• ${card.last4}`;
}

export function expiry(card: Pick<StoredCard, 'expiryMonth' | 'expiryYear'>): string {
  return `${card.expiryMonth}/${card.expiryYear}`;
}

const inZone = new Map<string, Intl.DateTimeFormat>();

/**
 * A run time as the schedule's zone reads it (its job is written in that zone), with the weekday
 * and the zone's short name, and its seconds when it is not on a whole minute (a job may run every
 * few seconds). (Intl refuses timeZoneName beside dateStyle: the fields are spelled.)
 */
export function formatInZone(at: number, timeZone: string): string {
  const seconds = at % 60_000 !== 0;
  const key = `${timeZone} ${seconds}`;
  let format = inZone.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' as const } : {}),
      timeZone,
      timeZoneName: 'short',
    });
    inZone.set(key, format);
  }
  return format.format(at);
}
