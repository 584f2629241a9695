// What the loader starts and hands to the main script, so that nothing the form needs waits for
// the main script to arrive:
// - the request for the widget configuration (GET <relay>/v1/checkouts/<id>/widget);
// - the two card iframes, where the browser can move an element without reloading it
//   (Element.moveBefore). They need nothing from the checkout or the options, and they are the
//   slow part (a page and a script on the relay's origin, in a renderer process of their own).
//   The loader makes their channel id and host key and sends them to their page (launch.ts). Until
//   the main script moves them into the card form they are parked in <head>, never rendered, and
//   the loader keeps the messages that come from the relay's origin meanwhile (their 'ready'), for
//   the main script to check and handle as if it had received them itself.
// It rides on the main script's own <script> element, which the main script reads as
// document.currentScript, and which any script on the page can find as well. So the element
// carries only a claim: a frozen object, in a property that cannot be replaced, that gives the
// hand-over (the key with it) once, and only to code running while that element is the current
// script, i.e. the main script's own first statements. Anyone else gets nothing. Should the main
// script find the claim gone or unusable, it drops the loader's iframes (discard) and makes frames
// of its own with a fresh key: a page that interferes gets a slower form, never frames whose key
// it knows. A main script inserted any other way does all of it itself.

import { newChannelKeys } from '../protocol/channel.js';
import { frameUrl, type ChannelKeys } from '../protocol/frame-url.js';
import { isChannelId, type Field } from '../protocol/messages.js';
import { cardIframe, launch } from './launch.js';

declare global {
  interface Element {
    /** DOM's state-preserving move (Chromium 133+): an iframe moved with it does not reload. */
    moveBefore?(node: Node, child: Node | null): void;
  }
}

/** Property of the main script's <script> element that holds the claim. */
export const HANDOFF = 'wpwlHandoff';

/** Messages kept for the main script at most; the card frames send one each before it runs. */
const KEPT_MESSAGES = 16;

export interface EarlyFrames {
  keys: ChannelKeys;
  /** The frames every card form has (the expiry and holder frames come later, from the main script). */
  frames: Record<Extract<Field, 'cardNumber' | 'cvv'>, HTMLIFrameElement>;
  /** Stops keeping messages and returns those kept so far. */
  take(): MessageEvent[];
}

export interface Handoff {
  request: Promise<Response> | null;
  frames: EarlyFrames | null;
}

/** What the page can see on the element. */
interface Claim {
  /** The hand-over, the first time it is called from the main script's top level; else null. */
  claim(): Handoff | null;
  /** Removes the loader's iframes unless the hand-over was claimed. */
  discard(): void;
}

export function requestCheckout(base: string, checkoutId: string, signal?: AbortSignal): Promise<Response> {
  return fetch(`${base}/v1/checkouts/${encodeURIComponent(checkoutId)}/widget`, {
    mode: 'cors',
    credentials: 'omit',
    cache: 'no-store',
    headers: { Accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
}

/** The card iframes, parked; null where the main script could not move them without a reload. */
export function startFrames(base: string, origin: string, checkoutId: string): EarlyFrames | null {
  if (typeof Element.prototype.moveBefore !== 'function') return null;
  const keys = newChannelKeys();
  const park = document.head ?? document.documentElement;
  const make = (field: Field) => {
    const iframe = cardIframe(field);
    iframe.style.display = 'none';
    park.appendChild(iframe);
    launch(iframe, frameUrl(base, checkoutId, field, keys));
    return iframe;
  };
  const frames = { cardNumber: make('cardNumber'), cvv: make('cvv') };
  const kept: MessageEvent[] = [];
  const keep = (e: MessageEvent) => {
    if (e.origin === origin && kept.length < KEPT_MESSAGES) kept.push(e);
  };
  window.addEventListener('message', keep);
  return {
    keys,
    frames,
    take: () => {
      window.removeEventListener('message', keep);
      return kept.splice(0);
    },
  };
}

/** Hands over on the main script's element (before it is inserted); a failed request is the main script's to report. */
export function handOver(script: HTMLScriptElement, handoff: Handoff): void {
  // Marks the rejection handled: should the main script never run, the page logs nothing.
  handoff.request?.catch(() => undefined);
  let open = true;
  const claim: Claim = Object.freeze({
    claim: () => {
      if (!open || document.currentScript !== script) return null;
      open = false;
      return handoff;
    },
    discard: () => {
      if (!open) return;
      open = false;
      const early = handoff.frames;
      if (!early) return;
      early.take();
      for (const iframe of Object.values(early.frames)) iframe.remove();
    },
  });
  // Not writable, not configurable: nobody swaps in a claim of their own once the element is out.
  Object.defineProperty(script, HANDOFF, { value: claim });
}

/**
 * What the loader handed over on this script element. Call it before running any code the page
 * provides (wpwl getters, wpwl.unload): only the main script's own first statements can claim.
 */
export function takeOver(script: HTMLScriptElement | null): Handoff {
  const c = (script as unknown as Record<string, unknown> | null)?.[HANDOFF] as Partial<Claim> | undefined;
  const h = typeof c?.claim === 'function' ? (c.claim() as Partial<Handoff> | null) : null;
  if (!h && typeof c?.discard === 'function') c.discard();
  const request = h?.request instanceof Promise ? (h.request as Promise<Response>) : null;
  const f = h?.frames;
  const isIframe = (x: unknown) => (x as { tagName?: unknown } | undefined)?.tagName === 'IFRAME';
  const frames =
    f && isChannelId(f.keys?.channel) && isChannelId(f.keys?.key) && typeof f.take === 'function' && isIframe(f.frames?.cardNumber) && isIframe(f.frames?.cvv)
      ? f
      : null;
  return { request, frames: frames as EarlyFrames | null };
}
