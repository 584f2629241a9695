// A schedule's job: the `job.*` parameters (or `job.expression`) compiled to one Quartz
// expression, checked as Quartz checks it, with its start and end. Omitted second, minute and hour
// mean 0 (never "every second"); omitted day fields mean every day; `*` in one day field next to a
// value in the other means "no specific value" (`?`), as Quartz needs.

import { parseDateTime } from '../domain/clock.js';
import type { FlatParams } from '../params/types.js';
import { describeResult } from '../../../spec/result-codes.js';
import { QUARTZ_FIELDS, type JobErrorCode } from './quartz-fields.js';
import { checkQuartz } from './quartz-validate.js';
import { assertReadable } from './next-run.js';

export interface CompiledJob {
  /** Seven fields, as Quartz reads them: second minute hour dayOfMonth month dayOfWeek year. */
  expression: string;
  startAt: number | null;
  endAt: number | null;
}

export interface JobError {
  code: JobErrorCode;
  /** The parameter at fault: `job.hour`, `job.expression`, ... */
  parameter: string;
  value: string;
  /** What is wrong with the parameter (its parameterErrors message); the code's description is the catalogue's. */
  message: string;
}

export type JobCompilation = { ok: true; job: CompiledJob } | { ok: false; error: JobError };

const DEFAULTS: Readonly<Record<string, string>> = { second: '0', minute: '0', hour: '0', dayOfMonth: '*', month: '*', dayOfWeek: '?', year: '*' };

function fail(code: JobErrorCode, parameter: string, value: string, message?: string): JobCompilation {
  return { ok: false, error: { code, parameter, value, message: message ?? describeResult(code) } };
}

/** The day fields as Quartz wants them: exactly one says `?`. Both with a value stays an error. */
function dayFields(dom: string | undefined, dow: string | undefined): [string, string] {
  const specific = (v: string | undefined): v is string => v !== undefined && v !== '*' && v !== '?';
  if (specific(dom) && specific(dow)) return [dom, dow];
  if (specific(dow)) return ['?', dow];
  if (specific(dom)) return [dom, '?'];
  return ['*', '?'];
}

/** The fields of the request, with defaults, as one expression. */
function fromFields(params: FlatParams): string | undefined {
  const sent = QUARTZ_FIELDS.filter((f) => params.has(`job.${f.name}`));
  if (sent.length === 0) return undefined;
  const value = (name: string): string => params.get(`job.${name}`) ?? DEFAULTS[name] ?? '*';
  const [dom, dow] = dayFields(params.get('job.dayOfMonth'), params.get('job.dayOfWeek'));
  return [value('second'), value('minute'), value('hour'), dom, value('month'), dow, value('year')].join(' ');
}

export function compileJob(params: FlatParams): JobCompilation {
  const explicit = params.get('job.expression');
  const expression = explicit ?? fromFields(params);
  if (expression === undefined) return fail('100.250.100', 'job.expression', '', 'the job has no execution information: send job.expression or job.second ... job.year');
  const checked = checkQuartz(expression);
  if (!checked.ok) {
    const { code, field, message } = checked.problem;
    const parameter = explicit !== undefined || field === 'expression' ? 'job.expression' : `job.${field}`;
    return fail(code, parameter, explicit ?? params.get(parameter) ?? expression, message);
  }
  const compiled = checked.fields.join(' ');
  try {
    assertReadable(compiled);
  } catch (error) {
    return fail('100.250.120', explicit !== undefined ? 'job.expression' : 'job.dayOfWeek', expression, (error as Error).message);
  }
  const start = params.get('job.startDate');
  const end = params.get('job.endDate');
  const startAt = start === undefined ? null : parseDateTime(start);
  const endAt = end === undefined ? null : parseDateTime(end);
  if (startAt !== null && endAt !== null && endAt < startAt) return fail('100.250.120', 'job.endDate', end ?? '', 'job.endDate is before job.startDate');
  return { ok: true, job: { expression: compiled, startAt, endAt } };
}
