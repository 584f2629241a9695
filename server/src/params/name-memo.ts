// What the relay works out from a parameter's name alone (its tokens, its catalogue row, the rules
// it touches) is the same for every request that sends that name, and merchants send the same
// few dozen names each time: it is worked out once and kept, in a bounded memo.

import { boundedMemo } from '../domain/bounded-memo.js';

/**
 * Twice the most parameters one body may carry (config.maxParameters, 4000): a full cart of 1000
 * items never pushes its own names out. A few hundred bytes a name, a few megabytes at most.
 */
export const NAME_MEMO_LIMIT = 8_192;

/** `compute` per parameter name, remembered for up to NAME_MEMO_LIMIT names. */
export function nameMemo<V>(compute: (name: string) => V): (name: string) => V {
  return boundedMemo(NAME_MEMO_LIMIT, compute);
}
