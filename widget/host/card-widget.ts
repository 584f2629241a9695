// One card form: mounts the DOM next to the merchant's form.paymentWidgets, talks to its two
// frames, validates what lives on the page (expiry, holder), runs the merchant's veto, asks the
// card-number frame to pay and follows the outcome. It never holds a card number or CVV.

import { batch } from '@preact/signals-core';
import type { EarlyFrames } from '../loader/handoff.js';
import { newChannelKeys, type Incoming } from '../protocol/channel.js';
import type { Field, FailureMsg, FrameToHost, OutcomeMsg, StateMsg } from '../protocol/messages.js';
import { Scope } from './bind.js';
import { collectFields, expiryOk, holderOk, syncExpiry } from './card-fields.js';
import { cardForm, type CardRefs } from './card-form.js';
import { bindCardView } from './card-view.js';
import type { WidgetEnv } from './env.js';
import { formatExpiry } from './expiry.js';
import { configFor, FrameLinks } from './frames.js';
import { CardFormModel, type FrameFieldModel } from './model.js';
import { followOutcome } from './outcome.js';
import { runVeto } from './veto.js';
import { wrap } from './wrap.js';

/** How long a submit waits for the card frames to come up, ms. */
const FRAMES_READY_TIMEOUT_MS = 15_000;
/** How long the host waits for the outcome of a submitted payment, ms (3-D Secure not included). */
const OUTCOME_TIMEOUT_MS = 120_000;

const FIELD_OF = { cardNumber: 'number', cvv: 'cvv' } as const;

export class CardWidget {
  readonly container: HTMLDivElement;
  readonly model: CardFormModel;
  private readonly links: FrameLinks;
  private refs!: CardRefs;
  private readonly scope = new Scope();
  private readyWaiters: Array<() => void> = [];
  private outcomeTimer: ReturnType<typeof setTimeout> | undefined;
  private submitting = false;
  private autofocusDone = false;
  private shown = false;
  /** Until onReady has run: frames that came up and wait for their callbacks. */
  private announced = false;
  private readonly waiting: Field[] = [];
  private readonly hiddenDisplay: string;
  private readonly shopperResultUrl: string;

  constructor(
    private readonly env: WidgetEnv,
    private readonly merchantForm: HTMLFormElement,
    brands: string[],
    /** Card iframes the loader started, to use instead of new ones (loader/handoff.ts). */
    private readonly early: EarlyFrames | null = null,
  ) {
    const { options, index } = env;
    this.model = new CardFormModel(brands, options.requireCvv);
    this.links = new FrameLinks(env.origin, early?.keys ?? newChannelKeys());
    // getAttribute: form.action would be an input named "action" if the form had one.
    this.shopperResultUrl = new URL(merchantForm.getAttribute('action') ?? '', document.baseURI).href;
    this.hiddenDisplay = merchantForm.style.display;

    const c = document.createElement('div');
    const nth = index > 0 ? ` wpwl-container-card-${index + 1}` : '';
    c.className = `wpwl-container wpwl-container-card${nth} wpwl-clearfix wpwl-style-${options.style}`;
    c.id = index > 0 ? `wpwl-container-card-${index + 1}` : 'wpwl-container-card';
    if (env.texts.dir === 'rtl') c.dir = 'rtl';
    this.container = c;
  }

