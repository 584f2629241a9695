// GET /api/schedules, GET /api/schedules/:id and POST /api/schedules/:id/cancel: the schedules of
// the channels the person may see, with their job in words (schedules/describe.ts), the next runs
// the firing will use (schedules/next-run.ts, in the schedule's zone) and the history of their
// charges; and the cancel, through the merchant API's own (storage/writes/schedule-cancel.ts: the
// schedule and its occurrences still due), with the audit row in its transaction. Another
// merchant's or an unseen channel's schedule is not found; one no longer active is a conflict.

import type { FastifyRequest } from 'fastify';
import type { ScheduleRecord } from '../../domain/schedules.js';
import { OCCURRENCES_SHOWN } from '../../schedules/view.js';
import { writeScheduleCancel } from '../../storage/writes/index.js';
import { BackofficeError, sessionOf, type BackofficeContext, type BackofficeRoutes, type BackofficeSession } from '../contract.js';
import { OBJECT_ID } from '../query.js';
import { nextOf, readListQuery, stateOf } from '../schedules/list-query.js';
import { channelRef, scheduleDetail, scheduleRow } from '../schedules/views.js';
import { visibleEntities } from '../visible.js';
import { personAudit } from '../person-audit.js';

const notFound = () => new BackofficeError('notFound', 'no such schedule');

/** A schedule of a channel the person may see, with that channel; otherwise 404. */
async function visibleSchedule(ctx: BackofficeContext, session: BackofficeSession, id: string) {
  const entities = await visibleEntities(ctx, session);
  const schedule = OBJECT_ID.test(id) ? await ctx.store.schedules.findAmong(entities.map((e) => e.id), id) : undefined;
  const entity = schedule && entities.find((e) => e.id === schedule.entityId);
  if (!schedule || !entity) throw notFound();
  return { schedule, entity };
}

function auditRow(session: BackofficeSession, request: FastifyRequest, schedule: ScheduleRecord, now: number) {
  return personAudit(session, request, now, {
    action: 'schedule.cancel',
    target: schedule.id,
    before: { status: schedule.status, channel: schedule.entityId, registrationId: schedule.registrationId },
    after: { status: 'cancelled' },
  });
}

export const scheduleRoutes: BackofficeRoutes = (app, ctx) => {
  app.get('/schedules', { config: { access: 'schedules.read' } }, async (request) => {
    const session = sessionOf(request);
    const state = stateOf(request.query);
    const query = await readListQuery(ctx, session, request.query);
    const channels = new Map((await visibleEntities(ctx, session)).map((e) => [e.id, channelRef(e)]));
    const schedules = await ctx.store.schedules.listAmong(query.entityIds, state, query.cursor, query.limit);
    const cards = new Map((await ctx.store.registrations.findManyAmong(query.entityIds, [...new Set(schedules.map((s) => s.registrationId))])).map((r) => [r.id, r]));
    return { schedules: schedules.map((s) => scheduleRow(s, channels.get(s.entityId)!, cards.get(s.registrationId))), ...nextOf(schedules, query.limit) };
  });

  app.get<{ Params: { id: string } }>('/schedules/:id', { config: { access: 'schedules.read' } }, async (request) => {
    const { schedule, entity } = await visibleSchedule(ctx, sessionOf(request), request.params.id);
    const [card, occurrences] = await Promise.all([ctx.store.registrations.find(entity.id, schedule.registrationId), ctx.store.schedules.occurrences(schedule.id, OCCURRENCES_SHOWN)]);
    return scheduleDetail(schedule, channelRef(entity), card, occurrences);
  });

  app.post<{ Params: { id: string } }>('/schedules/:id/cancel', { config: { access: 'schedules.cancel' } }, async (request) => {
    const session = sessionOf(request);
    const { schedule, entity } = await visibleSchedule(ctx, session, request.params.id);
    const closed = () => new BackofficeError('conflict', `this schedule is ${schedule.status === 'active' ? 'cancelled' : schedule.status} already`);
    if (schedule.status !== 'active') throw closed();
    const now = ctx.clock.now();
    const outcome = await writeScheduleCancel(ctx.store, entity.id, schedule.id, now, [ctx.store.audit.appendStatement(auditRow(session, request, schedule, now))]);
    if (outcome === 'missing') throw notFound();
    if (outcome === 'already') throw closed();
    const [card, occurrences] = await Promise.all([ctx.store.registrations.find(entity.id, schedule.registrationId), ctx.store.schedules.occurrences(schedule.id, OCCURRENCES_SHOWN)]);
    const cancelled = await ctx.store.schedules.find(entity.id, schedule.id);
    return scheduleDetail(cancelled ?? schedule, channelRef(entity), card, occurrences);
  });
};
