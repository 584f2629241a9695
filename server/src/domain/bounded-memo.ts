// A memo for facts worked out from a short string alone (a parameter's name, a card number's
// leading digits), which clients choose: it holds at most `limit` of them and starts afresh when
// full, so a flood of made-up keys costs what it would cost without a memo, never memory.

export function boundedMemo<V>(limit: number, compute: (key: string) => V): (key: string) => V {
  const known = new Map<string, V>();
  return (key) => {
    const hit = known.get(key);
    if (hit !== undefined || known.has(key)) return hit as V;
    // A key is often cut from a request's body: kept as it is, it would keep the body alive.
    const kept = standalone(key);
    const value = compute(kept);
    if (known.size >= limit) known.clear();
    known.set(kept, value);
    return value;
  };
}

/**
 * A copy of `text` that does not hold on to the string it was cut from: V8 keeps a slice of a
 * long string as a view of that string, so a name kept from a body would keep the whole body.
 */
export function standalone(text: string): string {
  return ` ${text}`.slice(1);
}

/**
 * `compute` of the key asked last, kept until another key is asked: for a fact of a time that
 * callers ask for again and again before it changes (the text of the current second). One slot,
 * so it never grows; reset() forgets it.
 */
export class LastKeyMemo<V> {
  #key = Number.NaN;
  #value: V | undefined;

  constructor(private readonly compute: (key: number) => V) {}

  get(key: number): V {
    if (key !== this.#key) {
      this.#value = this.compute(key);
      this.#key = key;
    }
    return this.#value as V;
  }

  reset(): void {
    this.#key = Number.NaN;
    this.#value = undefined;
  }
}
