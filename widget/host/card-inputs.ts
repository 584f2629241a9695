// The card form's controls on the merchant page: submitting (button, Enter, jQuery's trigger, a
// script calling form.submit()), the brand select, the expiry field ("MM / YY", formatted as typed)
// and the holder, each checked when left, with the merchant's blur callbacks. (With
// enableSAQACompliance the expiry and holder are frames, which card-frames.ts follows.)

import { formThis } from './callback-this.js';
import { chooseBrand } from './card-brand.js';
import type { CardContext } from './card-context.js';
import { expiryOk, syncExpiry } from './card-fields.js';
import { formatExpiry, holderOk } from '../protocol/expiry.js';
import { submitsThrough } from './form-submit.js';

export function bindInputs(c: CardContext, submit: () => void): void {
  const { refs, model, env } = c;
  const form = refs.form;
  submitsThrough(form, submit);
  form.addEventListener('keydown', (e) => {
    const t = e.target as HTMLElement;
    if (e.key === 'Enter' && env.options.disableSubmitOnEnter && t.tagName === 'INPUT') e.preventDefault();
  });
  refs.select.addEventListener('change', () => chooseBrand(c, refs.select.value || null));

  const page = refs.page;
  if (!page) return;
  const expiry = page.expiry;
  const expiryValid = () => expiryOk(page, env);
  expiry.addEventListener('input', () => {
    const next = formatExpiry(expiry.value, expiry.selectionStart ?? expiry.value.length);
    if (expiry.value !== next.value) {
      expiry.value = next.value;
      if (document.activeElement === expiry) expiry.setSelectionRange(next.caret, next.caret);
    }
    syncExpiry(page);
    if (model.expiryError.peek() && expiryValid()) model.expiryError.value = false;
  });
  expiry.addEventListener('blur', () => {
    const ok = expiry.value.trim() === '' || expiryValid();
    model.expiryError.value = !ok;
    env.call(env.options.onBlurExpiryDate, formThis(form), ok);
  });

  const holder = page.holder;
  holder.addEventListener('input', () => {
    if (model.holderError.peek() && holderOk(holder.value)) model.holderError.value = false;
  });
  holder.addEventListener('blur', () => {
    const ok = holderOk(holder.value);
    model.holderError.value = !ok;
    env.call(env.options.onBlurCardHolder, formThis(form), ok);
  });
}
