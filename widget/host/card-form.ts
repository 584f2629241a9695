// The card form's DOM (widget surface §6), built once. Merchants reshape it in onReady (groups
// moved, labels rewritten, inputs added, the brand select hidden), so nothing re-renders it:
// a virtual-DOM diff over moved nodes would fight them, and moving an iframe reloads it. State
// reaches these elements through bind.ts only. (That is also why there is no Preact here: a
// render-once tree does not need a reconciler, and it would cost ~4.4 KB of the 25 KB budget.)

import { cardIframe } from '../loader/launch.js';
import { cardBrandName } from '../protocol/brands.js';
import type { Field } from '../protocol/messages.js';
import { h, type Attrs } from './dom.js';
import type { Texts } from './texts.js';

/** The expiry and holder as inputs on the page, and the hidden month and year the expiry fills. */
export interface PageFields {
  expiry: HTMLInputElement;
  holder: HTMLInputElement;
  month: HTMLInputElement;
  year: HTMLInputElement;
}

export interface CardRefs {
  form: HTMLFormElement;
  select: HTMLSelectElement;
  logo: HTMLDivElement;
  number: HTMLIFrameElement;
  cvv: HTMLIFrameElement | null;
  /** The expiry and holder controls: the inputs of `page`, or (enableSAQACompliance) iframes. */
  expiry: HTMLElement;
  holder: HTMLElement;
  /** Null when the expiry and holder are frames: then the page holds no card data at all. */
  page: PageFields | null;
  button: HTMLButtonElement;
}

export interface CardFormProps {
  /** Unique per form on the page; suffix of element ids. */
  uid: string;
  brands: readonly string[];
  texts: Texts;
  showLabels: boolean;
  showPlaceholders: boolean;
  withCvv: boolean;
  /** The expiry and holder in relay iframes too (enableSAQACompliance). */
  framedExpiry: boolean;
  shopperResultUrl: string;
  /**
   * Card iframes the loader already started (loader/handoff.ts), used instead of new ones. They are
   * left where they are: taking them out of the document would reload them, so the caller moves
   * them into their wrappers (Element.moveBefore) once the form is on the page. New ones have no
   * src: the caller sends them to their page once they are in the document (loader/launch.ts).
   */
  frames?: { cardNumber: HTMLIFrameElement; cvv: HTMLIFrameElement | null } | null;
}

export function cardForm(p: CardFormProps): CardRefs {
  const { labels } = p.texts;
  const labelId = (field: string) => `wpwl-label-${field}-${p.uid}`;
  /** Controls are named by their visible label when there is one, else by aria-label. */
  const named = (field: string, text: string): Attrs =>
    p.showLabels ? { 'aria-labelledby': labelId(field) } : { 'aria-label': text };
  const placeholder = (text: string) => (p.showPlaceholders ? text : null);

  const group = (field: string, label: string | null, ...content: Node[]) =>
    h(
      'div',
      { class: `wpwl-group wpwl-group-${field} wpwl-clearfix` },
      label !== null && p.showLabels && h('div', { class: `wpwl-label wpwl-label-${field}`, id: labelId(field) }, label),
      ...content,
    );
  const wrapper = (field: string, control: Element) =>
    h('div', { class: `wpwl-wrapper wpwl-wrapper-${field}` }, control.isConnected ? null : control);
  const frameAttrs = (field: string, title: string): Attrs => ({
    class: `wpwl-control wpwl-control-iframe wpwl-control-${field}`,
    title,
    scrolling: 'no',
    frameborder: '0',
  });
  const frame = (field: Field, title: string, made?: HTMLIFrameElement | null) => {
    const iframe = made ?? cardIframe(field);
    for (const [attr, value] of Object.entries(frameAttrs(field, title))) iframe.setAttribute(attr, String(value));
    iframe.style.removeProperty('display');
    return iframe;
  };

  const select = h(
    'select',
    { class: 'wpwl-control wpwl-control-brand', name: 'paymentBrand', ...named('brand', labels.brand) },
    ...p.brands.map((b) => h('option', { value: b }, cardBrandName(b))),
  );
  const logo = h('div', { class: `wpwl-brand wpwl-brand-card wpwl-brand-${p.brands[0] ?? ''}` });
  const number = frame('cardNumber', labels.cardNumber, p.frames?.cardNumber);
  const cvv = p.withCvv ? frame('cvv', labels.cvv, p.frames?.cvv) : null;
  const expiryInput = () => h('input', {
    class: 'wpwl-control wpwl-control-expiry',
    name: 'card.expiry',
    type: 'tel',
    inputmode: 'numeric',
    autocomplete: 'cc-exp',
    dir: 'ltr',
    'data-action': 'blur-card-expiry',
    placeholder: placeholder(labels.mmyy),
    ...named('expiry', labels.expiryDate),
  });
  const holderInput = () => h('input', {
    class: 'wpwl-control wpwl-control-cardHolder',
    name: 'card.holder',
    type: 'text',
    autocomplete: 'cc-name',
    'data-action': 'blur-card-holder',
    placeholder: placeholder(labels.cardHolder),
    ...named('cardHolder', labels.cardHolder),
  });
  const hidden = (name: string, value?: string) => h('input', { type: 'hidden', name, value });
  const page = p.framedExpiry
    ? null
    : { expiry: expiryInput(), holder: holderInput(), month: hidden('card.expiryMonth'), year: hidden('card.expiryYear') };
  // As iframes they carry the inputs' classes (wpwl-control-expiry, -cardHolder) and, like the
  // card number's, wpwl-control-iframe.
  const expiry = page?.expiry ?? frame('expiry', labels.expiryDate);
  const holder = page?.holder ?? frame('cardHolder', labels.cardHolder);
  const button = h('button', { type: 'submit', class: 'wpwl-button wpwl-button-pay' }, labels.submit);

  const form = h(
    'form',
    { class: 'wpwl-form wpwl-form-card wpwl-form-has-inputs wpwl-clearfix', method: 'post', lang: p.texts.lang, novalidate: true },
    group('brand', labels.brand, wrapper('brand', select), logo),
    group('cardNumber', labels.cardNumber, wrapper('cardNumber', number)),
    group('expiry', labels.expiryDate, wrapper('expiry', expiry)),
    group('cardHolder', labels.cardHolder, wrapper('cardHolder', holder)),
    cvv && group('cvv', labels.cvv, wrapper('cvv', cvv)),
    group('submit', null, wrapper('submit', button)),
    page?.month,
    page?.year,
    hidden('shopperResultUrl', p.shopperResultUrl),
  );
  return { form, select, logo, number, cvv, expiry, holder, page, button };
}
