// (Loaded on demand: extras.) The form of a voucher slip brand (BOLETO, OXXO, BALOTO), drawn in the
// bank-account forms' style in its own container (`wpwl-container-virtualAccount-<BRAND>`, widget
// surface §2). It asks only what the slip needs and the checkout does not already carry (the
// relay's widget answer names what it carries): for BOLETO the shopper's name, CPF or CNPJ (check
// digits checked as typed) and billing address; OXXO and BALOTO need only their country, sent
// hidden. It posts from this page (POST /v1/checkouts/{id}/account, no card data); the relay
// answers the slip pending with the slip page as its redirect, and the shopper is sent there: the
// slip page leads back to the result URL.

import { formThis } from '../callback-this.js';
import { collectFields } from '../card-fields.js';
import { h } from '../dom.js';
import type { WidgetEnv } from '../env.js';
import { navigate } from '../navigate.js';
import { endAnswer, formMessage, postAccountForm } from './account-post.js';
import { runVeto } from '../veto.js';
import { validCnpj, validCpf } from '../../../spec/tax-number.js';
import { submitsThrough } from '../form-submit.js';
import { brandBox, brandName, payWith } from './brand-logo.js';

/** What a field of the form is: its parameter, label, hint key, check and how its value is sent. */
interface FieldSpec {
  param: string;
  /** The field's name in classes, labels and errorMessages (`wpwl-control-<name>`, `<name>Error`). */
  name: string;
  label: string;
  error: string;
  autocomplete: string;
  ok(value: string): boolean;
  /** The value sent (digits only for numbers typed with dots and dashes). */
  clean?(value: string): string;
  inputmode?: string;
}

const digits = (v: string) => v.replace(/\D+/g, '');
const filled = (v: string) => v.trim() !== '';

/** The CPF or CNPJ field: typed with or without dots, dashes and slash; sent as digits. */
const TAX_NUMBER: FieldSpec = {
  param: 'customer.identificationDocId',
  name: 'taxNumber',
  label: 'CPF / CNPJ',
  error: 'Invalid CPF or CNPJ',
  autocomplete: 'off',
  inputmode: 'numeric',
  ok: (v) => validCpf(digits(v)) || validCnpj(digits(v)),
  clean: digits,
};

// What each slip brand needs from the shopper, as the relay's slip rules (server/src/vouchers/
// brands.ts) require it; the billing country is fixed by the brand and sent hidden.
const BOLETO_FIELDS: FieldSpec[] = [
  { param: 'customer.givenName', name: 'givenName', label: 'First name', error: 'Enter your first name', autocomplete: 'given-name', ok: filled },
  { param: 'customer.surname', name: 'surname', label: 'Last name', error: 'Enter your last name', autocomplete: 'family-name', ok: filled },
  TAX_NUMBER,
  { param: 'billing.street1', name: 'street1', label: 'Street and number', error: 'Enter the street', autocomplete: 'address-line1', ok: filled },
  { param: 'billing.city', name: 'city', label: 'City', error: 'Enter the city', autocomplete: 'address-level2', ok: filled },
  { param: 'billing.state', name: 'state', label: 'State (UF)', error: 'Enter the 2-letter state code', autocomplete: 'address-level1', ok: (v) => /^[A-Za-z]{2}$/.test(v.trim()), clean: (v) => v.trim().toUpperCase() },
  { param: 'billing.postcode', name: 'postcode', label: 'CEP', error: 'Enter the 8-digit CEP', autocomplete: 'postal-code', inputmode: 'numeric', ok: (v) => digits(v).length === 8 && /^[\d\s.-]+$/.test(v.trim()), clean: digits },
];

/** The boleto's shoppers read Portuguese: its words when the widget speaks it ([label, error]). */
const PORTUGUESE: Record<string, [string, string]> = {
  givenName: ['Nome', 'Informe o nome'],
  surname: ['Sobrenome', 'Informe o sobrenome'],
  taxNumber: ['CPF / CNPJ', 'CPF ou CNPJ inválido'],
  street1: ['Endereço e número', 'Informe o endereço'],
  city: ['Cidade', 'Informe a cidade'],
  state: ['Estado (UF)', 'Informe a sigla do estado'],
  postcode: ['CEP', 'Informe o CEP de 8 dígitos'],
};

const SLIPS: Record<string, { country: string; fields: FieldSpec[]; taxNumber: boolean }> = {
  BOLETO: { country: 'BR', fields: BOLETO_FIELDS, taxNumber: true },
  OXXO: { country: 'MX', fields: [], taxNumber: false },
  BALOTO: { country: 'CO', fields: [], taxNumber: false },
};

/** Ids of the hints, unique on the page (several widgets may show one). */
let hintIds = 0;

interface Field {
  spec: FieldSpec;
  group: HTMLElement;
  input: HTMLInputElement;
  error: string;
}

export class SlipForm {
  readonly container: HTMLDivElement;
  private readonly form: HTMLFormElement;
  private readonly button: HTMLButtonElement;
  private readonly say = formMessage(() => this.container);
  private readonly fields: Field[] = [];
  private readonly hidden: HTMLInputElement[] = [];
  private busy = false;

