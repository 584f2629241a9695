// Entry of frame.min.js: runs inside each card iframe, on the relay origin. One input per frame;
// the card number and CVV live only here. The card-number frame is the one that submits.

import './frame.css';
import { frameIdentity } from '../protocol/frame-url.js';
import type { ConfigMsg, Field, FrameToHostBody, HostToFrame, PayMsg } from '../protocol/messages.js';
import { checkNumber, cvvLength, cvvValid } from './card-rules.js';
import { deleteAcrossGap, digitsOf, format } from './format.js';
import { sanitizeStyles } from './iframe-styles.js';
import { HostLink } from './link.js';
import { requestCvv, serveCvv } from './sibling.js';
import { buildBody, postCard } from './submit.js';

/** How long the card-number frame waits for the CVV frame's answer, ms. */
const CVV_TIMEOUT_MS = 3000;

const DEFAULT_LABELS: Record<Field, string> = { cardNumber: 'Card Number', cvv: 'CVV' };
const AUTOCOMPLETE: Record<Field, AutoFill> = { cardNumber: 'cc-number', cvv: 'cc-csc' };
/** The names browsers' autofill recognises next to the autocomplete token. */
const INPUT_NAMES: Record<Field, string> = { cardNumber: 'cardnumber', cvv: 'cvc' };

