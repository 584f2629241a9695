// Bearer-token authentication (spec "Authentication"; docs/security-cases.md A1, A5).
// Missing or malformed header: 401. Unknown or revoked token: 403. A token in the URL: refused.
// A merchant may hold several working tokens (access_tokens); any of them authenticates it.
// Only the SHA-256 of a token is stored; the lookup is by hash and the final comparison is
// constant-time, so timing says nothing about how much of a token matched.

import type { FastifyRequest } from 'fastify';
import { ApiError } from '../domain/errors.js';
import { hashToken, tokenMatches } from '../crypto/tokens.js';
import type { EntityRecord, MerchantRecord } from '../domain/records.js';
import type { KnownToken, LookupCache } from '../merchants/lookup-cache.js';

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{16,512})$/;
const TOKEN_QUERY_NAMES = ['access_token', 'accessToken', 'authentication.token', 'authentication.password', 'token'];

export async function authenticate(lookups: LookupCache, request: FastifyRequest): Promise<MerchantRecord> {
  return authenticateNow(lookups, request);
}

/**
 * The same, answered at once (or thrown) when the merchant is kept in the lookup cache, as for
 * nearly every API call: a promise only when the store must be asked.
 */
export function authenticateNow(lookups: LookupCache, request: FastifyRequest): MerchantRecord | Promise<MerchantRecord> {
  const query = request.url.includes('?') ? new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1)) : undefined;
  if (query && TOKEN_QUERY_NAMES.some((name) => query.has(name))) throw new ApiError('tokenInQuery');
  const header = request.headers.authorization;
  if (typeof header !== 'string') throw new ApiError('missingAuthorization');
  const match = BEARER.exec(header);
  if (!match || match[1] === undefined) throw new ApiError('missingAuthorization');
  const hash = hashToken(match[1]);
  const cached = lookups.cachedToken(hash);
  return cached ? accepted(lookups, cached, hash) : lookups.activeToken(hash).then((token) => accepted(lookups, token, hash));
}

/** The merchant of a working token whose hash matches; its use noted (at most once a minute). */
function accepted(lookups: LookupCache, token: KnownToken | undefined, hash: string): MerchantRecord {
  if (!token || !tokenMatches(token.tokenHash, hash)) throw new ApiError('invalidToken');
  lookups.noteUse(token);
  return token.merchant;
}

const ENTITY_ID = /^[0-9a-f]{32}$/;

/** The channel named by entityId must exist and belong to the authenticated merchant. */
export async function entityOf(lookups: LookupCache, merchant: MerchantRecord, entityId: string | undefined): Promise<EntityRecord> {
  return entityOfNow(lookups, merchant, entityId);
}

/** The same, answered at once (or thrown) when the channel is kept in the lookup cache. */
export function entityOfNow(lookups: LookupCache, merchant: MerchantRecord, entityId: string | undefined): EntityRecord | Promise<EntityRecord> {
  if (entityId === undefined || !ENTITY_ID.test(entityId)) {
    throw new ApiError('invalidParameters', [
      { name: 'entityId', value: entityId ?? '', message: 'must be 32 characters of a-f and 0-9' },
    ]);
  }
  const cached = lookups.cachedEntity(entityId);
  return cached ? owned(cached, merchant) : lookups.entity(entityId).then((entity) => owned(entity, merchant));
}

function owned(entity: EntityRecord | undefined, merchant: MerchantRecord): EntityRecord {
  if (!entity || entity.merchantId !== merchant.id) throw new ApiError('unknownEntity');
  return entity;
}
