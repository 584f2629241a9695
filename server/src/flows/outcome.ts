// What a flow (a payment, a follow-up, a checkout, a registration, a report) returns, and the
// idempotency claim it runs under: plain values, free of HTTP, so the API routes, the jobs runner
// and later the schedule runner call the same flows. An outcome becomes a status code in one place
// (outcome-status.ts, beside this file because a schedule's charge stores it with its claim's answer)
// and a response only in http/.

import { hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { EpochMs } from '../domain/records.js';
import type { ClaimAnswer } from '../storage/store.js';

/**
 * How a flow ended, as the API tells it: `ok` (done, or pending on the shopper), `refused` (a
 * decline, a follow-up the lifecycle table refuses: the answer names the result code).
 */
export type OutcomeKind = 'ok' | 'refused';

/** An answer as data: a JSON body (the API's answer), a CSV document, or a stream of bytes. */
export type OutcomeContent =
  | { type: 'json' }
  | { type: 'csv'; text: string; filename?: string }
  | { type: 'stream'; contentType: string; stream: Readable; filename?: string };

export interface Outcome {
  kind: OutcomeKind;
  /** The API's answer: also the payload of the record's events. */
  body: Record<string, unknown>;
  /** `body` serialized, where the flow has it already (a payment stores it): never serialized twice. */
  json?: string;
  /** Another form than JSON (reports); `body` then holds what the API would say in JSON. */
  content?: OutcomeContent;
  /** The flow wrote its claim's answer with its effect (ClaimAnswer); nothing is left to store. */
  answered?: boolean;
}

/**
 * The idempotency claim a request runs under, handed to the flow so that it writes the claim's
 * answer in the same transaction as its effect (ClaimAnswer). After a crash, a claim still in
 * progress therefore means that nothing was committed, and only the simulator can know more
 * (jobs/in-doubt.ts).
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
  /** The answer to store for an outcome, as the API will replay it. */
  answer(kind: OutcomeKind, json: string): ClaimAnswer;
}

export function claimReference(entityId: string, key: string, claimedAt: EpochMs): string {
  return hash('sha256', `${entityId}\n${claimedAt}\n${key}`, 'hex').slice(0, 32);
}

/** The claim's answer for an outcome, or undefined without a claim. */
export function claimAnswerOf(claim: Claim | undefined, kind: OutcomeKind, json: string): ClaimAnswer | undefined {
  return claim?.answer(kind, json);
}

/** An outcome whose body is a stored response: sent as stored, not serialized again. */
export function storedOutcome(kind: OutcomeKind, json: string): Outcome {
  return { kind, body: JSON.parse(json) as Record<string, unknown>, json };
}
