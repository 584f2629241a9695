// A schedule's job in words (schedules/describe.ts): the forms a job compiles to (job.ts) and the
// ones a merchant writes in job.expression, read as Quartz reads them (1 = Sunday, seconds first,
// years last), each said with the schedule's zone; an expression the library cannot read has no
// words rather than wrong ones.

import { describe, expect, it } from 'vitest';
import { describeJob } from '../../src/schedules/describe.js';
import { checkQuartz } from '../../src/schedules/quartz-validate.js';

const CASES: readonly [expression: string, words: string][] = [
  ['0 0 8 1 * ? *', 'At 08:00, on day 1 of the month'],
  ['0 0 0 * * ? *', 'At 00:00'],
  ['0 30 9 ? * MON-FRI *', 'At 09:30, Monday through Friday'],
  ['0 0 8 ? * 2 *', 'At 08:00, only on Monday'],
  ['0 0 8 ? * 1 *', 'At 08:00, only on Sunday'],
  ['0 0 8 ? * 7 *', 'At 08:00, only on Saturday'],
  ['0 0 8 ? * MON,WED,FRI *', 'At 08:00, only on Monday, Wednesday, and Friday'],
  ['0 0 0 L * ? *', 'At 00:00, on the last day of the month'],
  ['0 0 0 LW * ? *', 'At 00:00, on the last weekday of the month'],
  ['0 0 8 15W * ? *', 'At 08:00, on the weekday nearest day 15 of the month'],
  ['0 0 12 ? * 6#3 *', 'At 12:00, on the third Friday of the month'],
  ['0 15 10 ? * 6L 2026', 'At 10:15, on the last Friday of the month, only in 2026'],
  ['0 0 9 1 1/3 ? *', 'At 09:00, on day 1 of the month, every 3 months'],
  ['0 0 0 1 JAN ? 2027-2029', 'At 00:00, on day 1 of the month, only in January, 2027 through 2029'],
  ['0 0 8 15 1,7 ? *', 'At 08:00, on day 15 of the month, only in January and July'],
  ['0 0/15 * * * ? *', 'Every 15 minutes'],
  ['0 0 * * * ? *', 'Every hour'],
  ['0 0 8-18/2 ? * MON-FRI *', 'On the hour, every 2 hours, between 08:00 and 18:00, Monday through Friday'],
  ['0 45 23 31 12 ? *', 'At 23:45, on day 31 of the month, only in December'],
];

describe('a job in words', () => {
  for (const [expression, words] of CASES) {
    it(`says ${expression} as "${words}"`, () => {
      // Each case is one the relay accepts: the words are of real jobs.
      expect(checkQuartz(expression).ok, expression).toBe(true);
      expect(describeJob(expression, 'Europe/Berlin')).toBe(`${words}, Europe/Berlin`);
    });
  }

  it('names the zone it was given', () => {
    expect(describeJob('0 0 8 1 * ? *', 'UTC')).toBe('At 08:00, on day 1 of the month, UTC');
  });

  it('has no words for an expression it cannot read', () => {
    expect(describeJob('not a job', 'UTC')).toBeNull();
  });
});
