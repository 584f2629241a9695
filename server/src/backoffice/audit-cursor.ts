// The audit list's cursor as the API hands it out: opaque to the pages (base64url of the last
// entry's time and id), read back strictly, so a forged or mangled one is a 400 and never reaches
// the query as anything but a time and an id.

import type { AuditCursor } from '../storage/repositories/audit.js';
import { invalidParameter } from './body.js';

const ID = /^[0-9a-f]{32}$/;

export function encodeAuditCursor(cursor: AuditCursor): string {
  return Buffer.from(`${cursor.at}.${cursor.id}`, 'utf8').toString('base64url');
}

export function decodeAuditCursor(text: string, name = 'after'): AuditCursor {
  const plain = /^[A-Za-z0-9_-]{1,100}$/.test(text) ? Buffer.from(text, 'base64url').toString('utf8') : '';
  const dot = plain.indexOf('.');
  const at = plain.slice(0, dot);
  const id = plain.slice(dot + 1);
  if (dot < 1 || !/^\d{1,15}$/.test(at) || !ID.test(id)) throw invalidParameter(name, "must be a previous answer's next");
  return { at: Number(at), id };
}
