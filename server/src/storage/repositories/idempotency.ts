// Idempotency keys: a request's claim, its lease, and the answer it replays (../idempotency.ts).

import type { CompiledQuery } from 'kysely';
import type { EpochMs } from '../../domain/records.js';
import { claimKey, completeKeyQuery, inDoubtKeys, purgeKeys, releaseClaim } from '../idempotency.js';
import type { Scope } from './scope.js';

export type IdempotencyClaim =
  | { kind: 'claimed' }
  /** `leaseUntil`: when its holder's lease runs out (null: a claim from before leases). */
  | { kind: 'in-progress'; leaseUntil: EpochMs | null }
  | { kind: 'mismatch' }
  | { kind: 'done'; statusCode: number; body: string };

/**
 * The answer an idempotency claim replays, written in the same transaction as the request's effect
 * (docs/security-cases.md F1): a request whose effect is committed has its answer, so a claim still in
 * progress after a crash means that nothing of it was committed.
 */
export interface ClaimAnswer {
  entityId: string;
  key: string;
  /** The relay holding the claim and the moment it claimed: the answer is written only while
   * that very claim holds (a retry's later claim under the same owner is another claim). */
  owner: string;
  claimedAt: EpochMs;
  statusCode: number;
  body: string;
}

/** Who holds a new idempotency claim, and until when (several relays share one store). */
export interface ClaimHolder {
  /** The relay's id (config.relayId). */
  owner: string;
  /** Past this moment another relay may take the claim as left in doubt. */
  leaseUntil: EpochMs;
}

/** A claim whose request never finished: its relay is gone, or its lease ran out. */
export interface InDoubtClaim {
  entityId: string;
  key: string;
  createdAt: EpochMs;
  owner: string;
}

export interface IdempotencyRepository {
  /**
   * Scoped to (entityId, key). requestHash distinguishes different parameters; a key created
   * before `expiredBefore` is claimed as if it were unused.
   */
  claim(entityId: string, key: string, requestHash: string, now: EpochMs, expiredBefore: EpochMs, holder: ClaimHolder): Promise<IdempotencyClaim>;
  /**
   * Writes a claim's answer. Alone (a request without an effect): nothing when the claim is no
   * longer held. In a transaction (with the effect): throws ClaimLostError, so the effect rolls back.
   */
  complete(answer: ClaimAnswer): Promise<void>;
  /**
   * The answer as a statement, to write with the request's effect: its batch or transaction fails
   * with ClaimLostError when the claim is no longer held, and the effect is not written.
   */
  completeStatement(answer: ClaimAnswer): CompiledQuery;
  purge(olderThan: EpochMs): Promise<number>;
  /**
   * Claims in progress that no live relay works on: lease expired, or owned by `restartedOwner`, a
   * relay starting again (null: expired leases only). At most `limit`, oldest first.
   */
  inDoubt(now: EpochMs, restartedOwner: string | null, limit: number): Promise<InDoubtClaim[]>;
  /**
   * Releases a claim in progress if it is still exactly that claim (same owner and moment), so a
   * retry may run: a request that failed before any effect, or a claim found in doubt. False when
   * the claim is answered, gone, or taken afresh.
   */
  release(claim: InDoubtClaim): Promise<boolean>;
}

export class KyselyIdempotency implements IdempotencyRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  claim(entityId: string, key: string, requestHash: string, now: EpochMs, expiredBefore: EpochMs, holder: ClaimHolder): Promise<IdempotencyClaim> {
    // The claim's insert shares the group commit with the other writes of its turn.
    return claimKey(this.#s.db, entityId, key, requestHash, now, expiredBefore, holder, async (insert) => (await this.#s.write([insert]))[0] ?? 0);
  }

  async complete(answer: ClaimAnswer): Promise<void> {
    if (this.#s.inTransaction) {
      await this.#s.write([this.completeStatement(answer)]);
      return;
    }
    // No effect to undo: a claim lost meanwhile simply keeps no answer (the statement's guard is
    // left unchecked, as a plain query).
    await this.#s.db.executeQuery(completeKeyQuery(this.#s.db, answer));
  }

  completeStatement(answer: ClaimAnswer): CompiledQuery {
    return completeKeyQuery(this.#s.db, answer);
  }

  purge(olderThan: EpochMs): Promise<number> {
    return purgeKeys(this.#s.db, olderThan);
  }

  inDoubt(now: EpochMs, restartedOwner: string | null, limit: number): Promise<InDoubtClaim[]> {
    return inDoubtKeys(this.#s.db, now, restartedOwner, limit);
  }

  release(claim: InDoubtClaim): Promise<boolean> {
    return releaseClaim(this.#s.db, claim);
  }
}
