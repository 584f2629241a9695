// The frame's end of the channel. The frame starts knowing its host's key (it came in the fragment
// of the URL this frame was sent to, frame-url.ts), so it needs nobody's word for who its host is:
// every message must come from window.parent, on this frame's channel, with that key, in a known
// shape, or it is dropped, the very first one included. Before anything else the frame says
// 'ready' to its parent; the host answers with 'config', which pins the host's origin for what the
// frame sends back; a later 'config' is ignored. Where the browser tells us the parent's origin
// (location.ancestorOrigins), messages must come from it, and even 'ready' goes to it, not "*".

import { accept, isExactOrigin, sameKey, sendToHost, type Incoming } from '../protocol/channel.js';
import { isHostToFrame, TAG, type FrameToHostBody, type HostToFrame, type ReadyMsg } from '../protocol/messages.js';
import type { FrameIdentity } from '../protocol/frame-url.js';

export interface AdmitContext {
  identity: FrameIdentity;
  parent: unknown;
  /** location.ancestorOrigins[0] where the browser has it. */
  ancestorOrigin: string | undefined;
}

/**
 * Decides whether a message event is for us, given the host origin pinned so far (null before the
 * first config). Returns the message and the host origin, or null to drop it.
 */
export function admit(pinned: string | null, e: Incoming, ctx: AdmitContext): { msg: HostToFrame; origin: string } | null {
  const origin = pinned ?? ctx.ancestorOrigin ?? e.origin;
  // A pinned origin passed this check when it was pinned.
  if (pinned === null && !isExactOrigin(origin)) return null;
  const { identity } = ctx;
  const msg = accept(e, { origin, window: () => ctx.parent, channel: identity.channel }, isHostToFrame);
  if (!msg || !sameKey(msg.key, identity.key)) return null;
  const first = pinned === null;
  if (first !== (msg.type === 'config')) return null;
  if (msg.type === 'config' && msg.field !== identity.field) return null;
  return { msg, origin };
}

export class HostLink {
  /** The host's origin, once its config arrived. */
  private pinned: string | null = null;
  private readonly ctx: AdmitContext;

  constructor(
    identity: FrameIdentity,
    private readonly onMessage: (msg: HostToFrame) => void,
  ) {
    const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
    this.ctx = { identity, parent: window.parent, ancestorOrigin: ancestors?.[0] ?? undefined };
    window.addEventListener('message', (e) => {
      const got = admit(this.pinned, e, this.ctx);
      if (!got) return;
      this.pinned = got.origin;
      this.onMessage(got.msg);
    });
  }

  /** Announces the frame; the only message that may go out before the host origin is known. */
  announce(): void {
    const ready: ReadyMsg = { tag: TAG, channel: this.ctx.identity.channel, type: 'ready', field: this.ctx.identity.field };
    window.parent.postMessage(ready, this.ctx.ancestorOrigin ?? '*');
  }

  send(body: FrameToHostBody): void {
    if (this.pinned) sendToHost(window.parent, this.pinned, this.ctx.identity.channel, body);
  }
}