  /**
   * Renders the form and puts it on the page before the merchant's form, hidden until show(): the
   * card frames start loading at once, while the session still waits for the checkout.
   */
  mount(): void {
    const { env, links, model } = this;
    const refs = cardForm({
      uid: `${env.index}-${links.channel.slice(0, 8)}`,
      brands: model.brands,
      texts: env.texts,
      showLabels: env.options.showLabels,
      showPlaceholders: env.options.showPlaceholders,
      withCvv: model.withCvv,
      registration: env.registration,
      shopperResultUrl: this.shopperResultUrl,
      frames: this.early && { cardNumber: this.early.frames.cardNumber, cvv: model.withCvv ? this.early.frames.cvv : null },
    });
    this.refs = refs;
    this.container.append(refs.form);
    links.attach('cardNumber', refs.number);
    if (refs.cvv) links.attach('cvv', refs.cvv);
    bindCardView(this.scope, {
      refs,
      model,
      container: this.container,
      env,
      send: (field, body) => links.send(field, body),
      iframeContext: (f) => this.iframeContext(f),
    });
    this.listen();
    // An inline style: a merchant's `.wpwl-container { display: … }` must not show it early.
    this.container.style.display = 'none';
    this.merchantForm.before(this.container);
    // The loader's iframes move in without reloading (both ends are in the document now); ours go
    // to their page now that they are in the document.
    for (const [field, iframe] of [['cardNumber', refs.number], ['cvv', refs.cvv]] as const) {
      if (!iframe) continue;
      if (!this.early) {
        links.launch(field, env.base, env.checkoutId);
        continue;
      }
      const wrapper = refs.form.querySelector(`.wpwl-wrapper-${field}`);
      if (wrapper && iframe.parentNode !== wrapper) wrapper.moveBefore?.(iframe, null);
    }
  }

  /** Shows the form in place of the merchant's form, both in one go, so the page changes once. */
  show(): void {
    if (this.shown) return;
    this.shown = true;
    const { env, refs } = this;
    this.container.style.removeProperty('display');
    this.merchantForm.style.display = 'none';
    const focus = env.options.autofocus;
    if (focus === 'card.holder') refs.holder.focus();
    if (focus === 'card.expiry' || focus === 'card.expiryMonth') refs.expiry.focus();
  }

  /**
   * Called once onReady has run. Frames may come up before it (they load while the checkout is
   * fetched); merchants expect their onReadyIframeCommunication after onReady, so it waits till now.
   */
  announce(): void {
    this.announced = true;
    for (const field of this.waiting.splice(0)) if (this.fieldModel(field).ready.peek()) this.frameUp(field);
  }

  destroy(): void {
    clearTimeout(this.outcomeTimer);
    this.readyWaiters = [];
    this.scope.dispose();
    this.container.remove();
    this.merchantForm.style.display = this.hiddenDisplay;
  }

  /** The checkout cannot be paid any more: say why and keep the pay button disabled. */
  lock(message: string): void {
    batch(() => {
      this.model.locked.value = true;
      this.model.message.value = message;
    });
  }

  /** True if the message was one of this form's frames' (handled or dropped). */
  handleMessage(e: Incoming): boolean {
    const got = this.links.receive(e);
    if (!got) return false;
    const { field, msg } = got;
    this.onFrameMessage(field, msg);
    return true;
  }

  /** wpwl.executePayment and the pay button: validate, veto, ask the card-number frame to pay. */
  async submit(): Promise<void> {
    const { model, env } = this;
    if (model.busy.peek() || this.submitting) return;
    this.submitting = true;
    try {
      if (!(await this.whenFramesReady())) {
        model.message.value = env.texts.messages.communication;
        env.error('PciIframeCommunicationError', 'The card fields did not load');
        return;
      }
      const form = this.formContext();
      const veto = runVeto(env.options.onBeforeSubmitCard as ((this: HTMLFormElement, e: unknown) => unknown) | null, form);
      if (!veto.proceed) {
        if ('error' in veto && veto.error !== undefined) console.error(veto.error);
        return;
      }
      if (!this.validate()) return;
      syncExpiry(this.refs);
      const fields = collectFields(this.refs.form);
      batch(() => {
        model.message.value = null;
        model.paying.value = true;
      });
      const sent = this.links.send('cardNumber', {
        type: 'pay',
        action: env.registration ? 'registration' : 'payment',
        withCvv: model.withCvv,
        fields,
      });
      if (!sent) {
        model.paying.value = false;
        env.error('PciIframeSubmitError', 'The form could not be handed to the card fields');
        return;
      }
      clearTimeout(this.outcomeTimer);
      this.outcomeTimer = setTimeout(() => this.onFailure(null), OUTCOME_TIMEOUT_MS);
      env.call(env.options.onAfterSubmit, form);
    } finally {
      this.submitting = false;
    }
  }

