// The frame's end of the channel. Before anything else the frame says 'ready' to its parent; the
// host answers with 'config', and that first accepted config pins the host origin and the host's
// key: from then on every message must come from window.parent, from exactly that origin, on this
// frame's channel, with that key, and pass the shape guard. A later 'config' is ignored (a script
// on the page cannot re-point the frame). Where the browser tells us the parent's origin
// (location.ancestorOrigins), the config must come from it, and even 'ready' goes to it, not "*".

import { accept, isExactOrigin, sendToHost, type Incoming } from '../protocol/channel.js';
import { isHostToFrame, TAG, type FrameToHostBody, type HostToFrame, type ReadyMsg } from '../protocol/messages.js';
import type { FrameIdentity } from '../protocol/frame-url.js';

export interface AdmitContext {
  identity: FrameIdentity;
  parent: unknown;
  /** location.ancestorOrigins[0] where the browser has it. */
  ancestorOrigin: string | undefined;
}

/** What the first accepted config pinned. */
export interface Pinned {
  origin: string;
  key: string;
}

/**
 * Decides whether a message event is for us. Returns the message and what is (now) pinned, or
 * null to drop it.
 */
export function admit(pinned: Pinned | null, e: Incoming, ctx: AdmitContext): { msg: HostToFrame; pinned: Pinned } | null {
  if (pinned === null) {
    if (!isExactOrigin(e.origin)) return null;
    if (ctx.ancestorOrigin && ctx.ancestorOrigin !== e.origin) return null;
    const msg = accept(e, { origin: e.origin, window: ctx.parent, channel: ctx.identity.channel }, isHostToFrame);
    if (!msg || msg.type !== 'config' || msg.field !== ctx.identity.field) return null;
    return { msg, pinned: { origin: e.origin, key: msg.key } };
  }
  const msg = accept(e, { origin: pinned.origin, window: ctx.parent, channel: ctx.identity.channel }, isHostToFrame);
  if (!msg || msg.type === 'config' || msg.key !== pinned.key) return null;
  return { msg, pinned };
}

export class HostLink {
  private pinned: Pinned | null = null;
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
      this.pinned = got.pinned;
      this.onMessage(got.msg);
    });
  }

  /** Announces the frame; the only message that may go out before the host origin is known. */
  announce(): void {
    const ready: ReadyMsg = { tag: TAG, channel: this.ctx.identity.channel, type: 'ready', field: this.ctx.identity.field };
    window.parent.postMessage(ready, this.ctx.ancestorOrigin ?? '*');
  }

  send(body: FrameToHostBody): void {
    if (this.pinned) sendToHost(window.parent, this.pinned.origin, this.ctx.identity.channel, body);
  }
}
