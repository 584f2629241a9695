// (Loaded on demand: extras.) The forms of the brands that are not cards, one container each next
// to the merchant's form (widget surface §2): SEPA direct debit (`wpwl-container-directDebit`:
// holder, IBAN with its checksum, BIC) and the virtual-account brands
// (`wpwl-container-virtualAccount-<BRAND>`: an account id where the brand has one, else only its
// button). They carry no card data, so they post from this page (POST /v1/checkouts/{id}/account);
// the answer leads to the result, to the brand's own page (redirect), or to a message here.

import { formThis } from '../callback-this.js';
import { collectFields } from '../card-fields.js';
import { h } from '../dom.js';
import type { WidgetEnv } from '../env.js';
import { navigate } from '../navigate.js';
import { endAnswer, formMessage, postAccountForm } from './account-post.js';
import { runVeto } from '../veto.js';
import type { AccountFormsView } from './api.js';
import { bicValid, ibanValid, normalizeIban } from './iban.js';
import { SlipForm } from './slip-form.js';
import { brandOf } from '../../../spec/brands.js';
import { WalletButton, walletOffered } from './wallets.js';
import { submitsThrough } from '../form-submit.js';
import { brandBox, brandName, payWith } from './brand-logo.js';

type Kind = 'directDebit' | 'virtualAccount';

interface Field {
  input: HTMLInputElement;
  ok: () => boolean;
  hint: string;
  error: string;
}

class AccountForm {
  readonly container: HTMLDivElement;
  private readonly form: HTMLFormElement;
  private readonly button: HTMLButtonElement;
  private readonly say = formMessage(() => this.container);
  private readonly fields: Field[] = [];
  private busy = false;

  constructor(
    private readonly env: WidgetEnv,
    private readonly brand: string,
    private readonly kind: Kind,
    withAccountId: boolean,
    private readonly shopperResultUrl: string,
  ) {
    const own = env.options.labels;
    const errors = env.options.errorMessages;
    const group = (name: string, label: string, input: HTMLInputElement) =>
      h('div', { class: `wpwl-group wpwl-group-${name} wpwl-clearfix` }, h('label', { class: `wpwl-label wpwl-label-${name}` }, label, h('div', { class: `wpwl-wrapper wpwl-wrapper-${name}` }, input)));
    const input = (name: string, control: string, autocomplete: string) =>
      h('input', { class: `wpwl-control wpwl-control-${control}`, name, type: 'text', autocomplete, spellcheck: 'false' });
    const field = (el: HTMLInputElement, ok: () => boolean, hint: string, error: string) => this.fields.push({ input: el, ok, hint, error });

    const groups: HTMLElement[] = [h('div', { class: 'wpwl-group wpwl-group-brand wpwl-clearfix' }, brandBox(kind === 'directDebit' ? 'directDebit' : 'virtualAccount', brand))];
    if (kind === 'directDebit') {
      const holder = input('bankAccount.holder', 'accountHolder', 'name');
      const iban = input('bankAccount.iban', 'iban', 'off');
      const bic = input('bankAccount.bic', 'bic', 'off');
      field(holder, () => holder.value.trim().length >= 4, 'accountHolderError', errors.accountHolderError ?? 'Invalid account holder');
      field(iban, () => ibanValid(iban.value), 'accountNumberError', errors.accountNumberError ?? 'Invalid IBAN');
      field(bic, () => bicValid(bic.value), 'accountBankError', errors.accountBankError ?? 'Invalid BIC');
      groups.push(group('accountHolder', own.accountHolder ?? 'Account holder', holder), group('iban', own.accountNumber ?? 'IBAN', iban), group('bic', own.accountBank ?? 'BIC', bic));
    } else if (withAccountId) {
      const account = input('virtualAccount.accountId', 'accountId', 'off');
      field(account, () => account.value.trim() !== '', 'accountIdError', errors.accountIdError ?? 'Invalid account');
      groups.push(group('accountId', own.accountId ?? 'Account', account));
    }
    this.button = h('button', { type: 'submit', class: 'wpwl-button wpwl-button-pay' }, payWith(env, brand));
    this.form = h(
      'form',
      { class: `wpwl-form wpwl-form-${kind} wpwl-form-${kind}-${brand}${this.fields.length ? ' wpwl-form-has-inputs' : ''} wpwl-clearfix`, method: 'post', lang: env.texts.lang, novalidate: true, 'aria-label': brandName(brand) },
      ...groups,
      h('div', { class: 'wpwl-group wpwl-group-submit wpwl-clearfix' }, h('div', { class: 'wpwl-wrapper wpwl-wrapper-submit' }, this.button)),
      h('input', { type: 'hidden', name: 'paymentBrand', value: brand }),
    );
    submitsThrough(this.form, () => void this.submit());
    for (const f of this.fields) f.input.addEventListener('blur', () => f.input.value.trim() !== '' && this.mark(f));
    this.container = h(
      'div',
      { class: `wpwl-container wpwl-container-${kind} wpwl-container-${kind}-${brand} wpwl-clearfix`, dir: env.texts.dir === 'rtl' ? 'rtl' : null },
      this.form,
    );
  }

