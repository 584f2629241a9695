// Where a card frame lives and how it learns who it is: checkout id in the path, field in the
// query (so the relay can title the page), channel id in the hash, field name in window.name
// (the iframe's name attribute, card.number / card.cvv, is part of the widget's DOM contract).
// The frame refuses to start unless all of them agree.

import { FIELD_NAMES, isChannelId, isField, type Field } from './messages.js';

/** URL of a card frame page on the relay. `base` is the relay base URL (origin + optional prefix). */
export function frameUrl(base: string, checkoutId: string, field: Field, channel: string): string {
  return `${base}/v1/checkouts/${encodeURIComponent(checkoutId)}/frame?field=${field}#${channel}`;
}

export interface FrameIdentity {
  checkoutId: string;
  field: Field;
  channel: string;
}

/** Reads the frame's identity from its own location and window.name; null if anything is off. */
export function frameIdentity(loc: { pathname: string; search: string; hash: string }, windowName: string): FrameIdentity | null {
  const path = /\/v1\/checkouts\/([^/]+)\/frame$/.exec(loc.pathname);
  if (!path?.[1]) return null;
  let checkoutId: string;
  try {
    checkoutId = decodeURIComponent(path[1]);
  } catch {
    return null;
  }
  const field = new URLSearchParams(loc.search).get('field');
  const channel = loc.hash.replace(/^#/, '');
  if (!isField(field) || !isChannelId(channel)) return null;
  if (windowName !== FIELD_NAMES[field]) return null;
  return { checkoutId, field, channel };
}
