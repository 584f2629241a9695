// A new checkout with its idempotency claim's answer, in one group-commit batch.

import type { CheckoutRecord } from '../../domain/records.js';
import type { ClaimAnswer } from '../repositories/index.js';
import type { Store } from '../store.js';
import { outboxStatements } from './outbox.js';

export function writeCheckout(store: Store, c: CheckoutRecord, answer?: ClaimAnswer): Promise<void> {
  return store.writeTogether([store.checkouts.insertStatement(c), ...outboxStatements(store, answer, undefined)]);
}
