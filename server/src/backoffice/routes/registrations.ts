// GET /api/registrations and DELETE /api/registrations/:id: the stored cards of the channels the
// person may see, masked (brand, first six and last four digits, expiry, holder), with how many
// active schedules charge each; and their deletion, through the merchant API's own
// (payments/registration-deletion.ts: the card wiped, its schedules cancelled, registrationDeleted
// sent), with the audit row in that deletion's transaction. Another merchant's or an unseen
// channel's card is not found; one deleted already is a conflict (the page is out of date).

import type { FastifyRequest } from 'fastify';
import type { RegistrationRecord } from '../../domain/records.js';
import { deleteRegistration } from '../../payments/registration-deletion.js';
import { BackofficeError, sessionOf, type BackofficeRoutes, type BackofficeSession } from '../contract.js';
import { OBJECT_ID } from '../query.js';
import { nextOf, readListQuery } from '../schedules/list-query.js';
import { channelRef, storedCardRow } from '../schedules/views.js';
import { visibleEntities } from '../visible.js';
import { personAudit } from '../person-audit.js';

function auditRow(session: BackofficeSession, request: FastifyRequest, card: RegistrationRecord, now: number) {
  return personAudit(session, request, now, {
    action: 'storedCard.delete',
    target: card.id,
    // The card as the list shows it, masked: never its number.
    before: { status: 'stored', channel: card.entityId, paymentBrand: card.paymentBrand, last4: card.last4 },
    after: { status: 'deleted' },
  });
}

export const storedCardRoutes: BackofficeRoutes = (app, ctx) => {
  app.get('/registrations', { config: { access: 'storedCards.read' } }, async (request) => {
    const session = sessionOf(request);
    const query = await readListQuery(ctx, session, request.query);
    const channels = new Map((await visibleEntities(ctx, session)).map((e) => [e.id, channelRef(e)]));
    const cards = await ctx.store.registrations.listAmong(query.entityIds, query.cursor, query.limit);
    const counts = await ctx.store.schedules.activeCountByRegistration(query.entityIds, cards.map((c) => c.id));
    return {
      registrations: cards.map((c) => storedCardRow(c, channels.get(c.entityId)!, counts.get(c.id) ?? 0)),
      ...nextOf(cards, query.limit),
    };
  });

  app.delete<{ Params: { id: string } }>('/registrations/:id', { config: { access: 'storedCards.delete' } }, async (request, reply) => {
    const session = sessionOf(request);
    const { id } = request.params;
    const entityIds = (await visibleEntities(ctx, session)).map((e) => e.id);
    // An id no registration can have is not looked up.
    const card = OBJECT_ID.test(id) ? await ctx.store.registrations.findAmong(entityIds, id) : undefined;
    if (!card) throw new BackofficeError('notFound', 'no such stored card');
    const gone = () => new BackofficeError('conflict', 'this stored card was deleted already');
    if (card.deletedAt !== null) throw gone();
    const now = ctx.clock.now();
    if (!(await deleteRegistration(ctx, card, now, [ctx.store.audit.appendStatement(auditRow(session, request, card, now))]))) throw gone();
    return reply.status(204).send();
  });
};
