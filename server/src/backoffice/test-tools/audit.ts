// The audit row of a test tool: who used it, on what, and what it did. Written in the flow's own
// transaction where the flow takes one (`alongside`), so a refused or lost operation leaves none.

import type { FastifyRequest } from 'fastify';
import type { AuditEntry, AuditValues } from '../../domain/users.js';
import type { BackofficeSession } from '../contract.js';
import { personAudit } from '../person-audit.js';

export function testToolAudit(session: BackofficeSession, request: FastifyRequest, at: number, action: string, target: string, change: { before?: AuditValues; after: AuditValues }): AuditEntry {
  return personAudit(session, request, at, { action: `testTools.${action}`, target, before: change.before ?? null, after: change.after });
}