  // ---- DOM ----------------------------------------------------------------------------

  private listen(): void {
    const { refs, model, env } = this;
    const form = refs.form;
    // A property handler, not only a listener: jQuery's .trigger('submit') calls form.onsubmit and
    // honours its false, and the native submit must never run (it would post to the page itself).
    form.onsubmit = (e: SubmitEvent | Event) => {
      e.preventDefault();
      void this.submit();
      return false;
    };
    Object.defineProperty(form, 'submit', { configurable: true, value: () => void this.submit() });
    form.addEventListener('keydown', (e) => {
      const t = e.target as HTMLElement;
      if (e.key === 'Enter' && env.options.disableSubmitOnEnter && t.tagName === 'INPUT') e.preventDefault();
    });
    refs.select.addEventListener('change', () => this.setBrand(refs.select.value || null));

    const expiry = refs.expiry;
    expiry.addEventListener('input', () => {
      const next = formatExpiry(expiry.value, expiry.selectionStart ?? expiry.value.length);
      if (expiry.value !== next.value) {
        expiry.value = next.value;
        if (document.activeElement === expiry) expiry.setSelectionRange(next.caret, next.caret);
      }
      syncExpiry(refs);
      if (model.expiryError.peek() && this.expiryOk()) model.expiryError.value = false;
    });
    expiry.addEventListener('blur', () => {
      const ok = expiry.value.trim() === '' || this.expiryOk();
      model.expiryError.value = !ok;
      env.call(env.options.onBlurExpiryDate, this.formContext(), ok);
    });

    const holder = refs.holder;
    holder.addEventListener('input', () => {
      if (model.holderError.peek() && this.holderOk()) model.holderError.value = false;
    });
    holder.addEventListener('blur', () => {
      const ok = this.holderOk();
      model.holderError.value = !ok;
      env.call(env.options.onBlurCardHolder, this.formContext(), ok);
    });
  }

  // ---- frames ----------------------------------------------------------------------------

  private fieldModel(field: Field): FrameFieldModel {
    return this.model[FIELD_OF[field]];
  }

  private onFrameMessage(field: Field, msg: FrameToHost): void {
    switch (msg.type) {
      case 'ready':
        return this.configure(field);
      case 'state':
        return this.onState(field, msg);
      case 'enter':
        if (!this.env.options.disableSubmitOnEnter) void this.submit();
        return;
      case 'outcome':
        return this.onOutcome(msg);
      case 'failure':
        return this.onFailure(msg);
    }
  }

  /**
   * A frame (re)loaded and said 'ready' (its origin, window, channel and shape checked): it starts
   * empty and gets its configuration. From then on its channel is up both ways: the frame listens,
   * and messages to a window arrive in the order they were sent, so the configuration (which pins
   * our origin and key in the frame) is there before anything else we send. Waiting for the frame's
   * first state report on top would cost the shopper one more round trip between two processes.
   */
  private configure(field: Field): void {
    const { env, model } = this;
    const f = this.fieldModel(field);
    batch(() => {
      f.ready.value = false;
      f.empty.value = true;
      f.valid.value = false;
      f.focused.value = false;
    });
    if (!this.links.send(field, configFor(field, model, env))) return;
    f.ready.value = true;
    this.frameUp(field);
    if (this.framesReadyNow()) for (const done of this.readyWaiters.splice(0)) done();
  }

  private onState(field: Field, s: StateMsg): void {
    const { env, model } = this;
    const f = this.fieldModel(field);
    const wasFocused = f.focused.peek();
    batch(() => {
      f.empty.value = s.empty;
      f.valid.value = s.valid;
      f.focused.value = s.focused;
      if (f.error.peek() && s.valid) f.error.value = false;
      if (wasFocused && !s.focused) f.error.value = !s.empty && !s.valid;
    });
    const iframe = this.links.iframe(field)!;
    if (s.focused && !wasFocused) env.call(env.options.onFocusIframeCommunication, this.iframeContext(iframe));
    if (!s.focused && wasFocused) {
      env.call(env.options.onBlurIframeCommunication, this.iframeContext(iframe));
      const onBlur = field === 'cardNumber' ? env.options.onBlurCardNumber : env.options.onBlurSecurityCode;
      env.call(onBlur, this.formContext(), s.valid);
    }
    if (field !== 'cardNumber') return;
    if (env.options.brandDetection && s.brand && s.brand !== model.brand.peek() && model.brands.includes(s.brand)) this.setBrand(s.brand);
    const before = model.detected.peek();
    if (before.join() !== s.detected.join()) {
      model.detected.value = s.detected;
      env.call(env.options.onDetectBrand, this.formContext(), s.detected, model.brand.peek());
    }
  }

