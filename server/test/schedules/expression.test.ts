// Job compilation against requests merchants send: the fields (or job.expression) become one
// Quartz expression, whose next five run times are checked by hand, in UTC. From Sunday
// 2026-11-22 12:00:00.
import { describe, expect, it } from 'vitest';
import { compileJob } from '../../src/schedules/job.js';
import { nextRuns } from '../../src/schedules/next-run.js';

const FROM = Date.UTC(2026, 10, 22, 12, 0, 0);
const iso = (ms: number): string => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

interface Case {
  name: string;
  job: Record<string, string>;
  expression: string;
  next: string[];
  zone?: string;
}

const CASES: Case[] = [
  {
    name: 'only job.month=* and job.dayOfMonth=1: midnight on the 1st',
    job: { 'job.month': '*', 'job.dayOfMonth': '1' },
    expression: '0 0 0 1 * ? *',
    next: ['2026-12-01 00:00:00', '2027-01-01 00:00:00', '2027-02-01 00:00:00', '2027-03-01 00:00:00', '2027-04-01 00:00:00'],
  },
  {
    name: 'every field, job.dayOfWeek=? and job.year=*',
    job: { 'job.second': '00', 'job.minute': '30', 'job.hour': '10', 'job.dayOfMonth': '15', 'job.month': '*', 'job.dayOfWeek': '?', 'job.year': '*' },
    expression: '00 30 10 15 * ? *',
    next: ['2026-12-15 10:30:00', '2027-01-15 10:30:00', '2027-02-15 10:30:00', '2027-03-15 10:30:00', '2027-04-15 10:30:00'],
  },
  {
    name: 'single-digit hour and minute, every day',
    job: { 'job.hour': '9', 'job.minute': '5' },
    expression: '0 5 9 * * ? *',
    next: ['2026-11-23 09:05:00', '2026-11-24 09:05:00', '2026-11-25 09:05:00', '2026-11-26 09:05:00', '2026-11-27 09:05:00'],
  },
  {
    name: 'quarterly: a month list',
    job: { 'job.second': '0', 'job.minute': '0', 'job.hour': '8', 'job.dayOfMonth': '1', 'job.month': '1,4,7,10', 'job.dayOfWeek': '?' },
    expression: '0 0 8 1 1,4,7,10 ? *',
    next: ['2027-01-01 08:00:00', '2027-04-01 08:00:00', '2027-07-01 08:00:00', '2027-10-01 08:00:00', '2028-01-01 08:00:00'],
  },
  {
    name: 'start and end dates: three runs between them (the end is inclusive)',
    job: { 'job.dayOfMonth': '1', 'job.hour': '6', 'job.startDate': '2027-01-15 00:00:00', 'job.endDate': '2027-04-01 06:00:00' },
    expression: '0 0 6 1 * ? *',
    next: ['2027-02-01 06:00:00', '2027-03-01 06:00:00', '2027-04-01 06:00:00'],
  },
  {
    name: 'weekly on day of week 2 (Monday; Quartz counts 1 = Sunday)',
    job: { 'job.dayOfWeek': '2', 'job.hour': '12' },
    expression: '0 0 12 ? * 2 *',
    next: ['2026-11-23 12:00:00', '2026-11-30 12:00:00', '2026-12-07 12:00:00', '2026-12-14 12:00:00', '2026-12-21 12:00:00'],
  },
  {
    name: 'day of week 1 is Sunday, 7 Saturday; * in the other day field means ?',
    job: { 'job.dayOfWeek': '1,7', 'job.dayOfMonth': '*', 'job.hour': '18' },
    expression: '0 0 18 ? * 1,7 *',
    next: ['2026-11-22 18:00:00', '2026-11-28 18:00:00', '2026-11-29 18:00:00', '2026-12-05 18:00:00', '2026-12-06 18:00:00'],
  },
  {
    name: 'expression: last day of the month',
    job: { 'job.expression': '0 0 23 L * ?' },
    expression: '0 0 23 L * ? *',
    next: ['2026-11-30 23:00:00', '2026-12-31 23:00:00', '2027-01-31 23:00:00', '2027-02-28 23:00:00', '2027-03-31 23:00:00'],
  },
  {
    name: 'expression: third Friday (6#3)',
    job: { 'job.expression': '0 0 10 ? * 6#3 *' },
    expression: '0 0 10 ? * 6#3 *',
    next: ['2026-12-18 10:00:00', '2027-01-15 10:00:00', '2027-02-19 10:00:00', '2027-03-19 10:00:00', '2027-04-16 10:00:00'],
  },
  {
    name: 'expression: last Friday (6L), names of days',
    job: { 'job.expression': '0 0 10 ? * FRIL' },
    expression: '0 0 10 ? * 6L *',
    next: ['2026-11-27 10:00:00', '2026-12-25 10:00:00', '2027-01-29 10:00:00', '2027-02-26 10:00:00', '2027-03-26 10:00:00'],
  },
  {
    name: 'expression: L alone in the day of week is Saturday',
    job: { 'job.expression': '0 0 7 ? * L' },
    expression: '0 0 7 ? * 7 *',
    next: ['2026-11-28 07:00:00', '2026-12-05 07:00:00', '2026-12-12 07:00:00', '2026-12-19 07:00:00', '2026-12-26 07:00:00'],
  },
  {
    name: 'expression: nearest weekday to the 15th (15W; 2027-05-15 is a Saturday)',
    job: { 'job.expression': '0 0 8 15W * ? 2027' },
    expression: '0 0 8 15W * ? 2027',
    next: ['2027-01-15 08:00:00', '2027-02-15 08:00:00', '2027-03-15 08:00:00', '2027-04-15 08:00:00', '2027-05-14 08:00:00'],
  },
  {
    name: 'expression: steps written start/step',
    job: { 'job.expression': '0 5/20 9 * * ?' },
    expression: '0 5/20 9 * * ? *',
    next: ['2026-11-23 09:05:00', '2026-11-23 09:25:00', '2026-11-23 09:45:00', '2026-11-24 09:05:00', '2026-11-24 09:25:00'],
  },
  {
    name: 'a year list ends the schedule',
    job: { 'job.dayOfMonth': '1', 'job.month': '6', 'job.year': '2027,2029' },
    expression: '0 0 0 1 6 ? 2027,2029',
    next: ['2027-06-01 00:00:00', '2029-06-01 00:00:00'],
  },
  {
    name: 'an entity time zone: 09:00 in Sao Paulo is 12:00 UTC',
    job: { 'job.hour': '9', 'job.dayOfMonth': '1' },
    expression: '0 0 9 1 * ? *',
    zone: 'America/Sao_Paulo',
    next: ['2026-12-01 12:00:00', '2027-01-01 12:00:00', '2027-02-01 12:00:00', '2027-03-01 12:00:00', '2027-04-01 12:00:00'],
  },
];

