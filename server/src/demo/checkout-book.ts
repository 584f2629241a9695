// What the demo shop remembers of its recent checkouts (orders, subscriptions): found by their own
// id and by their checkout's, kept in memory like the rest of the demo, the oldest forgotten past
// a bound so a long-running demo does not grow.

export class CheckoutBook<T extends { id: string; checkoutId: string }> {
  readonly #byId = new Map<string, T>();
  readonly #byCheckout = new Map<string, string>();

  constructor(readonly capacity: number) {}

  add(entry: T): T {
    this.#byId.set(entry.id, entry);
    this.#byCheckout.set(entry.checkoutId, entry.id);
    if (this.#byId.size > this.capacity) {
      const oldest = this.#byId.values().next();
      if (!oldest.done) {
        this.#byId.delete(oldest.value.id);
        this.#byCheckout.delete(oldest.value.checkoutId);
      }
    }
    return entry;
  }

  byId(id: string): T | undefined {
    return this.#byId.get(id);
  }

  byCheckout(checkoutId: string): T | undefined {
    const id = this.#byCheckout.get(checkoutId);
    return id === undefined ? undefined : this.#byId.get(id);
  }
}
