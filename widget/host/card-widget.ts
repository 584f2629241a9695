// One card form: puts its DOM next to the merchant's form.paymentWidgets, brings up its card
// frames (number and CVV; expiry and holder too with enableSAQACompliance), and passes their
// messages and the shopper's submit on to the parts that handle them. It never holds a card number
// or CVV. The parts, each sharing the form's CardContext:
//   card-form.ts    the DOM, built once           card-view.ts    the DOM following the model
//   card-inputs.ts  the controls on the page      card-brand.ts   the brand, chosen or detected
//   card-frames.ts  the frames coming up, states  card-submit.ts  paying and its outcome
//   frames.ts       the checked channel to the frames

import { batch, effect } from '@preact/signals-core';
import type { EarlyFrames } from '../loader/handoff.js';
import { newChannelKeys, type Incoming } from '../protocol/channel.js';
import type { Field, FrameToHost } from '../protocol/messages.js';
import { Scope } from './bind.js';
import type { CardContext } from './card-context.js';
import { cardForm } from './card-form.js';
import { CardFrames } from './card-frames.js';
import { bindInputs } from './card-inputs.js';
import { CardSubmit, type StoredPay } from './card-submit.js';
import { bindCardView } from './card-view.js';
import { bindLogos } from './logos.js';
import type { WidgetEnv } from './env.js';
import { FrameLinks } from './frames.js';
import { CardFormModel } from './model.js';

export class CardWidget {
  readonly container: HTMLDivElement;
  readonly model: CardFormModel;
  private readonly c: CardContext;
  private readonly frames: CardFrames;
  private readonly payment: CardSubmit;
  private readonly scope = new Scope();
  private shown = false;
  private readonly hiddenDisplay: string;

  constructor(
    private readonly env: WidgetEnv,
    readonly merchantForm: HTMLFormElement,
    brands: string[],
    /** Card iframes the loader started, to use instead of new ones (loader/handoff.ts). */
    private readonly early: EarlyFrames | null = null,
  ) {
    const { options, index } = env;
    const model = new CardFormModel(brands, options.requireCvv, options.enableSAQACompliance);
    const links = new FrameLinks(env.origin, early?.keys ?? newChannelKeys());
    // getAttribute: form.action would be an input named "action" if the form had one.
    const shopperResultUrl = new URL(merchantForm.getAttribute('action') ?? '', document.baseURI).href;
    this.model = model;
    this.hiddenDisplay = merchantForm.style.display;

    const c = document.createElement('div');
    const nth = index > 0 ? ` wpwl-container-card-${index + 1}` : '';
    c.className = `wpwl-container wpwl-container-card${nth} wpwl-clearfix wpwl-style-${options.style}`;
    c.id = index > 0 ? `wpwl-container-card-${index + 1}` : 'wpwl-container-card';
    if (env.texts.dir === 'rtl') c.dir = 'rtl';
    this.container = c;

    // Rendered now, put on the page by mount().
    const refs = cardForm({
      uid: `${env.index}-${links.channel.slice(0, 8)}`,
      brands: model.brands,
      texts: env.texts,
      showLabels: options.showLabels,
      showPlaceholders: options.showPlaceholders,
      withCvv: model.withCvv,
      framedExpiry: model.framedExpiry,
      shopperResultUrl,
      frames: early && { cardNumber: early.frames.cardNumber, cvv: model.withCvv ? early.frames.cvv : null },
    });
    if (env.registration) refs.button.textContent = options.labels.register ?? 'Register';
    this.c = { env, model, links, refs, shopperResultUrl };
    this.frames = new CardFrames(this.c);
    this.payment = new CardSubmit(this.c, this.frames);
  }

  /**
   * Puts the form on the page before the merchant's form, hidden until show(): the card frames
   * start loading at once, while the session still waits for the checkout.
   */
  mount(): void {
    const { env, links, model, refs } = this.c;
    this.container.append(refs.form);
    // With enableSAQACompliance, the expiry and holder controls are the iframes cardForm made.
    const iframes = { cardNumber: refs.number, cvv: refs.cvv, expiry: refs.expiry, cardHolder: refs.holder } as Record<
      Field,
      HTMLIFrameElement
    >;
    for (const field of model.fields) links.attach(field, iframes[field]);
    bindCardView(this.scope, {
      refs,
      model,
      container: this.container,
      env,
      send: (field, body) => links.send(field, body),
    });
    bindInputs(this.c, () => void this.submit());
    if (env.options.style === 'logos') bindLogos(this.c, this.scope);
    // An inline style: a merchant's `.wpwl-container { display: … }` must not show it early.
    this.container.style.display = 'none';
    this.merchantForm.before(this.container);
    // The loader's iframes move in without reloading (both ends are in the document now); ours go
    // to their page now that they are in the document.
    for (const field of model.fields) {
      const iframe = iframes[field];
      if (!this.early || !(field in this.early.frames)) {
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
    const { refs } = this.c;
    this.container.style.removeProperty('display');
    this.merchantForm.style.display = 'none';
    const focus = this.env.options.autofocus;
    // Frames take the focus once they are up (card-frames.ts).
    if (!refs.page) return;
    if (focus === 'card.holder') refs.holder.focus();
    if (focus === 'card.expiry' || focus === 'card.expiryMonth') refs.expiry.focus();
  }

  /** Called once onReady has run (card-frames.ts). */
  announce(): void {
    this.frames.announce();
  }

  destroy(): void {
    this.payment.dispose();
    this.frames.dispose();
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
    const got = this.c.links.receive(e);
    if (!got) return false;
    this.onFrameMessage(got.field, got.msg);
    return true;
  }

  /** wpwl.executePayment and the pay button (card-submit.ts). */
  submit(): Promise<void> {
    return this.payment.submit();
  }

  /** A check of a group added to the form, run before each card submit (extras/billing.ts). */
  addCheck(check: () => boolean): void {
    this.payment.checks.push(check);
  }

  /** This form's payment message and busy state, for the stored cards' form (extras/api.ts). */
  watch(fn: (message: string | null, busy: boolean) => void): () => void {
    return effect(() => fn(this.model.message.value, this.model.busy.value));
  }

  /** The chosen brand and whether the CVV frame has focus, now and on every change (extras/cvv-hint.ts). */
  watchCvv(fn: (brand: string | null, focused: boolean) => void): () => void {
    return effect(() => fn(this.model.brand.value, this.model.cvv.focused.value));
  }

  /**
   * A stored card's one-click payment (stored-cards.ts), through this form's card-number frame or,
   * with `send`, the stored card's own CVV frame, whose outcome comes back through payMessage.
   */
  payStored(form: HTMLFormElement, fields: Array<[string, string]>, send?: StoredPay['send']): Promise<void> {
    return this.payment.submit({ form, fields: [...fields, ['shopperResultUrl', this.c.shopperResultUrl]], send });
  }

  /** The outcome or failure of a payment a stored card's CVV frame submitted. */
  payMessage(msg: FrameToHost): void {
    this.onFrameMessage('cardNumber', msg);
  }

  private onFrameMessage(field: Field, msg: FrameToHost): void {
    switch (msg.type) {
      case 'ready':
        return this.frames.configure(field);
      case 'state':
        return this.frames.onState(field, msg);
      case 'enter':
        if (!this.env.options.disableSubmitOnEnter) void this.submit();
        return;
      case 'outcome':
        return this.payment.onOutcome(msg);
      case 'failure':
        return this.payment.onFailure(msg);
    }
  }
}
