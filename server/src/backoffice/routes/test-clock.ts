// GET /api/test/clock and POST /api/test/clock (testTools.use, test environment only): the test
// clocks of the channels the person may see, and moving one forward. The move is the merchant
// API's (schedules/test-clock.ts moveTestClock, behind POST /v1/test/clock): what became due runs
// kind by kind (schedule charges, voucher slips, redirect expiries, settled days) before the clock
// is written, and the answer counts what ran. That move is many transactions of its own, so its
// audit row follows it, written once the clock stands at the new time.

import { formatTimestamp } from '../../domain/clock.js';
import { entityTime, readEntityTime } from '../../flows/entity-time.js';
import { moveTestClock } from '../../schedules/test-clock.js';
import { BodyReader } from '../body.js';
import { BackofficeError, type BackofficeRoutes } from '../contract.js';
import { refuseInLive } from '../test-tools/live.js';
import { testToolAudit } from '../test-tools/audit.js';
import { sessionOf, visibleEntities } from '../visible.js';

/** The latest time a clock is moved to: the year 9999, as far as the merchant API's timestamps go. */
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59);

export const testClockRoutes: BackofficeRoutes = (app, ctx) => {
  app.get('/test/clock', { config: { access: 'testTools.use' } }, async (request) => {
    refuseInLive(ctx.config);
    const entities = await visibleEntities(ctx, sessionOf(request));
    const clocks = await Promise.all(
      entities.map(async (e) => {
        const moved = await ctx.store.schedules.findTestClock(e.id);
        // Ahead: moved past the relay's clock, which it holds until the relay's clock passes it.
        return { entityId: e.id, name: e.name, time: entityTime(ctx, moved), ahead: moved !== undefined && moved > ctx.clock.now() };
      }),
    );
    return { now: ctx.clock.now(), clocks };
  });

  app.post('/test/clock', { config: { access: 'testTools.use' } }, async (request) => {
    refuseInLive(ctx.config);
    const session = sessionOf(request);
    const body = new BodyReader(request.body);
    const entityId = body.text('entityId', 64);
    const time = body.raw('time');
    if (typeof time !== 'number' || !Number.isSafeInteger(time) || time < 0 || time > LATEST) body.problem('time', 'time must be a time in epoch milliseconds');
    body.done('invalid test clock move');
    const entity = (await visibleEntities(ctx, session)).find((e) => e.id === entityId);
    if (!entity) throw new BackofficeError('notFound', 'no such channel');
    const to = time as number;
    const from = await readEntityTime(ctx, entity.id);
    const ran = await moveTestClock(ctx, entity.id, to);
    if (ran === 'backwards') {
      const at = await readEntityTime(ctx, entity.id);
      throw new BackofficeError('invalidParameters', 'a test clock only moves forward', { parameters: [{ name: 'time', message: `must be later than the clock's time (${formatTimestamp(at)} UTC): a test clock only moves forward` }] });
    }
    await ctx.store.audit.append(testToolAudit(session, request, ctx.clock.now(), 'moveClock', entity.id, { before: { time: formatTimestamp(from) }, after: { time: formatTimestamp(to), ...ran } }));
    return { entityId: entity.id, from, time: to, ran };
  });
};
