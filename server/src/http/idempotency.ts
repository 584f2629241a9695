// Optional Idempotency-Key on every mutating endpoint, scoped to the entity (security principles,
// L1, L4): the first request executes; a concurrent duplicate gets 409; a later duplicate gets the
// stored status and body again; the same key with different parameters is rejected.

import { hash, type Hmac } from 'node:crypto';
import { ApiError } from '../domain/errors.js';
import type { FlatParams, ParameterError } from '../params/types.js';
import { scrubText } from '../process/logging.js';
import { ClaimLostError, type ClaimAnswer, type ClaimHolder, type Store } from '../storage/store.js';
import type { EpochMs } from '../domain/records.js';

export interface Outcome {
  status: number;
  body: Record<string, unknown>;
  /** `body` serialized, where the route has it already (a payment stores it): never serialized twice. */
  json?: string;
  /** The route wrote this answer to its claim with its effect (ClaimAnswer); nothing is left to store. */
  answered?: boolean;
}

/**
 * The idempotency claim a request runs under, handed to the route so that it writes the claim's
 * answer in the same transaction as its effect (ClaimAnswer). After a crash, a claim still in
 * progress therefore means that nothing was committed, and only the simulator can know more
 * (in-doubt.ts).
 */
export interface Claim {
  entityId: string;
  key: string;
  /**
   * What the relay tells the simulator this request is, so it can be asked about it later: a
   * digest of the claim (entity, key and the moment of the claim), the same before and after a
   * restart, and different for a later claim of the same key once this one has expired.
   */
  reference: string;
  /** The relay holding the claim (config.relayId). */
  owner: string;
}

export function claimReference(entityId: string, key: string, claimedAt: EpochMs): string {
  return hash('sha256', `${entityId}\n${claimedAt}\n${key}`, 'hex').slice(0, 32);
}

/** The claim's answer for an outcome, or undefined without a claim. */
export function answerOf(claim: Claim | undefined, status: number, json: string): ClaimAnswer | undefined {
  return claim && { entityId: claim.entityId, key: claim.key, owner: claim.owner, statusCode: status, body: json };
}

/** An outcome whose body is a stored response: sent as stored, not serialized again. */
export function storedOutcome(status: number, json: string): Outcome {
  return { status, body: JSON.parse(json) as Record<string, unknown>, json };
}

const KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * A digest of what the request asks for: method, path and the parameters in a canonical order.
 * Keyed (`digest` from the card vault), because the parameters include card numbers and CVVs: a
 * plain hash kept next to the BIN and last four of the stored answer could be searched for the
 * missing digits.
 */
export function requestHash(digest: Hmac, method: string, path: string, params: FlatParams): string {
  const hash = digest.update(`${method} ${path}\n`);
  for (const [name, value] of [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    hash.update(`${name.length}:${name}=${value.length}:${value}\n`);
  }
  return hash.digest('hex');
}

export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY.test(header)) {
    throw new ApiError('invalidParameters', [
      { name: 'Idempotency-Key', value: '', message: 'must be 1 to 255 printable ASCII characters, sent once' },
    ]);
  }
  return header;
}

/**
 * Runs `execute` at most once per (entity, key). Outcomes of executed requests, declines and
 * parameter errors included, are stored and replayed; an unexpected failure releases the claim so
 * the client may retry. Only a request that sent a key comes here: a digest of every body would
 * cost on the hot path.
 */
export async function withIdempotency(
  store: Store,
  scope: { entityId: string; key: string; hash: () => string; now: number; ttlMs: number; holder: ClaimHolder },
  execute: (claim: Claim) => Promise<Outcome>,
): Promise<Outcome & { replayed: boolean }> {
  const claim = await store.claimIdempotencyKey(scope.entityId, scope.key, scope.hash(), scope.now, scope.now - scope.ttlMs, scope.holder);
  if (claim.kind === 'in-progress') throw new ApiError('idempotencyInProgress');
  if (claim.kind === 'mismatch') throw new ApiError('idempotencyMismatch');
  if (claim.kind === 'done') {
    return { ...storedOutcome(claim.statusCode, claim.body), replayed: true };
  }
  let outcome: Outcome;
  try {
    outcome = await execute({ entityId: scope.entityId, key: scope.key, owner: scope.holder.owner, reference: claimReference(scope.entityId, scope.key, scope.now) });
  } catch (error) {
    // Another relay resolved the claim while this request ran: nothing was committed and the key is
    // free again; the client retries.
    if (error instanceof ClaimLostError) throw new ApiError('idempotencyInProgress');
    if (error instanceof ApiError && error.status < 500) {
      outcome = { status: error.status, body: errorBody(error) };
    } else {
      await store.releaseIdempotencyKey(scope.entityId, scope.key);
      throw error;
    }
  }
  if (!outcome.answered) await store.completeIdempotencyKey({ entityId: scope.entityId, key: scope.key, owner: scope.holder.owner, statusCode: outcome.status, body: outcome.json ?? JSON.stringify(outcome.body) });
  return { ...outcome, replayed: false };
}

/** The API's body for an error (without the envelope fields). */
export function errorBody(error: ApiError): Record<string, unknown> {
  const result: Record<string, unknown> = { code: error.code, description: scrubText(error.description) };
  if (error.parameterErrors && error.parameterErrors.length > 0) result.parameterErrors = error.parameterErrors.map(echoed);
  return { result };
}

/**
 * A parameter error as it may be echoed: whatever the name, a card number sent where no card field
 * is (`cardNumber=`, glued into another value by `;`, a JSON body posted as a form) is masked by
 * the scrubber the logs use (docs/security-cases.md B9).
 */
function echoed(e: ParameterError): ParameterError {
  return { name: scrubText(e.name), value: scrubText(e.value), message: scrubText(e.message) };
}
