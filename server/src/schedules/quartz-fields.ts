// The seven fields of a Quartz expression, as data: position, range, names, what may stand in
// them, and the result code a bad value answers with (spec: job validation, 100.250.1xx).
// Quartz checks these; the cron library (croner) is more lenient in places (a day of week 8, `?`
// in any field, both day fields set), so the relay checks them itself first (quartz-validate.ts).

/** The job validation codes; their descriptions are the result-code catalogue's (spec/result-codes.ts). */
export type JobErrorCode = '100.250.100' | '100.250.120' | '100.250.121' | '100.250.122' | '100.250.123' | '100.250.124' | '100.250.125';

export type QuartzFieldName = 'second' | 'minute' | 'hour' | 'dayOfMonth' | 'month' | 'dayOfWeek' | 'year';

export interface QuartzField {
  name: QuartzFieldName;
  min: number;
  max: number;
  /** Names Quartz accepts for values (JAN..DEC, SUN..SAT), upper case; index + min = value. */
  names?: readonly string[];
  /** `?` (no specific value): only in the day fields. */
  noSpecific: boolean;
  /** L, W, LW (day of month); nL, n#k, L (day of week). */
  special: boolean;
  code: JobErrorCode;
}

export const QUARTZ_FIELDS: readonly QuartzField[] = [
  { name: 'second', min: 0, max: 59, noSpecific: false, special: false, code: '100.250.122' },
  { name: 'minute', min: 0, max: 59, noSpecific: false, special: false, code: '100.250.122' },
  { name: 'hour', min: 0, max: 23, noSpecific: false, special: false, code: '100.250.121' },
  { name: 'dayOfMonth', min: 1, max: 31, noSpecific: true, special: true, code: '100.250.123' },
  {
    name: 'month',
    min: 1,
    max: 12,
    names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
    noSpecific: false,
    special: false,
    code: '100.250.124',
  },
  // Quartz numbers the week 1 = Sunday ... 7 = Saturday.
  { name: 'dayOfWeek', min: 1, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'], noSpecific: true, special: true, code: '100.250.125' },
  // Quartz's own year range.
  { name: 'year', min: 1970, max: 2099, noSpecific: false, special: false, code: '100.250.120' },
];
