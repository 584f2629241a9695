// What a signed-in person may see: the merchant's channels they are not kept from, and the
// payments of those channels. Anything else is answered as not found (never forbidden), so a
// person learns nothing of another merchant's or another channel's payments.

import { couldBeId } from '../domain/ids.js';
import type { EntityRecord, PaymentRecord } from '../domain/records.js';
import { BackofficeError, type BackofficeContext, type BackofficeSession } from './contract.js';
import type { FastifyRequest } from 'fastify';

/** The session of a guarded route (set by the guard before any handler runs). */
export function sessionOf(request: FastifyRequest): BackofficeSession {
  const session = request.backoffice;
  if (!session) throw new BackofficeError('signInRequired', 'sign in first');
  return session;
}

/** The merchant's channels the person may see, oldest first. */
export async function visibleEntities(ctx: BackofficeContext, session: BackofficeSession): Promise<EntityRecord[]> {
  const all = await ctx.store.entities.list(session.merchantId);
  const only = session.channelIds;
  return only === null ? all : all.filter((e) => only.includes(e.id));
}

/** A payment of a channel the person may see, with its channel; otherwise 404. */
export async function visiblePayment(ctx: BackofficeContext, session: BackofficeSession, id: string): Promise<{ payment: PaymentRecord; entity: EntityRecord }> {
  const entities = await visibleEntities(ctx, session);
  // An id no payment can have is not looked up: the database is never asked about a value it could refuse.
  const payment = couldBeId(id) ? await ctx.store.payments.findAmong(entities.map((e) => e.id), id) : undefined;
  const entity = payment && entities.find((e) => e.id === payment.entityId);
  if (!payment || !entity) throw new BackofficeError('notFound', 'no such payment');
  return { payment, entity };
}
