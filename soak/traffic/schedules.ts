// Subscriptions: a card stored on the clock channel, a daily schedule charging it, and the test
// clock moved a day at a time (by clockMover) so that each schedule runs while the faults happen.

import { register } from './registrations.js';
import type { Shop } from './shop.js';

export async function scheduleFlow(shop: Shop): Promise<void> {
  const registrationId = await register(shop, shop.clockEntityId);
  if (!registrationId) return;
  const key = shop.merchant.newKey('schedule');
  const answer = await shop.merchant.call('schedule-create', 'POST', '/scheduling/v1/schedules', {
    entityId: shop.clockEntityId,
    registrationId,
    amount: '9.99',
    currency: 'EUR',
    paymentType: 'DB',
    'job.second': '0',
    'job.minute': '0',
    'job.hour': '8',
  }, key);
  const id = answer?.status === 200 ? answer.json.id : undefined;
  if (typeof id === 'string') shop.ledger.schedules.push({ id, entityId: shop.clockEntityId });
}

/** yyyy-MM-dd HH:mm:ss in UTC, as the test clock takes it. */
const clockText = (ms: number): string => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** Reads the clock channel's time, then moves it a day on each call. */
export async function clockMover(shop: Shop): Promise<() => Promise<void>> {
  const read = await shop.merchant.call('clock-read', 'GET', '/v1/test/clock', { entityId: shop.clockEntityId });
  const text = read?.json.time;
  if (typeof text !== 'string') throw new Error(`the test clock could not be read: ${JSON.stringify(read?.json)}`);
  // "2026-12-07 16:30:00+0000": the next midnight, then a day each move.
  let time = Date.parse(`${text.slice(0, 10)}T00:00:00Z`) + 86_400_000;
  return async () => {
    time += 86_400_000;
    const key = shop.merchant.newKey('clock');
    await shop.merchant.call('clock-move', 'POST', '/v1/test/clock', { entityId: shop.clockEntityId, time: clockText(time) }, key);
  };
}
