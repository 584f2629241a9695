// How many deliveries each endpoint may have in flight from this relay. Deliveries to one endpoint
// go out concurrently, but never more than the limit: a receiver that hangs until the timeout then
// holds that many of the runner's slots, and every other merchant's deliveries use the rest.

export class EndpointSlots {
  readonly #limit: number;
  readonly #taken = new Map<string, number>();

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('an endpoint needs at least one delivery slot');
    this.#limit = limit;
  }

  /** Takes a slot of `endpointId`; false when all of its slots are taken. */
  tryTake(endpointId: string): boolean {
    const taken = this.#taken.get(endpointId) ?? 0;
    if (taken >= this.#limit) return false;
    this.#taken.set(endpointId, taken + 1);
    return true;
  }

  give(endpointId: string): void {
    const taken = (this.#taken.get(endpointId) ?? 0) - 1;
    if (taken <= 0) this.#taken.delete(endpointId);
    else this.#taken.set(endpointId, taken);
  }

  inFlight(endpointId: string): number {
    return this.#taken.get(endpointId) ?? 0;
  }
}
