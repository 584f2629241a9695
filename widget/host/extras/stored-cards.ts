// (Loaded on demand: extras.) The stored cards a checkout offers (widget surface §6): `div#wpwl-registrations` before the card
// form, one `.wpwl-group-registration` per card (radio, brand logo, masked number, expiry), paid in
// one click through the card form's card-number frame (no card number goes with it). With
// registrations.hideInitialPaymentForms the other forms stay hidden until the shopper asks.

import { collectFields } from '../card-fields.js';
import type { StoredCard } from '../checkout-api.js';
import { h } from '../dom.js';
import type { WidgetEnv } from '../env.js';
import { toBool } from '../options.js';
import type { PayingForm } from './api.js';
import { extraTexts } from './texts.js';
import { StoredCvv } from './stored-cvv.js';
import type { Incoming } from '../../protocol/channel.js';
import { submitsThrough } from '../form-submit.js';

export class StoredCards {
  readonly root: HTMLDivElement;
  readonly container: HTMLDivElement;
  private readonly stop: () => void;
  private readonly hidden: Array<[HTMLElement, string]> = [];
  /** registrations.hideInitialPaymentForms: the other forms wait behind a button. */
  private readonly hide: boolean;
  /** registrations.requireCvv: each card's CVV frame, in the cards' order; empty without. */
  private readonly cvvs: StoredCvv[] = [];

  constructor(
    env: WidgetEnv,
    cards: readonly StoredCard[],
    private readonly via: PayingForm,
  ) {
    const { labels } = env.texts;
    const options = (env.options.registrations ?? {}) as { hideInitialPaymentForms?: unknown; requireCvv?: unknown };
    this.hide = toBool(options.hideInitialPaymentForms, false);
    const requireCvv = toBool(options.requireCvv, false);
    const own = env.options.labels;
    const groups = cards.map((card, i) => {
      const radio = h('input', { type: 'radio', name: 'registrationId', value: card.id, checked: i === 0, 'aria-label': `${card.brand} •••• ${card.last4}` });
      const group = h(
        'div',
        { class: `wpwl-group wpwl-group-registration wpwl-clearfix${i === 0 ? ' wpwl-selected' : ''}` },
        h(
          'label',
          { class: 'wpwl-registration' },
          h('div', { class: 'wpwl-wrapper-registration wpwl-wrapper-registration-registrationId' }, radio),
          h('div', { class: 'wpwl-wrapper-registration wpwl-wrapper-registration-brand' }, h('div', { class: `wpwl-brand wpwl-brand-${card.brand}` })),
          h(
            'div',
            { class: 'wpwl-wrapper-registration wpwl-wrapper-registration-details' },
            h('div', { class: 'wpwl-wrapper-registration-number' }, `•••• ${card.last4}`),
            h('div', { class: 'wpwl-wrapper-registration-expiry' }, `${card.expiryMonth}/${card.expiryYear.slice(-2)}`),
          ),
        ),
      );
      if (requireCvv) {
        const cvv = new StoredCvv(env, card.brand, (msg) => via.payMessage(msg));
        this.cvvs.push(cvv);
        // Outside the label: a click into the CVV is not a click on the card's radio.
        group.append(h('div', { class: 'wpwl-wrapper-registration wpwl-wrapper-registration-cvv' }, cvv.iframe));
      }
      radio.addEventListener('change', () => {
        for (const g of groups) g.classList.toggle('wpwl-selected', g === group);
      });
      return group;
    });
    const pay = h('button', { type: 'submit', class: 'wpwl-button wpwl-button-pay' }, labels.submit);
    const form = h('form', { class: 'wpwl-form wpwl-form-registrations wpwl-clearfix', method: 'post', lang: env.texts.lang, novalidate: true }, ...groups);
    const submit = h('div', { class: 'wpwl-group wpwl-group-submit wpwl-clearfix' }, h('div', { class: 'wpwl-wrapper wpwl-wrapper-submit' }, pay));
    form.append(submit);
    submitsThrough(form, () => this.submit());
    this.container = h('div', { class: 'wpwl-container wpwl-container-registration wpwl-clearfix', dir: env.texts.dir === 'rtl' ? 'rtl' : null }, form);
    this.root = h('div', { id: 'wpwl-registrations' }, this.container);

    if (this.hide) {
      const others = h('button', { type: 'button', class: 'wpwl-button wpwl-button-pay', 'data-action': 'show-initial-forms' }, extraTexts(env.texts).labels.showOtherPaymentMethods);
      submit.append(others);
      others.addEventListener('click', () => {
        for (const [el, display] of this.hidden.splice(0)) el.style.display = display;
        others.remove();
      });
    }

    // The card form's payment state: its message and its busy button apply to this form too.
    const message = h('div', { class: 'wpwl-message wpwl-has-error', role: 'alert' });
    this.stop = via.watch((text, busy) => {
      pay.disabled = busy;
      if (text === null) return message.remove();
      message.textContent = text;
      if (!message.isConnected) this.container.prepend(message);
    });
  }

  /** Puts the list before the first card form; hides the other forms if the merchant asked to. */
  mount(first: HTMLElement, others: readonly HTMLElement[]): void {
    first.before(this.root);
    for (const cvv of this.cvvs) cvv.launch();
    if (this.hide) for (const el of others) this.hidden.push([el, el.style.display]), (el.style.display = 'none');
  }

  submit(): void {
    const form = this.container.querySelector('form');
    if (!form) return;
    const radios = Array.from(form.querySelectorAll<HTMLInputElement>('input[name="registrationId"]'));
    const cvv = this.cvvs[Math.max(0, radios.findIndex((r) => r.checked))];
    if (!cvv) return void this.via.payStored(form, collectFields(form));
    const send = cvv.sender();
    if (send) void this.via.payStored(form, collectFields(form), send);
  }

  handleMessage(e: Incoming): boolean {
    return this.cvvs.some((cvv) => cvv.handleMessage(e));
  }

  destroy(): void {
    this.stop();
    for (const cvv of this.cvvs.splice(0)) cvv.destroy();
    this.root.remove();
    for (const [el, display] of this.hidden.splice(0)) el.style.display = display;
  }
}
