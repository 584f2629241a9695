// /scheduling/v1/schedules: scheduled payments with a stored registration (create, read with its
// occurrences, cancel, list by registration), and /v1/test/clock, which moves an entity's time in
// the test environment and runs what became due.
import { writeScheduleCancel } from '../storage/writes/index.js';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../http/context.js';
import { formatTimestamp, parseDateTime } from '../domain/clock.js';
import { ApiError } from '../domain/errors.js';
import { registerApiRoute } from '../http/api-route.js';
import { resultView } from '../flows/response.js';
import { createSchedule } from '../schedules/create.js';
import { readEntityTime } from '../flows/entity-time.js';
import { moveTestClock } from '../schedules/test-clock.js';
import { OCCURRENCES_SHOWN, scheduleView } from '../schedules/view.js';

export function scheduleRoutes(app: FastifyInstance, ctx: HttpContext): void {
  registerApiRoute(app, ctx, {
    method: 'POST',
    url: '/scheduling/v1/schedules',
    operation: 'schedule',
    // A schedule commits payments: counted with them.
    throttle: 'payments',
    run: ({ ctx: c, entity, params, claim }) => createSchedule(c, entity, params, claim),
  });
  registerApiRoute(app, ctx, {
    method: 'GET',
    url: '/scheduling/v1/schedules/:id',
    operation: 'read',
    throttle: 'reads',
    run: async ({ ctx: c, entity, path }) => {
      const schedule = await c.store.schedules.find(entity.id, path.id ?? '');
      if (!schedule) throw new ApiError('notFound');
      return { kind: 'ok', body: scheduleView(schedule, await c.store.schedules.occurrences(schedule.id, OCCURRENCES_SHOWN)) };
    },
  });
  registerApiRoute(app, ctx, {
    method: 'GET',
    url: '/scheduling/v1/schedules',
    operation: 'scheduleList',
    throttle: 'reads',
    run: async ({ ctx: c, entity, params }) => {
      const registrationId = params.get('registrationId') ?? '';
      const schedules = await c.store.schedules.list(entity.id, registrationId);
      return { kind: 'ok', body: { registrationId, schedules: schedules.map((s) => scheduleView(s)), result: resultView('000.000.000') } };
    },
  });
  registerApiRoute(app, ctx, {
    method: 'DELETE',
    url: '/scheduling/v1/schedules/:id',
    operation: 'remove',
    throttle: 'payments',
    run: async ({ ctx: c, entity, path }) => {
      const id = path.id ?? '';
      const cancelled = await writeScheduleCancel(c.store, entity.id, id, c.clock.now());
      if (cancelled === 'missing') throw new ApiError('notFound');
      if (cancelled === 'already') throw new ApiError('scheduleClosed');
      return { kind: 'ok', body: { id, result: resultView('000.000.000') } };
    },
  });
  registerApiRoute(app, ctx, {
    method: 'POST',
    url: '/v1/test/clock',
    operation: 'testClock',
    throttle: 'payments',
    run: async ({ ctx: c, entity, params }) => {
      if (c.config.environment === 'live') throw new ApiError('testClockLive');
      const time = parseDateTime(params.get('time') ?? '');
      const ran = await moveTestClock(c, entity.id, time);
      if (ran === 'backwards') throw new ApiError('testClockBackwards', [{ name: 'time', value: params.get('time') ?? '', message: `the clock is at ${formatTimestamp(await readEntityTime(c, entity.id))} already` }]);
      return { kind: 'ok', body: { entityId: entity.id, time: formatTimestamp(time), ran, result: resultView('000.000.000') } };
    },
  });
  registerApiRoute(app, ctx, {
    method: 'GET',
    url: '/v1/test/clock',
    operation: 'read',
    throttle: 'reads',
    run: async ({ ctx: c, entity }) => {
      if (c.config.environment === 'live') throw new ApiError('testClockLive');
      return { kind: 'ok', body: { entityId: entity.id, time: formatTimestamp(await readEntityTime(c, entity.id)), result: resultView('000.000.000') } };
    },
  });
}
