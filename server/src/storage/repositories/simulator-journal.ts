// The simulator's journal (simulator/journal.ts): its record of the authorizations it answered,
// read and voided when the relay resolves a request left in doubt by a crash.

import type { EpochMs } from '../../domain/records.js';
import { simulatorAuthorizationToRow } from '../rows.js';
import { findAuthorization, voidAuthorization } from '../simulator-journal.js';
import type { Scope } from './scope.js';

/** The simulator's record of one authorization it answered under a connector reference. */
export interface SimulatorAuthorization {
  /** The relay's reference for the request (see simulator/journal.ts). */
  reference: string;
  entityId: string;
  paymentId: string;
  paymentType: string;
  amount: number;
  currency: string;
  resultCode: string;
  state: 'approved' | 'declined' | 'challenge' | 'voided';
  createdAt: EpochMs;
  voidedAt: EpochMs | null;
}

export interface SimulatorJournalRepository {
  recordAuthorization(a: SimulatorAuthorization): Promise<void>;
  findAuthorization(reference: string): Promise<SimulatorAuthorization | undefined>;
  /** Voids an approved or pending authorization; false when there is none to void. */
  voidAuthorization(reference: string, now: EpochMs): Promise<boolean>;
}

export class KyselySimulatorJournal implements SimulatorJournalRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  async recordAuthorization(a: SimulatorAuthorization): Promise<void> {
    await this.#s.write([this.#s.prepared.simulatorAuthorizations.compile(simulatorAuthorizationToRow(a))]);
  }

  findAuthorization(reference: string): Promise<SimulatorAuthorization | undefined> {
    return findAuthorization(this.#s.db, reference);
  }

  voidAuthorization(reference: string, now: EpochMs): Promise<boolean> {
    return voidAuthorization(this.#s.db, reference, now);
  }
}
