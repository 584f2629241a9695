// Optional Idempotency-Key on every mutating endpoint, scoped to the entity (security principles,
// L1, L4): the first request executes; a concurrent duplicate gets 409; a later duplicate gets the
// stored status and body again; the same key with different parameters is rejected.

import type { Hmac } from 'node:crypto';
import { ApiError, type ParameterError } from '../domain/errors.js';
import type { FlatParams } from '../params/types.js';
import { scrubText } from '../config/logging.js';
import { ClaimLostError, type ClaimAnswer, type ClaimHolder, type Store } from '../storage/store.js';
import { claimReference, type Claim, type Outcome, type OutcomeContent } from '../flows/outcome.js';
import { statusOf } from '../flows/outcome-status.js';

/** What the API sends: a status and a body, from a flow's outcome or an error. */
export interface HttpAnswer {
  status: number;
  /** The API's answer as JSON text (without the envelope fields). */
  json: string;
  /** Another form than JSON (reports): sent instead of `json` when the call is not replayed. */
  content?: Exclude<OutcomeContent, { type: 'json' }>;
}

/** A flow's outcome as the API sends it. */
export function httpAnswerOf(outcome: Outcome): HttpAnswer {
  const json = outcome.json ?? JSON.stringify(outcome.body);
  const content = outcome.content;
  return content && content.type !== 'json' ? { status: statusOf(outcome.kind), json, content } : { status: statusOf(outcome.kind), json };
}

/** An error as the API sends it. */
export function httpAnswerOfError(error: ApiError): HttpAnswer {
  return { status: error.status, json: JSON.stringify(errorBody(error)) };
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
  scope: {
    entityId: string;
    key: string;
    hash: () => string;
    /** The request's digests under the card keys held other than the active one (CardVault.formerRequestDigests). */
    formerHashes?: () => string[];
    now: number;
    ttlMs: number;
    holder: ClaimHolder;
  },
  execute: (claim: Claim) => Promise<Outcome>,
): Promise<HttpAnswer & { replayed: boolean }> {
  let claim = await store.idempotency.claim(scope.entityId, scope.key, scope.hash(), scope.now, scope.now - scope.ttlMs, scope.holder);
  // A request first sent before a card key rotation was digested with the key active then: the
  // same request, retried since, is still the same (a claim on a row that exists writes nothing).
  for (const former of claim.kind === 'mismatch' ? (scope.formerHashes?.() ?? []) : []) {
    claim = await store.idempotency.claim(scope.entityId, scope.key, former, scope.now, scope.now - scope.ttlMs, scope.holder);
    if (claim.kind !== 'mismatch') break;
  }
  if (claim.kind === 'in-progress') throw new ApiError('idempotencyInProgress');
  if (claim.kind === 'mismatch') throw new ApiError('idempotencyMismatch');
  if (claim.kind === 'done') return { status: claim.statusCode, json: claim.body, replayed: true };
  const { entityId, key } = scope;
  const owner = scope.holder.owner;
  let answer: HttpAnswer;
  let answered = false;
  try {
    const outcome = await execute({
      entityId,
      key,
      owner,
      reference: claimReference(entityId, key, scope.now),
      answer: (kind, json) => ({ entityId, key, owner, claimedAt: scope.now, statusCode: statusOf(kind), body: json }),
    });
    answer = httpAnswerOf(outcome);
    answered = outcome.answered === true;
  } catch (error) {
    // Another relay resolved the claim while this request ran: nothing was committed and the key is
    // free again; the client retries.
    if (error instanceof ClaimLostError) throw new ApiError('idempotencyInProgress');
    if (error instanceof ApiError && error.status < 500) {
      answer = httpAnswerOfError(error);
    } else {
      await releaseUnfinished(store, { entityId, key, owner, createdAt: scope.now }, claimReference(entityId, key, scope.now), scope.now);
      throw error;
    }
  }
  if (!answered) await store.idempotency.complete({ entityId, key, owner, claimedAt: scope.now, statusCode: answer.status, body: answer.json });
  // Spelled out, not a spread followed by a new key: that is slow on this Node, and every such request comes here.
  return { status: answer.status, json: answer.json, content: answer.content, replayed: false };
}

/**
 * Frees the key of a request that failed before it committed, and voids what the simulator
 * authorized for it, in one transaction: the client's retry claims afresh (another reference) and
 * pays once, and no approval stays held on the card with no payment written. A claim still in
 * progress proves nothing was committed (its answer is written with the effect); one already done
 * is left alone, authorization and all.
 */
async function releaseUnfinished(store: Store, claim: { entityId: string; key: string; owner: string; createdAt: number }, reference: string, now: number): Promise<void> {
  await store.transaction(async (tx) => {
    if (await tx.idempotency.release(claim)) await tx.simulatorJournal.voidAuthorization(reference, now);
  });
}

/** The API's body for an error (without the envelope fields). */
export function errorBody(error: ApiError): Record<string, unknown> {
  const result: Record<string, unknown> = { code: error.code, description: scrubText(error.description) };
  if (error.parameterErrors && error.parameterErrors.length > 0) result.parameterErrors = error.parameterErrors.map(echoed);
  // The description is the catalogue's; what the relay adds goes where the API carries extra text.
  return error.detail === undefined ? { result } : { result, resultDetails: { ExtendedDescription: scrubText(error.detail) } };
}

/**
 * A parameter error as it may be echoed: whatever the name, a card number sent where no card field
 * is (`cardNumber=`, glued into another value by `;`, a JSON body posted as a form) is masked by
 * the scrubber the logs use (docs/security-cases.md B9).
 */
function echoed(e: ParameterError): ParameterError {
  return { name: scrubText(e.name), value: scrubText(e.value), message: scrubText(e.message) };
}
