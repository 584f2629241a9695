// Final payment results by checkout id. The relay allows two status reads a minute per checkout,
// so a shopper who reloads the result page would soon see "throttled"; a final result never
// changes, so it is kept here and shown again without asking the relay.

import type { PaymentStatus } from './relay-client.js';

/** Results kept at most; the oldest is dropped first. */
export const RESULT_CACHE_ENTRIES = 500;

export class ResultCache {
  private readonly entries = new Map<string, PaymentStatus>();

  constructor(private readonly capacity = RESULT_CACHE_ENTRIES) {}

  get(id: string): PaymentStatus | undefined {
    return this.entries.get(id);
  }

  set(id: string, status: PaymentStatus): void {
    this.entries.delete(id);
    this.entries.set(id, status);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}
