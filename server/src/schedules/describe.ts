// A schedule's job in words for the back office ("At 08:00, on day 1 of the month, Europe/Berlin"),
// through cronstrue, which reads Quartz's seven fields: seconds, years, `?`, L, W and n#k, with
// the week numbered 1 = Sunday as Quartz numbers it. The zone is the schedule's (the channel's when
// it was made), the one its runs are computed in (next-run.ts).

import cronstrue from 'cronstrue';

const OPTIONS = { use24HourTimeFormat: true, dayOfWeekStartIndexZero: false, throwExceptionOnParseError: true, verbose: false } as const;

/**
 * The expression in words with its zone, or null when the library cannot read it (a form Quartz
 * knows that it does not): the page then shows the expression itself.
 */
export function describeJob(expression: string, timeZone: string): string | null {
  try {
    return `${cronstrue.toString(expression, OPTIONS)}, ${timeZone}`;
  } catch {
    return null;
  }
}
