// An audit entry as the back office shows and exports it: with the e-mail address of the person who
// acted, its values scrubbed of anything shaped like card data. Nothing the relay audits holds card
// data (the writes audit names, roles, amounts, whether a secret is set); the scrub is the second
// line, so that even a value written wrongly one day never leaves as a card number or a CVV.

import { scrubValue } from '../config/logging.js';
import type { AuditEntry, AuditValues } from '../domain/users.js';
import { CSV_LINE_END, CSV_SEPARATOR, csvCell } from '../reports/csv-cell.js';

export interface AuditEntryView {
  id: string;
  at: number;
  userId: string | null;
  /** The acting person's address; null for the relay itself or its command line. */
  userEmail: string | null;
  address: string | null;
  action: string;
  target: string | null;
  before: AuditValues | null;
  after: AuditValues | null;
}

function scrubbed(values: AuditValues | null): AuditValues | null {
  return values === null ? null : (scrubValue(values) as AuditValues);
}

export function auditEntryView(e: AuditEntry, emails: ReadonlyMap<string, string>): AuditEntryView {
  return {
    id: e.id,
    at: e.at,
    userId: e.userId,
    userEmail: e.userId === null ? null : (emails.get(e.userId) ?? null),
    address: e.address,
    action: e.action,
    target: e.target,
    before: scrubbed(e.before),
    after: scrubbed(e.after),
  };
}

export const AUDIT_CSV_HEADER = ['time', 'userEmail', 'userId', 'address', 'action', 'target', 'before', 'after'].join(CSV_SEPARATOR) + CSV_LINE_END;

/** One line of the audit export; the time in ISO 8601 UTC, the values as JSON. */
export function auditCsvLine(v: AuditEntryView): string {
  const json = (values: AuditValues | null) => (values === null ? null : JSON.stringify(values));
  return [new Date(v.at).toISOString(), v.userEmail, v.userId, v.address, v.action, v.target, json(v.before), json(v.after)].map(csvCell).join(CSV_SEPARATOR) + CSV_LINE_END;
}
