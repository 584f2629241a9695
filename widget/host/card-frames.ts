// The card form's side of its frames (number and CVV; expiry and holder too with
// enableSAQACompliance), once their messages passed the channel's checks (frames.ts): a frame that
// announced itself gets its configuration and counts as up; its state reports drive the model and
// the merchant's focus and blur callbacks; the merchant hears that a frame is up
// (onReadyIframeCommunication, autofocus) only after onReady. A submit waits here for all of them.

import { batch } from '@preact/signals-core';
import { FIELD_NAMES, type Field, type StateMsg } from '../protocol/messages.js';
import { formThis, iframeThis } from './callback-this.js';
import { followDetection } from './card-brand.js';
import type { CardContext } from './card-context.js';
import { configFor } from './frames.js';

/** How long a submit waits for the card frames to come up, ms. */
const FRAMES_READY_TIMEOUT_MS = 15_000;

export class CardFrames {
  private readyWaiters: Array<() => void> = [];
  /** Whether onReady has run; frames that came up before then are announced by announce(). */
  private announced = false;
  private autofocusDone = false;

  constructor(private readonly c: CardContext) {}

  /**
   * A frame (re)loaded and said 'ready' (its origin, window, channel and shape checked): it starts
   * empty and gets its configuration. From then on its channel is up both ways: the frame listens,
   * and messages to a window arrive in the order they were sent, so the configuration (which pins
   * our origin in the frame) is there before anything else we send. Waiting for the frame's first
   * state report on top would cost the shopper one more round trip between two processes.
   */
  configure(field: Field): void {
    const { env, model, links } = this.c;
    const f = model.frame(field);
    batch(() => {
      f.ready.value = false;
      f.empty.value = true;
      f.valid.value = false;
      f.focused.value = false;
    });
    if (!links.send(field, configFor(field, model, env))) return;
    f.ready.value = true;
    this.up(field);
    if (model.framesReady) for (const done of this.readyWaiters.splice(0)) done();
  }

  onState(field: Field, s: StateMsg): void {
    const { env, model, links, refs } = this.c;
    const f = model.frame(field);
    const wasFocused = f.focused.peek();
    // The expiry and holder frames (enableSAQACompliance) may be left empty, as the page's inputs.
    const optional = field === 'expiry' || field === 'cardHolder';
    batch(() => {
      f.empty.value = s.empty;
      f.valid.value = s.valid;
      f.focused.value = s.focused;
      if (f.error.peek() && s.valid) f.error.value = false;
      // A click on the pay button validates before the frame's blur arrives: an expiry left
      // empty keeps the error that submit just showed.
      if (wasFocused && !s.focused && !(optional && s.empty)) f.error.value = !s.empty && !s.valid;
    });
    const iframe = links.iframe(field)!;
    if (s.focused && !wasFocused) env.call(env.options.onFocusIframeCommunication, iframeThis(iframe, refs.form));
    if (!s.focused && wasFocused) {
      env.call(env.options.onBlurIframeCommunication, iframeThis(iframe, refs.form));
      const o = env.options;
      const onBlur = {
        cardNumber: o.onBlurCardNumber,
        cvv: o.onBlurSecurityCode,
        expiry: o.onBlurExpiryDate,
        cardHolder: o.onBlurCardHolder,
      }[field];
      env.call(onBlur, formThis(refs.form), s.valid || (optional && s.empty));
    }
    if (field === 'cardNumber') followDetection(this.c, s);
  }

  /**
   * Called once onReady has run. Frames may come up before it (they load while the checkout is
   * fetched); merchants expect their onReadyIframeCommunication after onReady, so it waits till now.
   */
  announce(): void {
    this.announced = true;
    for (const field of this.c.model.fields) if (this.c.model.frame(field).ready.peek()) this.up(field);
  }

  /** Resolves true once every frame is up, false if they are not in time. */
  whenReady(): Promise<boolean> {
    if (this.c.model.framesReady) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), FRAMES_READY_TIMEOUT_MS);
      this.readyWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  dispose(): void {
    this.readyWaiters = [];
  }

  /** A frame's channel is up (again): the merchant hears of it, and autofocus may go there. */
  private up(field: Field): void {
    if (!this.announced) return;
    const { env, links, refs } = this.c;
    const iframe = links.iframe(field)!;
    env.call(env.options.onReadyIframeCommunication, iframeThis(iframe, refs.form));
    if (!this.autofocusDone && env.options.autofocus === FIELD_NAMES[field]) {
      this.autofocusDone = true;
      iframe.focus();
      links.send(field, { type: 'focus' });
    }
  }
}
