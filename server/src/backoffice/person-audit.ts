// The audit row of something a signed-in person did: who (the session's person and merchant),
// from where (the request's address), when, what, to what, and the values before and after. One
// builder, so every route's row has the same shape and a fresh 16-byte id.

import type { FastifyRequest } from 'fastify';
import { randomHex } from '../crypto/tokens.js';
import type { AuditEntry, AuditValues } from '../domain/users.js';
import type { BackofficeSession } from './contract.js';

const AUDIT_ID_BYTES = 16;

export interface AuditChange {
  action: string;
  target: string | null;
  before?: AuditValues | null;
  after?: AuditValues | null;
}

export function personAudit(session: Pick<BackofficeSession, 'merchantId' | 'userId'>, request: Pick<FastifyRequest, 'ip'>, at: number, change: AuditChange): AuditEntry {
  return {
    id: randomHex(AUDIT_ID_BYTES),
    merchantId: session.merchantId,
    userId: session.userId,
    at,
    address: request.ip,
    action: change.action,
    target: change.target,
    before: change.before ?? null,
    after: change.after ?? null,
  };
}
