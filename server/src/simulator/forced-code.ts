// Forced declines (widget-surface §9): a merchant puts the decline result code it wants to test in
// the holder field. Only rejection codes can be forced: a success or pending code typed there is
// just a name, so no holder can make the simulator approve a card it would otherwise decline.

import { isRejection } from '../../../spec/result-codes.js';

/** The rejection code a holder field asks for, or undefined when it asks for none. */
export function forcedCode(holder: string | undefined): string | undefined {
  if (holder === undefined) return undefined;
  const code = holder.trim();
  return isRejection(code) ? code : undefined;
}
