// (Loaded on demand: extras.) wpwlOptions.billingAddress: the billing address group of the card
// form (`div.wpwl-group.wpwl-group-billing`), prefilled from the option's values, sent as
// `billing.*` with the card data (3-D Secure 2 wants it). mandatoryBillingFields names the fields
// that must be filled before the form submits: an empty one gets wpwl-has-error and its hint.

import { toBool } from '../options.js';
import { h } from '../dom.js';
import type { WidgetEnv } from '../env.js';

const FIELDS = [
  ['country', 'Country', 'country'],
  ['state', 'State', 'address-level1'],
  ['city', 'City', 'address-level2'],
  ['postcode', 'Postal code', 'postal-code'],
  ['street1', 'Street', 'address-line1'],
  ['street2', 'Street (continued)', 'address-line2'],
] as const;

/** Inserts the group before the form's submit group; returns the check run before each submit. */
export function billingGroup(env: WidgetEnv, form: HTMLFormElement): () => boolean {
  const prefill = (typeof env.options.billingAddress === 'object' && env.options.billingAddress) || {};
  const mandatory = (typeof env.options.mandatoryBillingFields === 'object' && env.options.mandatoryBillingFields) || {};
  const own = env.options.labels;
  const required: HTMLInputElement[] = [];
  const group = h('div', { class: 'wpwl-group wpwl-group-billing wpwl-clearfix' }, h('div', { class: 'wpwl-label wpwl-label-billing' }, own.billingAddress ?? 'Billing address'));
  for (const [name, label, autocomplete] of FIELDS) {
    const value = (prefill as Record<string, unknown>)[name];
    const input = h('input', {
      class: `wpwl-control wpwl-control-billing wpwl-control-${name}`,
      name: `billing.${name}`,
      type: 'text',
      autocomplete: `billing ${autocomplete}`,
      value: typeof value === 'string' ? value : null,
      'aria-label': own[name] ?? label,
      placeholder: own[name] ?? label,
    });
    if (toBool((mandatory as Record<string, unknown>)[name], false)) {
      input.required = true;
      required.push(input);
    }
    group.append(h('div', { class: `wpwl-wrapper wpwl-wrapper-billing wpwl-wrapper-${name}` }, input));
  }
  (form.querySelector('.wpwl-group-submit') ?? form.lastChild)?.before(group);
  return () => {
    let ok = true;
    for (const input of required) {
      const empty = input.value.trim() === '';
      input.classList.toggle('wpwl-has-error', empty);
      input.setAttribute('aria-invalid', String(empty));
      const next = input.nextElementSibling;
      if (next?.classList.contains('wpwl-hint-billingError')) next.remove();
      if (empty) input.after(h('div', { class: 'wpwl-hint wpwl-hint-billingError' }, env.options.errorMessages.billingError ?? 'Required'));
      ok &&= !empty;
    }
    return ok;
  };
}