  constructor(
    private readonly env: WidgetEnv,
    brand: string,
    private readonly shopperResultUrl: string,
    /** What the checkout was prepared with: those fields are not asked (the relay merges them in). */
    carries: readonly string[] = [],
  ) {
    const slip = SLIPS[brand] ?? { country: '', fields: [], taxNumber: false };
    const own = env.options.labels;
    const errors = env.options.errorMessages;
    const groups: HTMLElement[] = [h('div', { class: 'wpwl-group wpwl-group-brand wpwl-clearfix' }, brandBox('virtualAccount', brand))];
    const words = (spec: FieldSpec): [string, string] => (env.texts.lang.startsWith('pt') && PORTUGUESE[spec.name]) || [spec.label, spec.error];
    for (const spec of slip.fields) {
      if (carries.includes(spec.param)) continue;
      const [label, error] = words(spec);
      const input = h('input', { class: `wpwl-control wpwl-control-${spec.name}`, name: spec.param, type: 'text', autocomplete: spec.autocomplete, spellcheck: 'false', inputmode: spec.inputmode ?? null });
      const group = h('div', { class: `wpwl-group wpwl-group-${spec.name} wpwl-clearfix` }, h('label', { class: `wpwl-label wpwl-label-${spec.name}` }, own[spec.name] ?? label, h('div', { class: `wpwl-wrapper wpwl-wrapper-${spec.name}` }, input)));
      this.fields.push({ spec, group, input, error: errors[`${spec.name}Error`] ?? error });
      groups.push(group);
    }
    if (slip.taxNumber && !carries.includes('customer.identificationDocType')) this.hidden.push(h('input', { type: 'hidden', name: 'customer.identificationDocType', value: 'TAXSTATEMENT' }));
    if (slip.country && !carries.includes('billing.country')) this.hidden.push(h('input', { type: 'hidden', name: 'billing.country', value: slip.country }));
    this.button = h('button', { type: 'submit', class: 'wpwl-button wpwl-button-pay' }, payWith(env, brand));
    this.form = h(
      'form',
      { class: `wpwl-form wpwl-form-virtualAccount wpwl-form-virtualAccount-${brand} wpwl-form-voucher${this.fields.length ? ' wpwl-form-has-inputs' : ''} wpwl-clearfix`, method: 'post', lang: env.texts.lang, novalidate: true, 'aria-label': brandName(brand) },
      ...groups,
      h('div', { class: 'wpwl-group wpwl-group-submit wpwl-clearfix' }, h('div', { class: 'wpwl-wrapper wpwl-wrapper-submit' }, this.button)),
      h('input', { type: 'hidden', name: 'paymentBrand', value: brand }),
      ...this.hidden,
    );
    submitsThrough(this.form, () => void this.submit());
    for (const f of this.fields) {
      f.input.addEventListener('blur', () => filled(f.input.value) && this.mark(f));
      // The tax number is judged as typed once it has a CPF's or a CNPJ's length (or more).
      if (f.spec === TAX_NUMBER) f.input.addEventListener('input', () => this.markAsTyped(f));
    }
    this.container = h(
      'div',
      { class: `wpwl-container wpwl-container-virtualAccount wpwl-container-virtualAccount-${brand} wpwl-clearfix`, dir: env.texts.dir === 'rtl' ? 'rtl' : null },
      this.form,
    );
  }

  /** Shows or clears a field's hint (the relay's verdict when given, else the check here); true if valid. */
  private mark(f: Field, ok = f.spec.ok(f.input.value)): boolean {
    f.input.classList.toggle('wpwl-has-error', !ok);
    f.input.setAttribute('aria-invalid', String(!ok));
    const next = f.input.nextElementSibling;
    if (next?.classList.contains(`wpwl-hint-${f.spec.name}Error`)) next.remove();
    f.input.removeAttribute('aria-describedby');
    if (!ok) {
      const id = `wpwl-slip-hint-${++hintIds}`;
      f.input.after(h('div', { class: `wpwl-hint wpwl-hint-${f.spec.name}Error`, id }, f.error));
      f.input.setAttribute('aria-describedby', id);
    }
    return ok;
  }

  /** While typing: a full CPF or CNPJ (or too many digits) is judged; shorter clears a hint only. */
  private markAsTyped(f: Field): void {
    const n = digits(f.input.value).length;
    if (n === 11 || n >= 14 || f.spec.ok(f.input.value)) this.mark(f);
    else if (f.input.classList.contains('wpwl-has-error') && n < 11) this.mark(f);
  }

  async submit(): Promise<void> {
    const { env } = this;
    if (this.busy) return;
    if (!runVeto(env.options.onBeforeSubmitVirtualAccount as ((this: HTMLFormElement, e: unknown) => unknown) | null, formThis(this.form)).proceed) return;
    if (!this.fields.map((f) => this.mark(f)).every(Boolean)) return;
    const clean = new Map(this.fields.map((f) => [f.spec.param, f.spec.clean ?? ((v: string) => v.trim())]));
    const body = new URLSearchParams(collectFields(this.form).map(([n, v]) => [n, (clean.get(n) ?? ((x: string) => x.trim()))(v)]));
    body.set('shopperResultUrl', this.shopperResultUrl);
    this.busy = this.button.disabled = true;
    this.say(null);
    const answer = await postAccountForm(env, body);
    // The slip is issued (pending): the shopper goes to it, and from it back to the result URL.
    if (answer.status === 200 && answer.redirect) return navigate(answer.redirect, env.options.paymentTarget);
    // A field the relay refused shows its hint, as if the check here had failed.
    for (const e of answer.result.parameterErrors ?? []) {
      const f = this.fields.find((x) => x.spec.param === e.name);
      if (f) this.mark(f, false);
    }
    const usable = endAnswer(env, answer, this.shopperResultUrl, this.say);
    if (usable !== undefined) this.busy = this.button.disabled = !usable;
  }
}
