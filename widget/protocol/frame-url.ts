// Where a card frame lives and how it learns who it is: checkout id in the path, field in the
// query (so the relay can title the page), the channel id and the host's key in the fragment, field
// name in window.name (the iframe's name attribute, card.number / card.cvv, is part of the widget's
// DOM contract). The frame refuses to start unless all of them agree.
// The fragment never reaches a server, and it is never written into the merchant page's DOM: the
// iframe is created without a src and sent to this URL by its creator (loader/launch.ts), so the
// key travels only inside that navigation. The frame reads it once and takes it out of its URL.

import { FIELD_NAMES, isChannelId, isField, type Field } from './messages.js';

/** What a card form's frames share with their host (channel.ts makes both). */
export interface ChannelKeys {
  /** Tells this form's messages from other forms' on the page; not secret. */
  channel: string;
  /** The host's key: only the host script and its frames know it (messages.ts, HostEnvelope). */
  key: string;
}

/** URL of a card frame page on the relay. `base` is the relay base URL (origin + optional prefix). */
export function frameUrl(base: string, checkoutId: string, field: Field, keys: ChannelKeys): string {
  return `${base}/v1/checkouts/${encodeURIComponent(checkoutId)}/frame?field=${field}#${keys.channel}.${keys.key}`;
}

export interface FrameIdentity extends ChannelKeys {
  checkoutId: string;
  field: Field;
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
  const [channel, key, ...rest] = loc.hash.replace(/^#/, '').split('.');
  if (!isField(field) || !isChannelId(channel) || !isChannelId(key) || rest.length) return null;
  if (windowName !== FIELD_NAMES[field]) return null;
  return { checkoutId, field, channel, key };
}
