// How a card iframe gets to its page with the host's key, without the key ever being in the
// merchant page's DOM: the iframe is created without a src, and once it is in the document (its
// blank first document is made then) its window is sent to the frame URL, whose fragment carries
// the key, by location.replace. A script on the page sees an iframe with a name and nothing else:
// no attribute ever holds the URL (so no MutationObserver record does either), the navigation
// under way is not readable from the blank document (it still reads about:blank), and once the
// frame page is there its location is cross-origin.
// Checked in Chromium: the Navigation API's 'navigate' event, which would show the URL to a
// listener in the document being navigated away from, is not fired while that document is a new
// frame's initial blank one, even after document.open()/write() into it. It is fired for any other
// document, which may be a page of the merchant's origin put there by another script. So the key
// is only ever sent from a window's first document: once when the iframe goes into the document,
// and again whenever it is put back into one (moved by plain DOM calls, it gets a new window with
// a new blank document), never into a window it was already sent from.

import { FIELD_NAMES, type Field } from '../protocol/messages.js';

/**
 * A card iframe with its name (the frame's window.name) and no src. Its permissions are set now:
 * they apply from the frame's first navigation on. They let the browser's card autofill fill the
 * card number and CVV inside these cross-origin frames along with the expiry and holder on the
 * page: `autofill` is the policy-controlled feature's current name in Chromium's design,
 * `shared-autofill` the one Chrome has shipped behind its autofill-across-iframes feature. A browser
 * that knows neither ignores them (a console warning, no error).
 */
export function cardIframe(field: Field): HTMLIFrameElement {
  const iframe = document.createElement('iframe');
  iframe.setAttribute('name', FIELD_NAMES[field]);
  iframe.setAttribute('allow', 'autofill; shared-autofill');
  return iframe;
}

/** Sends a card iframe that is in the document to `url` now, and again each time it gets a new window. */
export function launch(iframe: HTMLIFrameElement, url: string): void {
  let sent: Window | null = null;
  const go = () => {
    const win = iframe.contentWindow;
    if (!win || win === sent) return;
    sent = win;
    win.location.replace(url);
  };
  // A new window's blank document fires 'load' while the iframe is being inserted.
  iframe.addEventListener('load', go);
  go();
}
