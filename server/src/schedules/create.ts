// POST /scheduling/v1/schedules: a schedule of payments with a stored registration. The job
// compiles to one Quartz expression (job.ts); the registration must be the entity's and not
// deleted; the first run is computed at the entity's time, in its zone (UTC unless it sets one).
// The schedule and its Idempotency-Key answer are written together.

import { writeSchedule } from '../storage/writes/index.js';
import type { RelayContext } from '../flows/context.js';
import { ApiError, type ErrorName } from '../domain/errors.js';
import { newPaymentId } from '../domain/ids.js';
import { formatAmount, parseAmount } from '../domain/money.js';
import type { EntityRecord } from '../domain/records.js';
import { claimAnswerOf, type Claim, type Outcome } from '../flows/outcome.js';
import type { FlatParams } from '../params/types.js';
import { resultView } from '../flows/response.js';
import { entityTime } from '../flows/entity-time.js';
import { compileJob, type JobError } from './job.js';
import { fireJobs } from './fire.js';
import { DEFAULT_TIME_ZONE, nextRunAtOrAfter } from './next-run.js';
import type { JobErrorCode } from './quartz-fields.js';
import type { ScheduleRecord } from '../domain/schedules.js';

const ERROR_OF: Readonly<Record<JobErrorCode, ErrorName>> = {
  '100.250.100': 'jobMissing',
  '100.250.120': 'jobCombination',
  '100.250.121': 'jobHour',
  '100.250.122': 'jobMinuteSecond',
  '100.250.123': 'jobDayOfMonth',
  '100.250.124': 'jobMonth',
  '100.250.125': 'jobDayOfWeek',
};

function jobError(e: JobError): ApiError {
  return new ApiError(ERROR_OF[e.code], [{ name: e.parameter, value: e.value, message: e.message }]);
}

/** What each charge sends besides amount, currency and type: the merchant's own references. */
function forwarded(params: FlatParams): [string, string][] {
  const names = /^(merchantTransactionId|merchantInvoiceId|merchantMemo|descriptor|testMode|customParameters\[.+\])$/;
  return [...params].filter(([name]) => names.test(name));
}

function jobEcho(params: FlatParams, expression: string): Record<string, string> {
  const job: Record<string, string> = {};
  for (const [name, value] of params) if (name.startsWith('job.')) job[name.slice(4)] = value;
  job.expression = expression;
  return job;
}

export async function createSchedule(ctx: RelayContext, entity: EntityRecord, params: FlatParams, claim?: Claim): Promise<Outcome> {
  const registrationId = params.get('registrationId') ?? '';
  const { registration, testClock } = await ctx.store.registrations.findWithTestClock(entity.id, registrationId);
  if (!registration) throw new ApiError('registrationMissing', [{ name: 'registrationId', value: registrationId, message: 'no registration of this entity has this id' }]);
  if (registration.deletedAt !== null) throw new ApiError('registrationDeleted', [{ name: 'registrationId', value: registrationId, message: 'the registration was deleted' }]);
  const compiled = compileJob(params);
  if (!compiled.ok) throw jobError(compiled.error);
  const { job } = compiled;
  const timeZone = entity.settings.timeZone ?? DEFAULT_TIME_ZONE;
  const now = ctx.clock.now();
  const from = entityTime(ctx, testClock);
  const nextRunAt = nextRunAtOrAfter(job, Math.ceil(from / 1000) * 1000, timeZone);
  if (nextRunAt === null) {
    throw new ApiError('jobCombination', [{ name: params.has('job.expression') ? 'job.expression' : 'job.endDate', value: params.get('job.expression') ?? params.get('job.endDate') ?? '', message: 'the job has no execution time in the future' }]);
  }
  const amount = parseAmount(params.get('amount') ?? '');
  const currency = params.get('currency') ?? '';
  const paymentType = params.get('paymentType') as ScheduleRecord['paymentType'];
  const id = newPaymentId(now);
  const merchantReferences = Object.fromEntries(forwarded(params).filter(([n]) => !n.startsWith('customParameters[')));
  const body: Record<string, unknown> = {
    id,
    registrationId,
    paymentType,
    amount: formatAmount(amount),
    currency,
    ...merchantReferences,
    job: jobEcho(params, job.expression),
    timeZone,
    result: resultView('000.000.000'),
  };
  const json = JSON.stringify(body);
  const record: ScheduleRecord = {
    id,
    entityId: entity.id,
    registrationId,
    paymentType,
    amount,
    currency,
    expression: job.expression,
    timeZone,
    startAt: job.startAt,
    endAt: job.endAt,
    paymentParams: JSON.stringify(forwarded(params)),
    responseJson: json,
    status: 'active',
    nextRunAt,
    createdAt: now,
    updatedAt: now,
    requestId: ctx.requestId,
  };
  const answer = claimAnswerOf(claim, 'ok', json);
  await writeSchedule(ctx.store, record, { ...(answer ? { answer } : {}), jobs: fireJobs(ctx, [nextRunAt], now) });
  return { kind: 'ok', body, json, answered: claim !== undefined };
}
