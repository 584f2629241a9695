// What every invariant of the audit answers, and what it is given. The audit reads the database
// (plain pg queries, values bound) and what the receivers recorded, never the relays' counters.

import type pg from 'pg';
import type { FaultRecord } from '../faults.js';
import type { RssSample } from '../memory.js';
import type { Receiver } from '../receivers.js';
import type { Sample } from '../traffic/client.js';
import type { Ledger } from '../traffic/ledger.js';

export interface Verdict {
  invariant: string;
  ok: boolean;
  /** How many things were checked (payments, keys, deliveries…): a verdict over nothing says so. */
  checked: number;
  /** At most MAX_FINDINGS, each precise enough to look up. */
  findings: string[];
  note?: string;
}

export interface AuditInput {
  db: pg.Client;
  ledger: Ledger;
  samples: readonly Sample[];
  faults: readonly FaultRecord[];
  receivers: readonly Receiver[];
  rss: readonly RssSample[];
  relayIds: readonly string[];
  /** Every key the run sent begins with it (and so does every merchantTransactionId). */
  keyPrefix: string;
  runStart: number;
  loadEnd: number;
  auditAt: number;
}

export const MAX_FINDINGS = 20;

export function verdict(invariant: string, checked: number, findings: string[], note?: string): Verdict {
  return { invariant, ok: findings.length === 0, checked, findings: findings.slice(0, MAX_FINDINGS), ...(note ? { note } : {}) };
}
