// Idempotency keys, scoped to (entity, key). The claim is one INSERT … ON CONFLICT DO NOTHING: the
// primary key decides which of many concurrent requests runs, on both dialects, with no lock held
// across the request. The losers read the row to learn what to answer.
//
// A key lives for the configured time (IDEMPOTENCY_TTL) and is then unused again, whatever it held.
// A claim records the relay that holds it and a lease. A claim whose request never finished (its
// relay died) is resolved once its lease has expired, or at once by the same relay restarted
// (jobs/in-doubt.ts); a request's answer is written with its effect, so such a claim committed
// nothing.

import type { CompiledQuery, Kysely } from 'kysely';
import { mustChangeOneRow } from './guarded-query.js';
import type { Database } from './schema.js';
import type { ClaimAnswer, ClaimHolder, EpochMs, IdempotencyClaim, InDoubtClaim } from './store.js';

/**
 * A claim that lost the insert can find the row gone (its owner released it in between); it then
 * tries again. Each retry means another request made progress, so a few are plenty.
 */
const CLAIM_ATTEMPTS = 5;

export async function claimKey(
  db: Kysely<Database>,
  entityId: string,
  key: string,
  requestHash: string,
  now: EpochMs,
  /** Keys created before this are expired: claimed as if unused. */
  expiredBefore: EpochMs,
  holder: ClaimHolder,
  /** Runs the claim's insert and answers the rows it wrote: the store's group commit, which shares its commit with other writes. */
  write: (insert: CompiledQuery) => Promise<number>,
): Promise<IdempotencyClaim> {
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    const insert = db
      .insertInto('idempotency_keys')
      .values({ entity_id: entityId, key, request_hash: requestHash, state: 'in-progress', status_code: null, body: null, created_at: now, owner: holder.owner, lease_until: holder.leaseUntil })
      .onConflict((oc) => oc.columns(['entity_id', 'key']).doNothing())
      .compile();
    if ((await write(insert)) === 1) return { kind: 'claimed' };

    const row = await db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'state', 'status_code', 'body', 'created_at', 'lease_until'])
      .where('entity_id', '=', entityId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) continue;
    if (Number(row.created_at) < expiredBefore) {
      // Only that expired row: a concurrent claimer that already replaced it keeps its claim.
      await db
        .deleteFrom('idempotency_keys')
        .where('entity_id', '=', entityId)
        .where('key', '=', key)
        .where('created_at', '=', row.created_at)
        .execute();
      continue;
    }
    if (row.request_hash !== requestHash) return { kind: 'mismatch' };
    if (row.state === 'done' && row.status_code !== null && row.body !== null) {
      return { kind: 'done', statusCode: row.status_code, body: row.body };
    }
    return { kind: 'in-progress', leaseUntil: row.lease_until === null ? null : Number(row.lease_until) };
  }
  throw new Error(`idempotency key could not be claimed after ${CLAIM_ATTEMPTS} attempts`);
}

/** The claim's answer as a statement, to run with the request's effect (ClaimAnswer). */
export function completeKeyQuery(db: Kysely<Database>, answer: ClaimAnswer): CompiledQuery {
  const query = db
    .updateTable('idempotency_keys')
    .set({ state: 'done', status_code: answer.statusCode, body: answer.body })
    .where('entity_id', '=', answer.entityId)
    .where('key', '=', answer.key)
    .where('state', '=', 'in-progress')
    .where('owner', '=', answer.owner)
    .where('created_at', '=', answer.claimedAt)
    .compile();
  // With an effect, a claim lost to another relay must undo the effect (ClaimLostError).
  return mustChangeOneRow(query);
}

export async function purgeKeys(db: Kysely<Database>, olderThan: EpochMs): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', olderThan).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Claims in progress that no live relay is working on: their lease has expired, or (with
 * `restartedOwner`) their owner is that relay itself, restarted (a relay's id is its own; the
 * process that claimed is gone).
 */
export async function inDoubtKeys(db: Kysely<Database>, now: EpochMs, restartedOwner: string | null, limit: number): Promise<InDoubtClaim[]> {
  const rows = await db
    .selectFrom('idempotency_keys')
    .select(['entity_id', 'key', 'created_at', 'owner'])
    .where('state', '=', 'in-progress')
    .where((eb) => (restartedOwner === null ? eb('lease_until', '<', now) : eb.or([eb('lease_until', '<', now), eb('owner', '=', restartedOwner)])))
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ entityId: row.entity_id, key: row.key, createdAt: Number(row.created_at), owner: row.owner }));
}

/**
 * Releases a claim in progress, only if it is still that claim (same owner and moment): a client's
 * retry may have claimed the key afresh in between, and that claim is not this one to release.
 */
export async function releaseClaim(db: Kysely<Database>, claim: InDoubtClaim): Promise<boolean> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('entity_id', '=', claim.entityId)
    .where('key', '=', claim.key)
    .where('state', '=', 'in-progress')
    .where('owner', '=', claim.owner)
    .where('created_at', '=', claim.createdAt)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}
