// Entry of frame.min.js: runs inside the card-number and CVV iframes, on the relay origin. One
// input per frame; the card number and CVV live only here. The card-number frame is the one that
// submits, with the CVV and (enableSAQACompliance) the expiry and holder gathered from their frames
// (sibling.ts; those two frames run fields.ts).

import './frame.css';
import type { ConfigMsg, Field, FrameToHostBody, HostToFrame, PayMsg } from '../protocol/messages.js';
import { checkNumber, cvvLength, cvvValid } from './card-rules.js';
import { deleteAcrossGap, digitsOf, format } from './format.js';
import { applyTexts, framePage, ownIdentity, showInvalid } from './input-page.js';
import { HostLink } from './link.js';
import { requestField, serveField } from './sibling.js';
import { buildBody, postCard } from './submit.js';

/** How long the card-number frame waits for the other frames' answers, ms. */
const SIBLING_TIMEOUT_MS = 3000;

type OwnField = 'cardNumber' | 'cvv';
const DEFAULT_LABELS: Record<OwnField, string> = { cardNumber: 'Card Number', cvv: 'CVV' };
const AUTOCOMPLETE: Record<OwnField, AutoFill> = { cardNumber: 'cc-number', cvv: 'cc-csc' };
/** The names browsers' autofill recognises next to the autocomplete token. */
const INPUT_NAMES: Record<OwnField, string> = { cardNumber: 'cardnumber', cvv: 'cvc' };

function start(): void {
  const found = ownIdentity<OwnField>(['cardNumber', 'cvv']);
  if (!found) return;
  // Not null inside the functions declared below, which are hoisted above the check.
  const identity = found;
  const field = identity.field;

  const page = framePage(AUTOCOMPLETE[field], INPUT_NAMES[field], DEFAULT_LABELS[field]);
  const { form, input } = page;
  input.inputMode = 'numeric';
  input.dir = 'ltr';

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
    serveField(identity.key, 'cvv', () => {
      const d = digits();
      return { valid: cvvValid(d, selected, config?.allowEmpty ?? false), params: [['card.cvv', d]] };
    });
  }

  function applyConfig(c: ConfigMsg): void {
    config = c;
    selected = c.brand;
    applyTexts(page, c);
    if (field === 'cvv' && c.mask) input.type = 'password';
    reformat(input.value, input.value.length);
    report(true);
  }

  async function pay(msg: PayMsg): Promise<void> {
    // The card-number frame pays; a stored card's own CVV frame (registrations.requireCvv) pays that card.
    const own = field === 'cvv';
    if (own && !msg.stored) return;
    if (busy) return link.send({ type: 'failure', reason: 'busy', fields: [], message: 'A payment is already being submitted' });
    const invalid: Field[] = msg.stored || numberCheck().valid ? [] : ['cardNumber'];
    const params: Array<[string, string]> = msg.stored ? [] : [['card.number', digits()]];
    // The frames whose data goes with the card number: they answer over the relay-only channel.
    const siblings: Field[] = [];
    if (!own && msg.withCvv) siblings.push('cvv');
    if (!own && msg.framedExpiry) siblings.push('expiry', 'cardHolder');
    busy = true;
    try {
      if (own) {
        const cvv = digits();
        if (!cvvValid(cvv, selected, config?.allowEmpty ?? false)) invalid.push('cvv');
        params.push(['card.cvv', cvv]);
      }
      const answers = await Promise.all(siblings.map((f) => requestField(identity.key, f, SIBLING_TIMEOUT_MS)));
      const silent = siblings.filter((_, i) => !answers[i]);
      if (silent.length) return link.send({ type: 'failure', reason: 'network', fields: silent, message: 'A card field did not answer' });
      answers.forEach((a, i) => {
        if (!a!.valid) invalid.push(siblings[i]!);
        params.push(...a!.params);
      });
      if (invalid.length) return link.send({ type: 'failure', reason: 'invalid', fields: invalid, message: 'Invalid card data' });
      const outcome = await postCard(location.href, msg.action, buildBody(msg.fields, params, msg.framedExpiry ? siblings : []));
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
        return showInvalid(page, msg);
      case 'pay':
        void pay(msg);
        return;
    }
  }

  link.announce();
}

start();
