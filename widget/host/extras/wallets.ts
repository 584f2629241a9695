// (Loaded on demand: extras.) Wallet buttons: APPLEPAY and GOOGLEPAY in data-brands each get a
// button in their own container (`wpwl-container-virtualAccount-<BRAND>`, widget surface §2, also
// `wpwl-container-wallet`). A click opens the browser's Payment Request sheet (live checkouts) or
// the simulated sheet (test checkouts, wallet-sheet.ts); the token it gives is posted from this
// page (POST /v1/checkouts/{id}/account, as the other non-card forms: no card data crosses the
// page) with walletPay.source=web, and the answer leads to the result URL or to a message here.
// Closing the sheet pays nothing and leaves the button usable. onBeforeSubmitVirtualAccount vetoes
// the click, as it does for PAYPAL's button.

import { formThis } from '../callback-this.js';
import { collectFields } from '../card-fields.js';
import { h } from '../dom.js';
import type { WidgetEnv } from '../env.js';
import { runVeto } from '../veto.js';
import { OTHER_BRANDS } from '../../../spec/brands.js';
import { endAnswer, formMessage, postAccountForm } from './account-post.js';
import { extraTexts } from './texts.js';
import { WALLET_METHODS, walletRequest, walletToken } from './wallet-request.js';
import { simulatedSheet } from './wallet-sheet.js';
import { submitsThrough } from '../form-submit.js';
import { brandBox } from './brand-logo.js';

/** A token, and how to tell the wallet's sheet whether it paid. */
interface Authorized {
  token: string;
  complete(paid: boolean): void;
}

/**
 * Whether the checkout is a test one: its id's suffix names its environment (widget surface §7:
 * `.uat01-…` test, `.prod01-…` live). Test checkouts get the simulated sheet.
 */
export function isTestCheckout(checkoutId: string): boolean {
  return !/\.prod\d*-/i.test(checkoutId);
}

/** Whether this page can offer `brand`'s button: a wallet brand with a sheet here (simulated, or the browser's). */
export function walletOffered(env: WidgetEnv, brand: string): boolean {
  return brand in WALLET_METHODS && (isTestCheckout(env.checkoutId) || typeof window.PaymentRequest === 'function');
}

const option = (env: WidgetEnv, brand: string): unknown => (brand === 'APPLEPAY' ? env.options.applePay : env.options.googlePay);

/** The checkout's amount and currency, as the main script filled them in wpwl.checkout. */
function checkoutTotal(): { amount: string; currency: string } {
  const c = window.wpwl?.checkout ?? {};
  return { amount: typeof c.amount === 'string' ? c.amount : '', currency: typeof c.currency === 'string' ? c.currency : '' };
}

export class WalletButton {
  readonly container: HTMLDivElement;
  private readonly form: HTMLFormElement;
  private readonly button: HTMLButtonElement;
  private readonly say = formMessage(() => this.container);
  private readonly name: string;
  /** Closes an open sheet when the widget is unloaded. */
  private readonly gone = new AbortController();
  private busy = false;

  constructor(
    private readonly env: WidgetEnv,
    private readonly brand: string,
    private readonly shopperResultUrl: string,
    /** Called when the browser turns out to have no sheet for the brand after all. */
    private readonly unavailable: (brand: string) => void,
  ) {
    this.name = OTHER_BRANDS.find((b) => b.code === brand)?.name ?? brand;
    this.button = h('button', { type: 'submit', class: `wpwl-button wpwl-button-pay wpwl-button-wallet wpwl-button-wallet-${brand}` }, this.name);
    this.form = h(
      'form',
      { class: `wpwl-form wpwl-form-virtualAccount wpwl-form-virtualAccount-${brand} wpwl-form-wallet wpwl-clearfix`, method: 'post', lang: env.texts.lang, novalidate: true, 'aria-label': this.name },
      h('div', { class: 'wpwl-group wpwl-group-brand wpwl-clearfix' }, brandBox('virtualAccount', brand)),
      h('div', { class: 'wpwl-group wpwl-group-submit wpwl-clearfix' }, h('div', { class: 'wpwl-wrapper wpwl-wrapper-submit' }, this.button)),
      h('input', { type: 'hidden', name: 'paymentBrand', value: brand }),
    );
    submitsThrough(this.form, () => void this.submit());
    this.container = h(
      'div',
      { class: `wpwl-container wpwl-container-virtualAccount wpwl-container-virtualAccount-${brand} wpwl-container-wallet wpwl-clearfix`, dir: env.texts.dir === 'rtl' ? 'rtl' : null },
      this.form,
    );
    if (!isTestCheckout(env.checkoutId)) void this.checkAvailable();
  }

