// paymentWidgets.js: the per-checkout loader a merchant page includes as
//   <script src="https://relay/v1/paymentWidgets.js?checkoutId=ID"></script>
// Byte-stable: the same file for every checkout (the id is read from the script's own URL), so a
// checkout prepared with integrity=true can give its sha384 for SRI. Build-time constants below
// pin the main script and stylesheet by cache version and by their own sha384.
// Everything the form needs from the relay starts here at once: the stylesheet, the main script, the
// widget configuration and (where the main script can adopt them) the card iframes (handoff.ts), so
// that none of them waits for another.

import { handOver, requestCheckout, startFrames } from './handoff.js';
import { reserve, type LayoutHint } from './reserve.js';

declare const __CACHE_VERSION__: string;
declare const __API_VERSION__: string;
declare const __MAIN_INTEGRITY__: string;
declare const __CSS_INTEGRITY__: string;

interface Wpwl {
  checkout?: { id: string };
  ndc?: string;
  apiVersion?: string;
  cacheVersion?: string;
}

(() => {
  // Only readable while this top-level code runs.
  const me = document.currentScript as HTMLScriptElement | null;
  if (!me?.src) return;
  const src = me.src;
  const at = src.indexOf('/v1/paymentWidgets.js');
  const base = at < 0 ? new URL(src).origin : src.slice(0, at);
  const raw = new URL(src).searchParams.get('checkoutId') ?? '';
  // `ID/registration` asks for the registration widget: the same card form, which stores the card.
  const id = raw.replace(/\/registration$/, '');
  const w = window as unknown as { wpwl?: Wpwl };
  const wpwl = (w.wpwl = w.wpwl || {});
  wpwl.checkout = { id };
  wpwl.ndc = id;
  wpwl.apiVersion = __API_VERSION__;
  wpwl.cacheVersion = __CACHE_VERSION__;

  // The card frames first: they are the slowest part of the form (their page, script and process).
  const frames = id ? startFrames(base, new URL(src).origin, id) : null;
  // Still before the page is first drawn: the form's final height (reserve.ts).
  if (id) reserve((window as unknown as { wpwlOptions?: LayoutHint }).wpwlOptions);
  const dir = `${base}/v1/static/${__CACHE_VERSION__}`;
  const head = document.head || document.documentElement;
  const css = `${dir}/css/static.min.css`;
  let present = false;
  document.querySelectorAll('link').forEach((l) => {
    if (l.href === css) present = true;
  });
  if (!present) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = css;
    link.integrity = __CSS_INTEGRITY__;
    link.crossOrigin = 'anonymous';
    // First in <head>: the merchant's own rules of equal specificity come later and win.
    head.insertBefore(link, head.firstChild);
  }
  const script = document.createElement('script');
  script.async = true;
  script.src = `${dir}/js/static.min.js`;
  script.integrity = __MAIN_INTEGRITY__;
  script.crossOrigin = 'anonymous';
  // An async script is otherwise a low-priority request, and the form waits for this one.
  script.fetchPriority = 'high';
  script.setAttribute('data-checkout-id', raw);
  if (id) handOver(script, { request: requestCheckout(base, id), frames });
  head.appendChild(script);
})();
