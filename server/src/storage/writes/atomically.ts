// A transaction that commits only when its guard held: `work` answers false when a guarded
// statement changed nothing, and everything it wrote is rolled back.

import type { Store, StoreTransaction } from '../store.js';

/** Thrown inside the transaction to roll it back; never leaves atomically(). */
class GuardFailed extends Error {}

export async function atomically(store: Pick<Store, 'transaction'>, work: (tx: StoreTransaction) => Promise<boolean>): Promise<boolean> {
  try {
    return await store.transaction(async (tx) => {
      if (!(await work(tx))) throw new GuardFailed();
      return true;
    });
  } catch (error) {
    if (error instanceof GuardFailed) return false;
    throw error;
  }
}
