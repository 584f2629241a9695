// The audit row of a test tool: who used it, on what, and what it did. Written in the flow's own
// transaction where the flow takes one (`alongside`), so a refused or lost operation leaves none.

import type { FastifyRequest } from 'fastify';
import { randomHex } from '../../crypto/tokens.js';
import type { AuditEntry, AuditValues } from '../../domain/users.js';
import type { BackofficeSession } from '../contract.js';

/** An entry of 16 random bytes, as every audit row's id. */
const AUDIT_ID_BYTES = 16;

export function testToolAudit(session: BackofficeSession, request: FastifyRequest, at: number, action: string, target: string, change: { before?: AuditValues; after: AuditValues }): AuditEntry {
  return {
    id: randomHex(AUDIT_ID_BYTES),
    merchantId: session.merchantId,
    userId: session.userId,
    at,
    address: request.ip,
    action: `testTools.${action}`,
    target,
    before: change.before ?? null,
    after: change.after,
  };
}
