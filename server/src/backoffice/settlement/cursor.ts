// A list's cursor as the API hands it out: opaque to the pages (base64url of the last row's time
// and id), read back strictly, so a forged or mangled one is a 400 and never reaches a query as
// anything but a time and an id (as the audit list's, audit-cursor.ts).

import { couldBeId } from '../../domain/ids.js';
import { invalidParameter } from '../body.js';

export interface TimeCursor {
  at: number;
  id: string;
}

export function encodeTimeCursor(cursor: TimeCursor): string {
  return Buffer.from(`${cursor.at}.${cursor.id}`, 'utf8').toString('base64url');
}

export function decodeTimeCursor(text: string, name: string): TimeCursor {
  const plain = /^[A-Za-z0-9_-]{1,100}$/.test(text) ? Buffer.from(text, 'base64url').toString('utf8') : '';
  const dot = plain.indexOf('.');
  const at = plain.slice(0, dot);
  const id = plain.slice(dot + 1);
  if (dot < 1 || !/^\d{1,15}$/.test(at) || !couldBeId(id)) throw invalidParameter(name, "must be a previous answer's next");
  return { at: Number(at), id };
}
