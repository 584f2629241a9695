// What the back office's API says of a stored card and a schedule (docs/back-office-schedules.md):
// a card masked to its brand, first six and last four digits, expiry and holder, never more; a
// schedule with its job in words, amounts in the API's grammar and times in epoch milliseconds.

import { formatAmount } from '../../domain/money.js';
import type { EntityRecord, RegistrationRecord } from '../../domain/records.js';
import type { OccurrenceRecord, ScheduleRecord } from '../../domain/schedules.js';
import { resultView } from '../../flows/response.js';
import { describeJob } from '../../schedules/describe.js';
import { nextRuns } from '../../schedules/next-run.js';

export interface ChannelRef {
  entityId: string;
  name: string;
}

export const channelRef = (e: EntityRecord): ChannelRef => ({ entityId: e.id, name: e.name });

export interface MaskedCard {
  paymentBrand: string;
  bin: string;
  last4: string;
  expiryMonth: string;
  expiryYear: string;
  holder: string | null;
}

export function maskedCard(r: RegistrationRecord): MaskedCard {
  return { paymentBrand: r.paymentBrand, bin: r.bin, last4: r.last4, expiryMonth: r.expiryMonth, expiryYear: r.expiryYear, holder: r.holder };
}

export function storedCardRow(r: RegistrationRecord, channel: ChannelRef, activeSchedules: number) {
  return { id: r.id, channel, ...maskedCard(r), createdAt: r.createdAt, activeSchedules };
}

/** Runs shown ahead on a schedule's page. */
export const NEXT_RUNS_SHOWN = 5;

/** The card a schedule charges, as its list names it (undefined: the registration is gone from the store). */
export function cardOfRow(card: RegistrationRecord | undefined) {
  return card ? { paymentBrand: card.paymentBrand, last4: card.last4, holder: card.holder, deleted: card.deletedAt !== null } : null;
}

export function scheduleRow(s: ScheduleRecord, channel: ChannelRef, card: RegistrationRecord | undefined) {
  return {
    id: s.id,
    channel,
    registrationId: s.registrationId,
    card: cardOfRow(card),
    paymentType: s.paymentType,
    amount: formatAmount(s.amount),
    currency: s.currency,
    state: s.status,
    job: { expression: s.expression, description: describeJob(s.expression, s.timeZone), timeZone: s.timeZone },
    nextRunAt: s.nextRunAt,
    createdAt: s.createdAt,
  };
}

/** One charge of a schedule: its run time, how it ended and the payment it made, if any. */
export function chargeRow(o: OccurrenceRecord) {
  const result = o.resultCode === null ? null : { code: o.resultCode, description: resultView(o.resultCode).description };
  return { id: o.id, scheduledAt: o.scheduledAt, status: o.status, paymentId: o.paymentId, result };
}

/**
 * A schedule's page: the row, the job's start and end, its card (null when the registration is
 * gone from the store; `deleted` when it was deleted), the next runs from the one due (the times
 * the firing will use, in the schedule's zone) and its charges, newest first.
 */
export function scheduleDetail(s: ScheduleRecord, channel: ChannelRef, card: RegistrationRecord | undefined, occurrences: readonly OccurrenceRecord[]) {
  const upcoming = s.status === 'active' && s.nextRunAt !== null ? nextRuns({ expression: s.expression, startAt: s.startAt, endAt: s.endAt }, s.nextRunAt, NEXT_RUNS_SHOWN, s.timeZone) : [];
  return {
    ...scheduleRow(s, channel, card),
    startAt: s.startAt,
    endAt: s.endAt,
    card: card ? { ...maskedCard(card), deleted: card.deletedAt !== null } : null,
    nextRuns: upcoming,
    charges: [...occurrences].reverse().map(chargeRow),
  };
}
