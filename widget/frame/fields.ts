// Entry of frame-fields.min.js: runs inside the expiry and holder iframes that enableSAQACompliance
// puts in place of the page's inputs, on the relay origin, so that no card data at all is in the
// merchant page's DOM. Each frame formats and checks its input by the rules the page's inputs use
// (protocol/expiry.ts), reports only its state to the host, and hands its data to the card-number
// frame when that one pays (sibling.ts). A script of its own: the card-number and CVV frames, which
// every card form has, do not download this.

import { expiryValid, formatExpiry, holderOk, parseExpiry } from '../protocol/expiry.js';
import type { ConfigMsg, FrameToHostBody, HostToFrame } from '../protocol/messages.js';
import { applyTexts, framePage, ownIdentity, showInvalid } from './input-page.js';
import { HostLink } from './link.js';
import { serveField, type SiblingAnswer } from './sibling.js';

function start(): void {
  const found = ownIdentity(['expiry', 'cardHolder']);
  if (!found) return;
  // Not null inside the functions declared below, which are hoisted above the check.
  const identity = found;
  const expiry = identity.field === 'expiry';

  const page = expiry ? framePage('cc-exp', 'cc-exp', 'Expiry Date') : framePage('cc-name', 'cc-name', 'Card holder');
  const { form, input } = page;
  if (expiry) {
    input.inputMode = 'numeric';
    input.dir = 'ltr';
    input.placeholder = 'MM / YY';
  }
  let config: ConfigMsg | null = null;
  let lastState = '';

  const data = (): SiblingAnswer => {
    if (!expiry) return { valid: holderOk(input.value), params: [['card.holder', input.value.trim()]] };
    const e = parseExpiry(input.value);
    return {
      valid: expiryValid(e, new Date(), config?.checkDate ?? true),
      params: e ? [['card.expiryMonth', e.month], ['card.expiryYear', e.year]] : [],
    };
  };

  const link = new HostLink(identity, onHostMessage);

  function report(force = false): void {
    const body: FrameToHostBody = {
      type: 'state',
      field: identity.field,
      empty: input.value.trim() === '',
      valid: data().valid,
      focused: document.activeElement === input,
      brand: null,
      detected: [],
    };
    const key = JSON.stringify(body);
    if (force || key !== lastState) link.send(body);
    lastState = key;
  }

  input.addEventListener('input', () => {
    if (expiry) {
      const next = formatExpiry(input.value, input.selectionStart ?? input.value.length);
      if (input.value !== next.value) {
        input.value = next.value;
        if (document.activeElement === input) input.setSelectionRange(next.caret, next.caret);
      }
    }
    report();
  });
  input.addEventListener('focus', () => report());
  input.addEventListener('blur', () => report());
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    link.send({ type: 'enter', field: identity.field });
  });
  serveField(identity.key, identity.field, data);

  function onHostMessage(msg: HostToFrame): void {
    switch (msg.type) {
      case 'config':
        config = msg;
        applyTexts(page, msg);
        return report(true);
      case 'focus':
        return input.focus();
      case 'invalid':
        return showInvalid(page, msg);
      // 'brand' and 'pay' are for the card-number and CVV frames.
    }
  }

  link.announce();
}

start();
