// Sending the shopper somewhere: this window, the whole tab (_top), the parent, or a named
// window/frame (paymentTarget, shopperResultTarget). Cross-origin windows only allow setting
// location.href, so that is what is used.

import type { Options } from './options.js';

export function navigate(url: string, target: string | null): void {
  if (!target || target === '_self') {
    window.location.href = url;
  } else if (target === '_top') {
    (window.top ?? window).location.href = url;
  } else if (target === '_parent') {
    window.parent.location.href = url;
  } else {
    const frame = Array.from(document.getElementsByTagName('iframe')).find((f) => f.name === target);
    if (frame) frame.src = url;
    else window.open(url, target);
  }
}

/**
 * The window the result URL opens in. paymentTarget names the window of the whole payment, its
 * result included (a page that submits the payment into a named frame expects the result there);
 * shopperResultTarget, where given, sends the result elsewhere.
 */
export function resultTarget(options: Pick<Options, 'paymentTarget' | 'shopperResultTarget'>): string | null {
  return options.shopperResultTarget ?? options.paymentTarget;
}
