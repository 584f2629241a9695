// Spec: "Scheduling job parameters". Time fields take one value, a comma-separated list, or *.

import type { ParamRow } from './row.js';

const UNITS = 'enum(YEAR,MONTH,WEEK,DAY,HOUR,MINUTE,SECOND)';

export const job: readonly ParamRow[] = [
  { name: 'job.name', format: 'AN64', requirement: 'Optional' },
  { name: 'job.year', format: 'list(N{4,4})', requirement: 'Optional', notes: '4 digits, comma-separated list, or *; * means endless.' },
  { name: 'job.month', format: 'list(/^(0?[1-9]|1[0-2])$/)', requirement: 'Optional', notes: '2 digits, list, or *.' },
  { name: 'job.dayOfMonth', format: 'list(/^(0?[1-9]|[12][0-9]|3[01])$/)', requirement: 'Optional', notes: '2 digits, list, or *. Not together with dayOfWeek.' },
  { name: 'job.dayOfWeek', format: 'list(/^[1-7]$/)', requirement: 'Optional', notes: '1 digit, list, or *. Not together with dayOfMonth.' },
  { name: 'job.hour', format: 'list(/^([01]?[0-9]|2[0-3])$/)', requirement: 'Optional', notes: '2 digits, list, or *.' },
  { name: 'job.minute', format: 'list(/^[0-5]?[0-9]$/)', requirement: 'Optional', notes: '2 digits, list, or *.' },
  { name: 'job.second', format: 'list(/^[0-5]?[0-9]$/)', requirement: 'Optional', notes: '2 digits, list, or *.' },
  { name: 'job.startDate', format: 'datetime', requirement: 'Optional', notes: 'Start of execution.' },
  { name: 'job.endDate', format: 'datetime', requirement: 'Optional', notes: 'End of execution.' },
  { name: 'job.noticeUnit', format: UNITS, requirement: 'Optional', notes: 'Unit of noticeNumber.' },
  { name: 'job.noticeNumber', format: 'N9', requirement: 'Optional', notes: 'Notice period to deschedule before the duration end.' },
  { name: 'job.noticeCallable', format: 'enum(ANYTIME,DURATION_END)', requirement: 'Optional', notes: 'When notice may be given.' },
  { name: 'job.durationUnit', format: UNITS, requirement: 'Optional' },
  { name: 'job.durationNumber', format: 'N9', requirement: 'Optional', notes: 'Minimum duration of the job.' },
  { name: 'job.expression', format: '/^[0-9A-Za-z*?,/#-]+( [0-9A-Za-z*?,/#-]+){5,6}$/', requirement: 'Optional', notes: 'Cron expression (Quartz style: 6 or 7 fields). When sent, overrides year, month, dayOfMonth, dayOfWeek, hour, minute, second.' },
];

/**
 * The standing instruction a schedule's payments are made under: the issue names it on schedule
 * creation; the spec's field tables do not list it. A scheduled charge is always a
 * merchant-initiated REPEATED payment of a recurring series; these echo what the merchant says of it.
 */
export const standingInstruction: readonly ParamRow[] = [
  { name: 'standingInstruction.type', format: 'enum(RECURRING,INSTALLMENT,UNSCHEDULED)', requirement: 'Optional', notes: 'The kind of series (relay: not in the spec field tables).' },
  { name: 'standingInstruction.mode', format: 'enum(INITIAL,REPEATED)', requirement: 'Optional', notes: 'Scheduled charges are REPEATED.' },
  { name: 'standingInstruction.source', format: 'enum(CIT,MIT)', requirement: 'Optional', notes: 'Scheduled charges are MIT.' },
];

/** A test clock (relay's own: POST/GET /v1/test/clock, test environment only). */
export const testClock: readonly ParamRow[] = [
  { name: 'time', format: 'datetime', requirement: 'Required', notes: 'yyyy-MM-dd HH:mm:ss (UTC): the moment the entity\'s test clock moves to; only forward.' },
];