describe('job compilation: real requests and their next five runs', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const compiled = compileJob(new Map(Object.entries(c.job)));
      if (!compiled.ok) throw new Error(`refused: ${JSON.stringify(compiled.error)}`);
      expect(compiled.job.expression).toBe(c.expression);
      expect(nextRuns(compiled.job, FROM, 5, c.zone).map(iso)).toEqual(c.next);
    });
  }
});

const INVALID: { job: Record<string, string>; code: string; parameter: string }[] = [
  { job: {}, code: '100.250.100', parameter: 'job.expression' },
  { job: { 'job.startDate': '2027-01-01 00:00:00' }, code: '100.250.100', parameter: 'job.expression' },
  { job: { 'job.hour': '24' }, code: '100.250.121', parameter: 'job.hour' },
  { job: { 'job.hour': '8-25' }, code: '100.250.121', parameter: 'job.hour' },
  { job: { 'job.minute': '60' }, code: '100.250.122', parameter: 'job.minute' },
  { job: { 'job.second': '75' }, code: '100.250.122', parameter: 'job.second' },
  { job: { 'job.second': '?' }, code: '100.250.122', parameter: 'job.second' },
  { job: { 'job.dayOfMonth': '32' }, code: '100.250.123', parameter: 'job.dayOfMonth' },
  { job: { 'job.dayOfMonth': '0' }, code: '100.250.123', parameter: 'job.dayOfMonth' },
  { job: { 'job.month': '13' }, code: '100.250.124', parameter: 'job.month' },
  { job: { 'job.month': '1,4,,7' }, code: '100.250.124', parameter: 'job.month' },
  { job: { 'job.dayOfWeek': '8' }, code: '100.250.125', parameter: 'job.dayOfWeek' },
  { job: { 'job.dayOfWeek': '0' }, code: '100.250.125', parameter: 'job.dayOfWeek' },
  { job: { 'job.dayOfWeek': '6#6' }, code: '100.250.125', parameter: 'job.dayOfWeek' },
  { job: { 'job.dayOfMonth': '1', 'job.dayOfWeek': '2' }, code: '100.250.120', parameter: 'job.dayOfWeek' },
  { job: { 'job.minute': '*/0' }, code: '100.250.122', parameter: 'job.minute' },
  { job: { 'job.year': '1969' }, code: '100.250.120', parameter: 'job.year' },
  { job: { 'job.hour': '1', 'job.startDate': '2027-02-01 00:00:00', 'job.endDate': '2027-01-01 00:00:00' }, code: '100.250.120', parameter: 'job.endDate' },
  { job: { 'job.expression': '0 0 12 * *' }, code: '100.250.120', parameter: 'job.expression' },
  { job: { 'job.expression': '0 0 12 * * *' }, code: '100.250.120', parameter: 'job.expression' },
  { job: { 'job.expression': '0 0 12 1 * 2' }, code: '100.250.120', parameter: 'job.expression' },
  { job: { 'job.expression': '0 0 25 * * ?' }, code: '100.250.121', parameter: 'job.expression' },
  { job: { 'job.expression': '0 0 12 L-3 * ?' }, code: '100.250.123', parameter: 'job.expression' },
  // job.expression overrides the fields, even valid ones.
  { job: { 'job.expression': '0 0 12 ? * 9', 'job.hour': '3' }, code: '100.250.125', parameter: 'job.expression' },
];

describe('job validation: the spec job-validation codes', () => {
  for (const c of INVALID) {
    it(`${JSON.stringify(c.job)} -> ${c.code}`, () => {
      const compiled = compileJob(new Map(Object.entries(c.job)));
      expect(compiled.ok).toBe(false);
      if (compiled.ok) return;
      expect(compiled.error.code).toBe(c.code);
      expect(compiled.error.parameter).toBe(c.parameter);
    });
  }
});