  /** Live: a browser with Payment Request but no sheet for this wallet (Apple Pay outside Safari) cannot offer it. */
  private async checkAvailable(): Promise<void> {
    const { methods, details } = walletRequest(this.brand, option(this.env, this.brand), '0.00', checkoutTotal().currency || 'EUR', location.hostname);
    let can = false;
    try {
      // The constructor throws on method data the browser refuses (an option that is not JSON…).
      can = await new PaymentRequest(methods, details).canMakePayment();
    } catch {
      // can stays false: no sheet.
    }
    if (!can) this.withdraw();
  }

  private withdraw(): void {
    // Reported once, whichever of canMakePayment() and show() says so first.
    if (this.gone.signal.aborted) return;
    this.gone.abort();
    this.container.remove();
    this.unavailable(this.brand);
  }

  /** The simulated sheet's token (test checkouts). */
  private async simulated(): Promise<Authorized | null> {
    const { amount, currency } = checkoutTotal();
    const texts = { pay: this.env.texts.labels.submit, cancel: extraTexts(this.env.texts).labels.cancel };
    const token = await simulatedSheet(this.container, this.brand, this.name, `${currency} ${amount}`, texts, this.gone.signal);
    return token === null ? null : { token, complete: () => {} };
  }

  /** The browser's Payment Request sheet (live checkouts); null when the shopper closed it. */
  private async paymentRequest(): Promise<Authorized | null> {
    const { amount, currency } = checkoutTotal();
    const { methods, details } = walletRequest(this.brand, option(this.env, this.brand), amount, currency, location.hostname);
    let response: PaymentResponse;
    try {
      response = await new PaymentRequest(methods, details).show();
    } catch (e) {
      // NotSupportedError: no sheet for this wallet here. AbortError: the shopper closed the sheet.
      // Anything else (no user click behind executePayment…): the button stays for a click.
      if (e instanceof DOMException && e.name === 'NotSupportedError') this.withdraw();
      return null;
    }
    return { token: walletToken(response.details), complete: (paid) => void response.complete(paid ? 'success' : 'fail').catch(() => {}) };
  }

  async submit(): Promise<void> {
    const { env } = this;
    if (this.busy) return;
    if (!runVeto(env.options.onBeforeSubmitVirtualAccount as ((this: HTMLFormElement, e: unknown) => unknown) | null, formThis(this.form)).proceed) return;
    // The button stays enabled while a sheet is open (it keeps the focus to come back to; the
    // sheet is modal) and is disabled while the token is being paid.
    this.busy = true;
    this.say(null);
    const authorized = await (isTestCheckout(env.checkoutId) ? this.simulated() : this.paymentRequest());
    if (!authorized) {
      this.busy = false;
      return;
    }
    this.button.disabled = true;
    // Whatever the merchant added to the form goes too, as with the other forms.
    const body = new URLSearchParams(collectFields(this.form));
    body.set('walletPay.paymentToken', authorized.token);
    body.set('walletPay.source', 'web');
    body.set('shopperResultUrl', this.shopperResultUrl);
    const answer = await postAccountForm(env, body);
    authorized.complete(answer.kind === 'success' || answer.kind === 'pending');
    const usable = endAnswer(env, answer, this.shopperResultUrl, this.say);
    if (usable === undefined) return;
    this.busy = this.button.disabled = !usable;
    if (usable) this.button.focus();
  }

  destroy(): void {
    this.gone.abort();
    this.container.remove();
  }
}
