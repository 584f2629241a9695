// A settlement aggregation: the aggregation, its reconciliation records and the settlement marks
// of its payments, in one transaction. False, with nothing written, when the day is settled
// already (by this run before, or another relay) or a payment was settled meanwhile.

import type { Aggregation, ReconciliationRecord } from '../repositories/index.js';
import type { Store } from '../store.js';

/** A payment of the aggregation was settled by another aggregation meanwhile: roll back. */
class SettledMeanwhile extends Error {}

export async function writeAggregation(store: Store, aggregation: Aggregation, records: readonly ReconciliationRecord[], paymentIds: readonly string[]): Promise<boolean> {
  const exists = () => store.settlement.aggregationExists(aggregation.entity_id, aggregation.day, aggregation.currency);
  if (await exists()) return false;
  try {
    return await store.transaction(async (tx) => {
      await tx.settlement.insertAggregation(aggregation, records);
      if ((await tx.payments.markSettled(aggregation, paymentIds)) !== paymentIds.length) throw new SettledMeanwhile();
      return true;
    });
  } catch (error) {
    // Another relay's run of the same day committed first: its aggregation is the day's.
    if (error instanceof SettledMeanwhile || (await exists())) return false;
    throw error;
  }
}
