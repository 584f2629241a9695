// What the card form shows follows its model: hints and error classes, focus, the brand (select,
// logo, frames), the pay button, the payment message, the spinner and the 3-D Secure iframe.
// Each binding touches only what it owns (bind.ts), because merchants reshape this DOM.

import type { Field, HostToFrameBody } from '../protocol/messages.js';
import { bindClass, bindHint, type Scope } from './bind.js';
import { iframeThis } from './callback-this.js';
import type { CardRefs } from './card-form.js';
import { cardBrandName } from '../protocol/brands.js';
import type { WidgetEnv } from './env.js';
import { bindLiveRegion } from './live-region.js';
import type { CardFormModel } from './model.js';

export interface CardView {
  refs: CardRefs;
  model: CardFormModel;
  container: HTMLElement;
  env: WidgetEnv;
  send(field: Field, body: HostToFrameBody): boolean;
}

export function bindCardView(scope: Scope, v: CardView): void {
  const { refs, model, env } = v;
  const errors = env.texts.errors;
  const hint = (on: () => boolean, text: string) => () => (on() ? text : null);

  bindHint(scope, refs.number, 'wpwl-hint-cardNumberError', hint(() => model.number.error.value, errors.cardNumberError));
  if (refs.cvv) bindHint(scope, refs.cvv, 'wpwl-hint-cvvError', hint(() => model.cvv.error.value, errors.cvvError));
  bindHint(scope, refs.expiry, 'wpwl-hint-expiryMonthError wpwl-hint-expiryError', hint(() => model.expiryError.value, errors.expiryMonthError));
  bindHint(scope, refs.holder, 'wpwl-hint-cardHolderError', hint(() => model.holderError.value, errors.cardHolderError));

  // Each frame (expiry and holder too with enableSAQACompliance) shows its focus on its iframe,
  // mirrors its error state as aria-invalid, and describes its input with the error's text.
  const controls = { cardNumber: refs.number, cvv: refs.cvv, expiry: refs.expiry, cardHolder: refs.holder };
  const texts = {
    cardNumber: errors.cardNumberError,
    cvv: errors.cvvError,
    expiry: errors.expiryMonthError,
    cardHolder: errors.cardHolderError,
  };
  for (const field of model.fields) {
    const f = model.frame(field);
    bindClass(scope, controls[field]!, 'wpwl-focus', () => f.focused.value);
    scope.effect(() => {
      const invalid = f.error.value;
      if (f.ready.value) v.send(field, { type: 'invalid', invalid, ...(invalid ? { error: texts[field] } : {}) });
    });
  }

  // Brand: the select, the logo's wpwl-brand-<BRAND> class, and both frames follow model.brand.
  let shownBrand = model.brand.peek();
  scope.effect(() => {
    const brand = model.brand.value;
    if (brand && refs.select.value !== brand) refs.select.value = brand;
    if (shownBrand) refs.logo.classList.remove(`wpwl-brand-${shownBrand}`);
    if (brand) refs.logo.classList.add(`wpwl-brand-${brand}`);
    // The badge shows the brand's name (styles.css); the select beside it names it to assistive technology.
    refs.logo.title = brand ? cardBrandName(brand) : '';
    shownBrand = brand;
    v.send('cardNumber', { type: 'brand', brand });
    v.send('cvv', { type: 'brand', brand });
  });

  scope.effect(() => {
    refs.button.disabled = model.busy.value;
  });

  // Announced through the live region below, which is in the page before any text comes.
  const message = document.createElement('div');
  message.className = 'wpwl-message wpwl-has-error';
  scope.effect(() => {
    const text = model.message.value;
    if (text === null) return message.remove();
    message.textContent = text;
    if (!message.isConnected) v.container.prepend(message);
  });
  scope.add(() => message.remove());

  const spinner = document.createElement('div');
  spinner.className = `wpwl-spinner ${env.options.spinner.className}`.trim();
  if (env.options.spinner.color) spinner.style.setProperty('color', env.options.spinner.color);
  scope.effect(() => {
    if (model.paying.value && !model.threeDUrl.value) v.container.append(spinner);
    else spinner.remove();
  });
  scope.add(() => spinner.remove());

  bindLiveRegion(scope, v.container, () => {
    const shown: Array<[boolean, string]> = [
      [model.number.error.value, errors.cardNumberError],
      [model.expiryError.value, errors.expiryMonthError],
      [model.holderError.value, errors.cardHolderError],
      [model.cvv.error.value, errors.cvvError],
    ];
    return model.message.value ?? shown.filter(([on]) => on).map(([, text]) => text).join('. ');
  });

  bindThreeD(scope, v);
}

/** 3-D Secure in iframe.wpwl-target next to the form (when paymentTarget is unset). */
function bindThreeD(scope: Scope, v: CardView): void {
  const { model, env, refs } = v;
  let iframe: HTMLIFrameElement | null = null;
  scope.effect(() => {
    const url = model.threeDUrl.value;
    iframe?.remove();
    iframe = null;
    refs.form.style.display = url ? 'none' : '';
    if (!url) return;
    const f = document.createElement('iframe');
    f.className = 'wpwl-target';
    f.name = `wpwl-target-${env.index + 1}`;
    f.title = '3-D Secure';
    const size = env.options.threeDIframeSize;
    if (size) {
      f.style.setProperty('width', size.width);
      f.style.setProperty('height', size.height);
    }
    f.addEventListener('load', () => env.call(env.options.onLoadThreeDIframe, iframeThis(f, refs.form)));
    f.src = url;
    refs.form.after(f);
    iframe = f;
  });
  scope.add(() => iframe?.remove());
}