function start(): void {
  // Framed by the merchant page only; at top level (or with an identity that does not add up)
  // the page stays empty.
  if (window.top === window || window.parent === window) return;
  const found = frameIdentity(location, window.name);
  // The key was for this script only: out of the frame's URL before any other code could read it.
  history.replaceState(history.state, '', location.pathname + location.search);
  if (!found) return;
  const identity = found;
  const field = identity.field;

  const form = document.createElement('form');
  form.noValidate = true;
  const input = document.createElement('input');
  input.type = 'text';
  input.inputMode = 'numeric';
  input.autocomplete = AUTOCOMPLETE[field];
  input.name = INPUT_NAMES[field];
  input.id = 'wpwl-input';
  input.dir = 'ltr';
  input.spellcheck = false;
  input.setAttribute('autocorrect', 'off');
  input.setAttribute('aria-label', DEFAULT_LABELS[field]);
  input.placeholder = DEFAULT_LABELS[field];
  // The host's error text for this field, for screen readers (aria-describedby cannot reach the host page).
  const error = document.createElement('div');
  error.id = 'wpwl-error';
  error.className = 'wpwl-sr';
  form.append(input, error);
  document.body.append(form);

  let config: ConfigMsg | null = null;
  let selected: string | null = null;
  let busy = false;
  let lastState = '';

  const digits = () => digitsOf(input.value);
  const numberCheck = () =>
    checkNumber(digits(), {
      brands: config?.brands ?? [],
      selected,
      detection: config?.detection ?? true,
      priority: config?.priority ?? [],
    });

  const link = new HostLink(identity, onHostMessage);

  function report(force = false): void {
    const d = digits();
    let body: FrameToHostBody;
    if (field === 'cardNumber') {
      const c = numberCheck();
      body = { type: 'state', field, empty: d === '', valid: c.valid, focused: document.activeElement === input, brand: c.brand, detected: c.detected };
    } else {
      body = { type: 'state', field, empty: d === '', valid: cvvValid(d, selected, config?.allowEmpty ?? false), focused: document.activeElement === input, brand: null, detected: [] };
    }
    const key = JSON.stringify(body);
    if (force || key !== lastState) link.send(body);
    lastState = key;
  }

  function reformat(raw: string, caret: number): void {
    let gaps: readonly number[] = [];
    let max = cvvLength(selected) ?? 4;
    if (field === 'cardNumber') {
      const c = checkNumber(digitsOf(raw), { brands: config?.brands ?? [], selected, detection: config?.detection ?? true, priority: config?.priority ?? [] });
      gaps = c.gaps;
      max = c.maxLength;
    }
    const next = format(raw, caret, gaps, max);
    if (input.value !== next.value) input.value = next.value;
    if (document.activeElement === input) input.setSelectionRange(next.caret, next.caret);
  }

  input.addEventListener('beforeinput', (e) => {
    const start = input.selectionStart ?? 0;
    if (start !== input.selectionEnd) return;
    const backward = e.inputType === 'deleteContentBackward';
    if (!backward && e.inputType !== 'deleteContentForward') return;
    const edit = deleteAcrossGap(input.value, start, backward);
    if (!edit) return;
    e.preventDefault();
    reformat(edit.value, edit.caret);
    report();
  });
  input.addEventListener('input', () => {
    reformat(input.value, input.selectionStart ?? input.value.length);
    report();
  });
  input.addEventListener('focus', () => report());
  input.addEventListener('blur', () => report());
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    link.send({ type: 'enter', field });
  });

  if (field === 'cvv') {
    serveCvv(identity.key, () => {
      const d = digits();
      return { value: d, valid: cvvValid(d, selected, config?.allowEmpty ?? false) };
    });
  }

  function applyConfig(c: ConfigMsg): void {
    config = c;
    selected = c.brand;
    input.setAttribute('aria-label', c.label);
    input.placeholder = c.placeholder;
    document.documentElement.lang = c.lang;
    document.documentElement.dir = c.dir;
    if (field === 'cvv' && c.mask) input.type = 'password';
    const styles = sanitizeStyles(c.placeholderStyle);
    const sheet = document.styleSheets[0];
    if (sheet && Object.keys(styles).length) {
      try {
        const rule = sheet.cssRules[sheet.insertRule('input::placeholder{}', sheet.cssRules.length)] as CSSStyleRule;
        for (const [k, v] of Object.entries(styles)) rule.style.setProperty(k, v);
      } catch {
        // An old engine without ::placeholder: keep the default look.
      }
    }
    reformat(input.value, input.value.length);
    report(true);
  }

  async function pay(msg: PayMsg): Promise<void> {
    // The card-number frame pays; a stored card's own CVV frame (registrations.requireCvv) pays that card.
    const own = field === 'cvv';
    if (own && !msg.stored) return;
    if (busy) return link.send({ type: 'failure', reason: 'busy', fields: [], message: 'A payment is already being submitted' });
    const number = msg.stored ? null : digits();
    const invalid: Field[] = msg.stored || numberCheck().valid ? [] : ['cardNumber'];
    let cvv: string | null = null;
    busy = true;
    try {
      if (own) {
        cvv = digits();
        if (!cvvValid(cvv, selected, config?.allowEmpty ?? false)) invalid.push('cvv');
      } else if (msg.withCvv) {
        const answer = await requestCvv(identity.key, CVV_TIMEOUT_MS);
        if (!answer) return link.send({ type: 'failure', reason: 'network', fields: ['cvv'], message: 'The CVV field did not answer' });
        if (!answer.valid) invalid.push('cvv');
        cvv = answer.value;
      }
      if (invalid.length) return link.send({ type: 'failure', reason: 'invalid', fields: invalid, message: 'Invalid card data' });
      const outcome = await postCard(location.href, msg.action, buildBody(msg.fields, number, cvv));
      link.send(outcome);
    } catch {
      link.send({ type: 'failure', reason: 'network', fields: [], message: 'The payment could not be submitted' });
    } finally {
      busy = false;
    }
  }

  function onHostMessage(msg: HostToFrame): void {
    switch (msg.type) {
      case 'config':
        return applyConfig(msg);
      case 'brand':
        selected = msg.brand;
        reformat(input.value, input.selectionStart ?? input.value.length);
        return report();
      case 'focus':
        return input.focus();
      case 'invalid':
        input.setAttribute('aria-invalid', String(msg.invalid));
        error.textContent = msg.invalid ? (msg.error ?? '') : '';
        if (error.textContent) input.setAttribute('aria-describedby', error.id);
        else input.removeAttribute('aria-describedby');
        return;
      case 'pay':
        void pay(msg);
        return;
    }
  }

  link.announce();
}

start();
