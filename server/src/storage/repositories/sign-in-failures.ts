// Failed sign-ins per key (domain/sign-in-throttle.ts). A failure is recorded by compare-and-set on
// the row the caller read (its failures, window and lockouts), retried when another relay changed
// it in between, so concurrent failures on several relays are all counted.

import type { Selectable } from 'kysely';
import type { EpochMs } from '../../domain/records.js';
import type { SignInFailureRecord } from '../../domain/sign-in-throttle.js';
import type { SignInFailuresTable } from '../schema.js';
import type { Scope } from './scope.js';

export interface SignInFailuresRepository {
  find(key: string): Promise<SignInFailureRecord | undefined>;
  /**
   * Replaces the row `read` (undefined: no row yet) with `next`; false when it changed meanwhile
   * (read it again and recompute).
   */
  replace(read: SignInFailureRecord | undefined, next: SignInFailureRecord): Promise<boolean>;
  /** Forgets the key's failures and lockouts (a successful sign-in of that account). */
  clear(key: string): Promise<void>;
  /** Removes rows whose window began before `before` and that are not locked past it (housekeeping); answers how many. */
  deleteIdle(before: EpochMs): Promise<number>;
}

function fromRow(r: Selectable<SignInFailuresTable>): SignInFailureRecord {
  return {
    key: r.key,
    failures: Number(r.failures),
    windowStartedAt: Number(r.window_started_at),
    lockedUntil: r.locked_until === null ? null : Number(r.locked_until),
    lockouts: Number(r.lockouts),
  };
}

export class KyselySignInFailures implements SignInFailuresRepository {
  readonly #s: Scope;

  constructor(scope: Scope) {
    this.#s = scope;
  }

  async find(key: string): Promise<SignInFailureRecord | undefined> {
    const row = await this.#s.db.selectFrom('sign_in_failures').selectAll().where('key', '=', key).executeTakeFirst();
    return row && fromRow(row);
  }

  async replace(read: SignInFailureRecord | undefined, next: SignInFailureRecord): Promise<boolean> {
    const values = { failures: next.failures, window_started_at: next.windowStartedAt, locked_until: next.lockedUntil, lockouts: next.lockouts };
    const statement = read
      ? this.#s.db
          .updateTable('sign_in_failures')
          .set(values)
          .where('key', '=', next.key)
          .where('failures', '=', read.failures)
          .where('window_started_at', '=', read.windowStartedAt)
          .where('lockouts', '=', read.lockouts)
          .compile()
      : this.#s.db
          .insertInto('sign_in_failures')
          .values({ key: next.key, ...values })
          .onConflict((oc) => oc.column('key').doNothing())
          .compile();
    const [changed] = await this.#s.write([statement]);
    return changed === 1;
  }

  async clear(key: string): Promise<void> {
    await this.#s.write([this.#s.db.deleteFrom('sign_in_failures').where('key', '=', key).compile()]);
  }

  async deleteIdle(before: EpochMs): Promise<number> {
    const result = await this.#s.db
      .deleteFrom('sign_in_failures')
      .where('window_started_at', '<', before)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', before)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
