// A memo for facts worked out from a short string alone (a parameter's name, a card number's
// leading digits), which clients choose: it holds at most `limit` of them and starts afresh when
// full, so a flood of made-up keys costs what it would cost without a memo, never memory.

export function boundedMemo<V>(limit: number, compute: (key: string) => V): (key: string) => V {
  const known = new Map<string, V>();
  return (key) => {
    const hit = known.get(key);
    if (hit !== undefined || known.has(key)) return hit as V;
    const value = compute(key);
    if (known.size >= limit) known.clear();
    known.set(key, value);
    return value;
  };
}
