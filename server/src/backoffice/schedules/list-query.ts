// The query of the stored cards' and schedules' lists: the channel (404 when the person may not
// see it, as every listing answers), a page's cursor (the last id of the previous page, as `next`
// handed it out: ids are time-ordered, so "older than" is "less than") and its size.

import type { ScheduleStatus } from '../../domain/schedules.js';
import { invalidParameter } from '../body.js';
import type { BackofficeContext, BackofficeSession } from '../contract.js';
import { listedChannelIds } from '../payment-list/channels.js';
import { limitOf, OBJECT_ID, queryValue } from '../query.js';

export const PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export interface ListQuery {
  entityIds: string[];
  cursor: string | undefined;
  limit: number;
}

export async function readListQuery(ctx: BackofficeContext, session: BackofficeSession, query: unknown): Promise<ListQuery> {
  const cursor = queryValue(query, 'cursor');
  if (cursor !== undefined && !OBJECT_ID.test(cursor)) throw invalidParameter('cursor', "must be a previous answer's next");
  const limit = limitOf(query, PAGE_SIZE, MAX_PAGE_SIZE);
  const entityIds = await listedChannelIds(ctx.store, session, queryValue(query, 'channel'));
  return { entityIds, cursor, limit };
}

const STATES: readonly ScheduleStatus[] = ['active', 'cancelled', 'ended'];

/** The schedules' `state` filter: one of the states, or undefined for all. */
export function stateOf(query: unknown): ScheduleStatus | undefined {
  const state = queryValue(query, 'state');
  if (state === undefined) return undefined;
  if (!(STATES as readonly string[]).includes(state)) throw invalidParameter('state', `must be one of ${STATES.join(', ')}`);
  return state as ScheduleStatus;
}

/** The cursor of the next page: the last id of a full page (a short page is the last one). */
export function nextOf(page: readonly { id: string }[], limit: number): { next?: string } {
  const last = page[page.length - 1];
  return page.length === limit && last ? { next: last.id } : {};
}
