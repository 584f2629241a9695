// Credentials (docs/back-office-api.md, "Credentials (credentials.manage)"): the channels' entity
// ids, and the merchant's access tokens by name, creation and last use. A new token is shown once,
// in the answer that creates it (only its hash is kept); revoking one refuses the merchant's last
// working token, so a rotation is create, move the shop over, revoke, with both working in between.
// A revoked token stops at once on this relay and within the lookup cache's 5 s on the others
// (merchants/lookup-cache.ts).

import { generateAccessToken, hashToken, randomHex } from '../../crypto/tokens.js';
import { TOKEN_NAME_MAX_LENGTH, type AccessTokenRecord } from '../../domain/access-tokens.js';
import { newAccessToken } from '../../merchants/bootstrap.js';
import { writeTokenCreated, writeTokenRevoked } from '../../storage/writes/index.js';
import { BodyReader, invalidParameter } from '../body.js';
import { OBJECT_ID } from '../query.js';
import { BackofficeError, sessionOf, type BackofficeRoutes } from '../contract.js';

const ID_BYTES = 16;

const tokenView = (t: AccessTokenRecord) => ({ id: t.id, name: t.name, createdAt: t.createdAt, lastUsedAt: t.lastUsedAt });

function nameOf(body: unknown): string {
  const reader = new BodyReader(body);
  reader.done('the body must be a JSON object');
  const name = reader.raw('name');
  if (typeof name !== 'string' || name.trim() === '') throw invalidParameter('name', 'must be a name for the token');
  const trimmed = name.trim();
  if (trimmed.length > TOKEN_NAME_MAX_LENGTH) throw invalidParameter('name', `must be at most ${TOKEN_NAME_MAX_LENGTH} characters`);
  return trimmed;
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
    const token = generateAccessToken();
    const record = newAccessToken(session.merchantId, name, hashToken(token), ctx.clock.now());
    await writeTokenCreated(ctx.store, record, { userId: session.userId, address: request.ip, auditId: randomHex(ID_BYTES) });
    return reply.status(201).send({ ...tokenView(record), token });
  });

  app.delete<{ Params: { id: string } }>('/credentials/tokens/:id', { config: { access: 'credentials.manage' } }, async (request, reply) => {
    const session = sessionOf(request);
    const { id } = request.params;
    const token = OBJECT_ID.test(id) ? await ctx.store.accessTokens.find(session.merchantId, id) : undefined;
    if (!token || token.revokedAt !== null) throw notFound();
    const revoked = await writeTokenRevoked(ctx.store, token, ctx.clock.now(), { userId: session.userId, address: request.ip, auditId: randomHex(ID_BYTES) });
    if (!revoked) {
      // Revoked meanwhile by someone else, or the merchant's last working token.
      const current = await ctx.store.accessTokens.find(session.merchantId, id);
      if (current?.revokedAt !== null) throw notFound();
      throw new BackofficeError('conflict', 'this is the last working token: create another before revoking it');
    }
    ctx.lookups.forgetToken(token.tokenHash);
    return reply.status(204).send();
  });
};