  /** Shows or clears a field's hint; true if the field is valid. */
  private mark(f: Field): boolean {
    const ok = f.ok();
    f.input.classList.toggle('wpwl-has-error', !ok);
    f.input.setAttribute('aria-invalid', String(!ok));
    const next = f.input.nextElementSibling;
    if (next?.classList.contains(`wpwl-hint-${f.hint}`)) next.remove();
    if (!ok) f.input.after(h('div', { class: `wpwl-hint wpwl-hint-${f.hint}` }, f.error));
    return ok;
  }

  async submit(): Promise<void> {
    const { env } = this;
    if (this.busy) return;
    const callback = this.kind === 'directDebit' ? env.options.onBeforeSubmitDirectDebit : env.options.onBeforeSubmitVirtualAccount;
    if (!runVeto(callback as ((this: HTMLFormElement, e: unknown) => unknown) | null, formThis(this.form)).proceed) return;
    if (!this.fields.map((f) => this.mark(f)).every(Boolean)) return;
    const body = new URLSearchParams(collectFields(this.form).map(([n, v]) => [n, n === 'bankAccount.iban' ? normalizeIban(v) : v.trim()]));
    body.set('shopperResultUrl', this.shopperResultUrl);
    this.busy = this.button.disabled = true;
    this.say(null);
    const answer = await postAccountForm(env, body);
    // The provider's page (a redirect payment): the shopper approves or cancels there.
    if (answer.kind === 'redirect') return navigate(answer.redirect!, env.options.paymentTarget);
    const usable = endAnswer(env, answer, this.shopperResultUrl, this.say);
    if (usable !== undefined) this.busy = this.button.disabled = !usable;
  }
}

/**
 * The forms of a merchant form's brands that are not cards. APPLEPAY and GOOGLEPAY get a wallet
 * button where the page can show their sheet (wallets.ts); other wallets (CLICK_TO_PAY), and those
 * two where it cannot, are reported, as unknown codes are: at once, or through `unavailable` when
 * the browser says so later.
 */
export function accountForms(
  env: WidgetEnv,
  brands: readonly string[],
  shopperResultUrl: string,
  carries: readonly string[] = [],
  unavailable: (brand: string) => void = () => {},
): AccountFormsView {
  const unsupported: string[] = [];
  const forms: Array<AccountForm | SlipForm | WalletButton> = [];
  for (const b of brands) {
    const kind = brandOf(b)?.kind;
    // Voucher slips (BOLETO, OXXO, BALOTO) have a form of their own (slip-form.ts).
    if (kind === 'voucher') forms.push(new SlipForm(env, b, shopperResultUrl, carries));
    else if (kind === 'wallet' && walletOffered(env, b)) forms.push(new WalletButton(env, b, shopperResultUrl, unavailable));
    else if (!kind || kind === 'card' || (kind === 'wallet' && b !== 'PAYPAL')) unsupported.push(b);
    else forms.push(new AccountForm(env, b, b === 'DIRECTDEBIT_SEPA' ? 'directDebit' : 'virtualAccount', kind === 'virtualAccount', shopperResultUrl));
  }
  const hidden: Array<[HTMLElement, string]> = [];
  return {
    containers: forms.map((f) => f.container),
    unsupported,
    mount(after: Element | null, merchantForm: HTMLElement) {
      const nodes = forms.map((f) => f.container);
      if (after) after.after(...nodes);
      else {
        merchantForm.before(...nodes);
        hidden.push([merchantForm, merchantForm.style.display]);
        merchantForm.style.display = 'none';
      }
    },
    submit(cls: string) {
      const form = forms.find((f) => f.container.classList.contains(cls));
      if (form) void form.submit();
      return form !== undefined;
    },
    destroy() {
      for (const f of forms) (f instanceof WalletButton ? f.destroy() : f.container.remove());
      for (const [el, display] of hidden.splice(0)) el.style.display = display;
    },
  };
}
