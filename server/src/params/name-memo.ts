// What the relay works out from a parameter's name alone (its tokens, its catalogue row, the rules
// it touches) is the same for every request that sends that name, and merchants send the same
// few dozen names each time: it is worked out once and kept. Clients choose names, though, so the
// memo holds at most `limit` of them and starts afresh when full: a flood of made-up names costs
// what it would cost without a memo, never memory.

export function nameMemo<V>(limit: number, compute: (name: string) => V): (name: string) => V {
  const known = new Map<string, V>();
  return (name) => {
    const hit = known.get(name);
    if (hit !== undefined || known.has(name)) return hit as V;
    const value = compute(name);
    if (known.size >= limit) known.clear();
    known.set(name, value);
    return value;
  };
}

/**
 * Twice the most parameters one body may carry (config.maxParameters, 4000): a full cart of 1000
 * items never pushes its own names out. A few hundred bytes a name, a few megabytes at most.
 */
export const NAME_MEMO_LIMIT = 8_192;
