// What the API says of a schedule: the creation answer as stored (the job echoed, with its
// compiled expression), and on reads its status, next run time and past occurrences.

import { formatTimestamp } from '../domain/clock.js';
import { resultView } from '../flows/response.js';
import type { OccurrenceRecord, ScheduleRecord } from '../domain/schedules.js';

/** Occurrences a read shows at most, the latest ones. */
export const OCCURRENCES_SHOWN = 100;

export function occurrenceView(o: OccurrenceRecord): Record<string, unknown> {
  return {
    id: o.id,
    scheduledAt: formatTimestamp(o.scheduledAt),
    status: o.status,
    ...(o.paymentId ? { paymentId: o.paymentId } : {}),
    ...(o.resultCode ? { result: resultView(o.resultCode) } : {}),
  };
}

export function scheduleView(s: ScheduleRecord, occurrences?: readonly OccurrenceRecord[]): Record<string, unknown> {
  const created = JSON.parse(s.responseJson) as Record<string, unknown>;
  const { result, ...rest } = created;
  return {
    ...rest,
    status: s.status,
    ...(s.nextRunAt !== null ? { nextRunAt: formatTimestamp(s.nextRunAt) } : {}),
    ...(occurrences ? { occurrences: occurrences.map(occurrenceView) } : {}),
    result: result ?? resultView('000.000.000'),
  };
}
