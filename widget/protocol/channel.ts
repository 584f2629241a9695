// The channel rules shared by both sides (architecture "widget boundary", step 3):
// - one random channel id and one random host key per widget form, both in the fragment of the
//   URL the frames are sent to (never reaches a server log; never in the page's DOM: frame-url.ts);
// - every send names the exact peer origin as targetOrigin, never "*" (the one exception is the
//   frame's first 'ready', which carries nothing but its field name: see frame/link.ts);
// - every receive checks origin, source window, channel id and shape, and drops what fails;
// - host messages carry the host's key, which the frame knows before any message arrives, so a
//   message without it is dropped, the first one included (messages.ts, HostEnvelope).
// After braintree-web hosted-fields (compose-url / get-frame-name), without framebus's "*".

import type { ChannelKeys } from './frame-url.js';
import {
  TAG,
  type FrameToHost,
  type FrameToHostBody,
  type HostToFrame,
  type HostToFrameBody,
} from './messages.js';

/** 128 bits from the CSPRNG as 32 hex characters. */
export function newChannelId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** A fresh channel id and host key for one card form's frames. */
export function newChannelKeys(): ChannelKeys {
  return { channel: newChannelId(), key: newChannelId() };
}

/** Compares a received key with ours without stopping at the first difference. */
export function sameKey(got: string, ours: string): boolean {
  if (got.length !== ours.length) return false;
  let diff = 0;
  for (let i = 0; i < ours.length; i++) diff |= got.charCodeAt(i) ^ ours.charCodeAt(i);
  return diff === 0;
}

/** The parts of a MessageEvent the checks read (a real MessageEvent fits). */
export interface Incoming {
  origin: string;
  source: unknown;
  data: unknown;
}

/** Who a message must come from to be accepted. */
export interface Peer {
  /** Exact origin, e.g. "https://relay.example" (never "*" or "null"). */
  origin: string;
  /**
   * The peer's window, compared by identity with event.source. Asked for last, once the message
   * passed every other check: reading an iframe's contentWindow while its document is still the
   * initial about:blank makes the browser build a script context for it (10-30 ms).
   */
  window: () => unknown;
  channel: string;
}

/** A usable, exact targetOrigin: scheme://host[:port], nothing else. */
export function isExactOrigin(origin: string): boolean {
  if (origin === 'null' || origin === '*') return false;
  try {
    return new URL(origin).origin === origin;
  } catch {
    return false;
  }
}

/** Returns the message if origin, source, channel and shape all match the peer; else null. */
export function accept<T extends { channel: string }>(
  event: Incoming,
  peer: Peer,
  guard: (x: unknown) => x is T,
): T | null {
  if (event.origin === 'null' || event.origin !== peer.origin) return null;
  const data = event.data;
  if (!guard(data) || data.channel !== peer.channel) return null;
  const window = peer.window();
  if (window == null || event.source !== window) return null;
  return data;
}

/** Something with postMessage(message, targetOrigin), i.e. a Window (or a test double). */
export interface PostTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

function send(target: PostTarget | null | undefined, origin: string, message: unknown): boolean {
  if (!target || !isExactOrigin(origin)) return false;
  target.postMessage(message, origin);
  return true;
}

/** Host -> frame, always to the relay origin the loader was served from, with the host's key. */
export function sendToFrame(
  target: PostTarget | null | undefined,
  origin: string,
  channel: string,
  key: string,
  body: HostToFrameBody,
): boolean {
  return send(target, origin, { ...body, tag: TAG, channel, key } as HostToFrame);
}

/** Frame -> host, to the host origin pinned by the first accepted (keyed) 'config'. */
export function sendToHost(target: PostTarget | null | undefined, origin: string, channel: string, body: FrameToHostBody): boolean {
  return send(target, origin, { ...body, tag: TAG, channel } as FrameToHost);
}
