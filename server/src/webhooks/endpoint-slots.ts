// How many deliveries each endpoint may have in flight from this relay. Deliveries to one endpoint
// go out concurrently, at most `limit` at a time; as many more may wait their turn here (in the
// order they came). Beyond that an endpoint has no room: the runner stops claiming its deliveries
// (busyGroups) and one claimed anyway is put back for a moment. A receiver that hangs until the
// timeout therefore holds at most twice its limit of the runner's slots, and every other
// merchant's deliveries use the rest.

export class EndpointSlots {
  readonly #limit: number;
  readonly #taken = new Map<string, number>();
  readonly #waiting = new Map<string, (() => void)[]>();

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('an endpoint needs at least one delivery slot');
    this.#limit = limit;
  }

  /**
   * A slot of `endpointId`: at once, or once one frees (a waiting place), or null when even the
   * waiting places are taken.
   */
  take(endpointId: string): Promise<void> | null {
    const taken = this.#taken.get(endpointId) ?? 0;
    if (taken < this.#limit) {
      this.#taken.set(endpointId, taken + 1);
      return Promise.resolve();
    }
    const queue = this.#waiting.get(endpointId) ?? [];
    if (queue.length >= this.#limit) return null;
    this.#waiting.set(endpointId, queue);
    return new Promise<void>((resolve) => queue.push(resolve));
  }

  /** Frees a slot: the first waiter gets it, or it is free. */
  give(endpointId: string): void {
    const queue = this.#waiting.get(endpointId);
    const next = queue?.shift();
    if (queue && queue.length === 0) this.#waiting.delete(endpointId);
    if (next) return next();
    const taken = (this.#taken.get(endpointId) ?? 0) - 1;
    if (taken <= 0) this.#taken.delete(endpointId);
    else this.#taken.set(endpointId, taken);
  }

  /** The endpoints with no room, sending or waiting: their deliveries are not claimed for now. */
  saturated(): string[] {
    const full: string[] = [];
    for (const [id, queue] of this.#waiting) if (queue.length >= this.#limit) full.push(id);
    return full;
  }

  inFlight(endpointId: string): number {
    return this.#taken.get(endpointId) ?? 0;
  }
}
