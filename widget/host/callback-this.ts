// `this` of the merchant's callbacks (widget surface §4): the widget's form carrying $form, a card
// iframe carrying $iframe and $form, as jQuery-like wrappers (wrap.ts). Set again for every call,
// so a callback sees the elements as they are then.

import { wrap } from './wrap.js';

export function formThis(form: HTMLFormElement): HTMLFormElement {
  Object.defineProperty(form, '$form', { configurable: true, writable: true, value: wrap(form) });
  return form;
}

export function iframeThis(iframe: HTMLIFrameElement, form: HTMLFormElement): HTMLIFrameElement {
  Object.defineProperty(iframe, '$iframe', { configurable: true, writable: true, value: wrap(iframe) });
  Object.defineProperty(iframe, '$form', { configurable: true, writable: true, value: wrap(form) });
  return iframe;
}
