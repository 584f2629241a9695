// Credentials (docs/back-office-api.md, "Credentials (credentials.manage)"): the channels' entity
// ids, and the merchant's access tokens by name, creation and last use. A new token is shown once,
// in the answer that creates it (only its hash is kept); revoking one refuses the merchant's last
// working token, so a rotation is create, move the shop over, revoke, with both working in between.
// A revoked token stops at once on this relay and within the lookup cache's 5 s on the others
// (merchants/lookup-cache.ts).

import type { AccessTokenRecord } from '../../domain/access-tokens.js';
import { checkTokenName, createAccessToken, revokeAccessToken } from '../../merchants/access-tokens.js';
import { BodyReader, invalidParameter } from '../body.js';
import { OBJECT_ID } from '../query.js';
import { BackofficeError, sessionOf, type BackofficeRoutes } from '../contract.js';

const tokenView = (t: AccessTokenRecord) => ({ id: t.id, name: t.name, createdAt: t.createdAt, lastUsedAt: t.lastUsedAt });

function nameOf(body: unknown): string {
  const reader = new BodyReader(body);
  reader.done('the body must be a JSON object');
  const checked = checkTokenName(reader.raw('name'));
  if ('problem' in checked) throw invalidParameter('name', checked.problem);
  return checked.name;
}

const notFound = () => new BackofficeError('notFound', 'no such token');

export const credentialsRoutes: BackofficeRoutes = (app, ctx) => {
  app.get('/credentials', { config: { access: 'credentials.manage' } }, async (request) => {
    const session = sessionOf(request);
    const [entities, tokens] = await Promise.all([ctx.store.entities.list(session.merchantId), ctx.store.accessTokens.listActive(session.merchantId)]);
    const visible = session.channelIds === null ? entities : entities.filter((e) => session.channelIds?.includes(e.id));
    return { channels: visible.map((e) => ({ entityId: e.id, name: e.name })), tokens: tokens.map(tokenView) };
  });

  app.post('/credentials/tokens', { config: { access: 'credentials.manage' } }, async (request, reply) => {
    const session = sessionOf(request);
    const name = nameOf(request.body);
    const { record, token } = await createAccessToken(ctx.store, session.merchantId, name, ctx.clock.now(), { userId: session.userId, address: request.ip });
    return reply.status(201).send({ ...tokenView(record), token });
  });

  app.delete<{ Params: { id: string } }>('/credentials/tokens/:id', { config: { access: 'credentials.manage' } }, async (request, reply) => {
    const session = sessionOf(request);
    const { id } = request.params;
    if (!OBJECT_ID.test(id)) throw notFound();
    const revoked = await revokeAccessToken(ctx.store, session.merchantId, id, ctx.clock.now(), { userId: session.userId, address: request.ip });
    if (revoked.outcome === 'notFound') throw notFound();
    if (revoked.outcome === 'lastToken') throw new BackofficeError('conflict', 'this is the last working token: create another before revoking it');
    ctx.lookups.forgetToken(revoked.token.tokenHash);
    return reply.status(204).send();
  });
};
