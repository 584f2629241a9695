// What the loader starts and hands to the main script, so that nothing the form needs waits for
// the main script to arrive:
// - the request for the widget configuration (GET <relay>/v1/checkouts/<id>/widget);
// - the two card iframes, where the browser can move an element without reloading it
//   (Element.moveBefore). They need nothing from the checkout or the options, and they are the
//   slow part (a page and a script on the relay's origin, in a renderer process of their own).
//   Until the main script moves them into the card form they are parked in <head>, never rendered,
//   and the loader keeps the messages that come from the relay's origin meanwhile (their 'ready'),
//   for the main script to check and handle as if it had received them itself.
// It all rides on the main script's own <script> element, which the main script reads as
// document.currentScript; a main script inserted any other way does all of it itself. Nothing in it
// is secret: the endpoint is public, the channel id is in the iframes' URL anyway, and the host's
// key is made by the main script and never leaves it.

import { newChannelId } from '../protocol/channel.js';
import { frameUrl } from '../protocol/frame-url.js';
import { FIELD_NAMES, type Field } from '../protocol/messages.js';

declare global {
  interface Element {
    /** DOM's state-preserving move (Chromium 133+): an iframe moved with it does not reload. */
    moveBefore?(node: Node, child: Node | null): void;
  }
}

/** Property of the main script's <script> element that holds the hand-over. */
export const HANDOFF = 'wpwlHandoff';

/** Messages kept for the main script at most; the card frames send one each before it runs. */
const KEPT_MESSAGES = 16;

export interface EarlyFrames {
  /** Channel id in both iframes' URL hash. */
  channel: string;
  frames: Record<Field, HTMLIFrameElement>;
  /** Stops keeping messages and returns those kept so far. */
  take(): MessageEvent[];
}

export interface Handoff {
  request: Promise<Response> | null;
  frames: EarlyFrames | null;
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
  const channel = newChannelId();
  const park = document.head ?? document.documentElement;
  const make = (field: Field) => {
    const iframe = document.createElement('iframe');
    // The name (the frame's window.name) before the src: the frame checks it when it starts.
    iframe.setAttribute('name', FIELD_NAMES[field]);
    iframe.setAttribute('src', frameUrl(base, checkoutId, field, channel));
    iframe.style.display = 'none';
    park.appendChild(iframe);
    return iframe;
  };
  const frames = { cardNumber: make('cardNumber'), cvv: make('cvv') };
  const kept: MessageEvent[] = [];
  const keep = (e: MessageEvent) => {
    if (e.origin === origin && kept.length < KEPT_MESSAGES) kept.push(e);
  };
  window.addEventListener('message', keep);
  return {
    channel,
    frames,
    take: () => {
      window.removeEventListener('message', keep);
      return kept.splice(0);
    },
  };
}

/** Hands over on the main script's element; a failed request is the main script's to report. */
export function handOver(script: HTMLScriptElement, handoff: Handoff): void {
  // Marks the rejection handled: should the main script never run, the page logs nothing.
  handoff.request?.catch(() => undefined);
  Object.defineProperty(script, HANDOFF, { value: handoff, configurable: true });
}

/** What the loader handed over on this script element (nothing if it was not the loader's). */
export function takeOver(script: HTMLScriptElement | null): Handoff {
  const h = (script as unknown as Record<string, unknown> | null)?.[HANDOFF] as Partial<Handoff> | undefined;
  const request = h?.request instanceof Promise ? (h.request as Promise<Response>) : null;
  const f = h?.frames;
  const isIframe = (x: unknown) => (x as { tagName?: unknown } | undefined)?.tagName === 'IFRAME';
  const frames = f && typeof f.channel === 'string' && typeof f.take === 'function' && isIframe(f.frames?.cardNumber) && isIframe(f.frames?.cvv) ? f : null;
  return { request, frames: frames as EarlyFrames | null };
}