  /** A frame's channel is up (again): the merchant hears of it, and autofocus may go there. */
  private frameUp(field: Field): void {
    if (!this.announced) {
      if (!this.waiting.includes(field)) this.waiting.push(field);
      return;
    }
    const { env } = this;
    const iframe = this.links.iframe(field)!;
    env.call(env.options.onReadyIframeCommunication, this.iframeContext(iframe));
    if (!this.autofocusDone && env.options.autofocus === (field === 'cardNumber' ? 'card.number' : 'card.cvv')) {
      this.autofocusDone = true;
      iframe.focus();
      this.links.send(field, { type: 'focus' });
    }
  }

  private setBrand(brand: string | null): void {
    if (brand === this.model.brand.peek()) return;
    this.model.brand.value = brand;
    this.env.call(this.env.options.onChangeBrand, this.formContext(), brand);
  }

  private framesReadyNow(): boolean {
    return this.model.framesReady;
  }

  private whenFramesReady(): Promise<boolean> {
    if (this.framesReadyNow()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), FRAMES_READY_TIMEOUT_MS);
      this.readyWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  // ---- validation and fields -------------------------------------------------------------

  private expiryOk(): boolean {
    return expiryOk(this.refs, !this.env.options.disableCardExpiryDateValidation);
  }

  private holderOk(): boolean {
    return holderOk(this.refs.holder.value);
  }

  private validate(): boolean {
    const m = this.model;
    const numberOk = m.number.valid.peek();
    const cvvOk = !m.withCvv || m.cvv.valid.peek();
    const expiryOk = this.expiryOk();
    const holderOk = this.holderOk();
    batch(() => {
      m.number.error.value = !numberOk;
      m.cvv.error.value = !cvvOk;
      m.expiryError.value = !expiryOk;
      m.holderError.value = !holderOk;
    });
    return numberOk && cvvOk && expiryOk && holderOk;
  }

  // ---- outcome ---------------------------------------------------------------------------

  private onOutcome(o: OutcomeMsg): void {
    clearTimeout(this.outcomeTimer);
    followOutcome(o, this.model, this.env, this.shopperResultUrl);
  }

  /** A failure reported by the card-number frame, or (null) no outcome in time. */
  private onFailure(f: FailureMsg | null): void {
    if (f?.reason === 'busy') return;
    clearTimeout(this.outcomeTimer);
    const { model, env } = this;
    batch(() => {
      model.paying.value = false;
      if (f?.reason === 'invalid') {
        for (const field of f.fields) this.fieldModel(field).error.value = true;
      } else {
        model.message.value = env.texts.messages.communication;
      }
    });
    if (f?.reason !== 'invalid') env.error('PciIframeSubmitError', f?.message ?? 'No answer to the payment');
  }

  // ---- callback contexts -----------------------------------------------------------------

  /** `this` of form callbacks: the widget's form element, carrying $form (widget surface §4). */
  formContext(): HTMLFormElement {
    const form = this.refs.form;
    Object.defineProperty(form, '$form', { configurable: true, writable: true, value: wrap(form) });
    return form;
  }

  private iframeContext(iframe: HTMLIFrameElement): HTMLIFrameElement {
    Object.defineProperty(iframe, '$iframe', { configurable: true, writable: true, value: wrap(iframe) });
    Object.defineProperty(iframe, '$form', { configurable: true, writable: true, value: wrap(this.refs.form) });
    return iframe;
  }
}
