// One run of the main script on a merchant page: reads wpwlOptions late, renders a card widget per
// form.paymentWidgets, shows them once the checkout and the stylesheet are there, calls onReady
// once, and tears everything down in wpwl.unload(). The re-mount recipe of single-page apps
// (unload, delete the script, new form, new loader) runs a new Session each time; an older one
// still alive is unloaded first.
// Time to a usable form is mostly the card frames' (a page and a script on the relay's origin,
// in their own process): they need nothing from the checkout, so the forms are rendered (hidden)
// and their frames start loading before the checkout's answer is awaited.

import { takeOver, type EarlyFrames, type Handoff } from '../loader/handoff.js';
import { release } from '../loader/reserve.js';
import { isCardBrand, parseBrandList } from '../protocol/brands.js';
import { CardWidget } from './card-widget.js';
import { loadExtras } from './extras-load.js';
import type { Extras, Mounted } from './extras/api.js';
import type { WidgetEnv } from './env.js';
import { fetchCheckout, type CheckoutInfo } from './checkout-api.js';
import { widgetError, type WidgetErrorInfo, type WidgetErrorName } from './errors.js';
import { readOptions, type Callback, type Options } from './options.js';
import { loadLocale } from './locale-load.js';
import { textsFor, type Texts } from './texts.js';
import { wrap } from './wrap.js';

/** How long rendering waits for static.min.css before going ahead unstyled, ms. */
const STYLESHEET_TIMEOUT_MS = 3000;

export interface WpwlGlobal {
  checkout?: Record<string, unknown>;
  ndc?: string;
  apiVersion?: string;
  cacheVersion?: string;
  unload?: () => void;
  executePayment?: (containerClass?: string) => void;
  [key: string]: unknown;
}

declare global {
  interface Window {
    wpwl?: WpwlGlobal;
    wpwlOptions?: unknown;
  }
}

export interface SessionConfig {
  /** Relay base URL: origin plus any path prefix in front of /v1. */
  base: string;
  /** Exact relay origin. */
  origin: string;
  /** Checkout id without the /registration suffix. */
  checkoutId: string;
  /** The id asked for the registration widget (`ID/registration`): the form stores the card. */
  registration: boolean;
  /** URL of static.min.css next to this script. */
  stylesheet: string;
  /** URL of extras.min.js next to this script: the parts only some checkouts need. */
  extras: string;
  /** What the loader started: the configuration request, the card iframes. */
  handoff: Handoff;
}

function safeCall(cb: Callback | null, self: unknown, ...args: unknown[]): unknown {
  if (!cb) return undefined;
  try {
    return cb.apply(self, args);
  } catch (e) {
    console.error(e);
    return undefined;
  }
}

/** Resolves once the widget stylesheet is usable (or failed, or took too long): no unstyled flash. */
function stylesheetReady(href: string): Promise<void> {
  let link = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).find((l) => l.href === href);
  if (!link) {
    link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.crossOrigin = 'anonymous';
    // First in <head>: a merchant's own rules of the same specificity come later and win.
    document.head.prepend(link);
  } else if (link.sheet) {
    return Promise.resolve();
  }
  const l = link;
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, STYLESHEET_TIMEOUT_MS);
    l.addEventListener('load', done, { once: true });
    l.addEventListener('error', done, { once: true });
  });
}

function domReady(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}

export class Session {
  private widgets: CardWidget[] = [];
  /** What extras drew (stored cards, other forms), if they were needed. */
  private mounted: Mounted | null = null;
  private readonly notices: Array<{ box: HTMLElement; form: HTMLElement; display: string }> = [];
  private readonly abort = new AbortController();
  private unloaded = false;
  private options: Options = readOptions(undefined);
  private texts: Texts = textsFor('en', {}, {});
  private readonly onMessage = (e: MessageEvent) => {
    if (this.mounted?.handleMessage(e)) return;
    for (const w of this.widgets) if (w.handleMessage(e)) return;
  };

  constructor(private readonly cfg: SessionConfig) {}

  async start(): Promise<void> {
    await domReady();
    if (this.unloaded) return;
    this.options = readOptions(window.wpwlOptions);
    // Only the chosen locale is downloaded; the loader's frames keep loading meanwhile.
    const staticDir = this.cfg.stylesheet.replace(/\/css\/static\.min\.css$/, '');
    const locale = await loadLocale(staticDir, this.options.locale, this.abort.signal);
    if (this.unloaded) return;
    this.texts = textsFor(this.options.locale, this.options.labels, this.options.errorMessages, locale);
    const forms = Array.from(document.querySelectorAll<HTMLFormElement>('form.paymentWidgets'));
    const answering = fetchCheckout(this.cfg.base, this.cfg.checkoutId, this.abort.signal, this.cfg.handoff.request);
    const styled = stylesheetReady(this.cfg.stylesheet);
    window.addEventListener('message', this.onMessage);
    // Drawn for the brands the forms list; a checkout that narrows them gets them drawn again below.
    const early = forms.map((form) => this.brandsOf(form, null));
    this.mountAll(forms, early, this.cfg.handoff.frames);
    this.settleEarlyFrames();
    const [answer] = await Promise.all([answering, styled]);
    if (this.unloaded) return;
    if (answer.kind !== 'ok') {
      this.removeWidgets();
      const message = answer.kind === 'invalid' ? answer.description : this.texts.messages.communication;
      for (const form of forms) this.notice(form, answer.kind === 'invalid' ? this.texts.messages.invalidCheckout : message);
      if (answer.kind === 'invalid') this.error('InvalidCheckoutIdError', message, { code: answer.code });
      else this.error('WidgetError', answer.message);
      return;
    }
    const listed = forms.map((form) => this.brandsOf(form, answer.checkout));
    this.fillCheckout(answer.checkout, [...new Set(listed.flat())]);
    const cards = (brands: string[]) => brands.filter(isCardBrand).join(' ');
    if (listed.some((brands, i) => cards(brands) !== cards(early[i]!))) {
      this.removeWidgets();
      this.mountAll(forms, listed, null);
    }
    for (const widget of this.widgets) {
      if (answer.checkout.locked) widget.lock(this.texts.messages.locked);
      widget.show();
    }
    // Stored cards, forms of brands that are not cards, the billing group, the CVV hint: only the checkouts and
    // pages that need them download that part of the widget (extras), before onReady.
    if (answer.checkout.registrations.length || this.options.billingAddress || this.options.showCVVHint || listed.some((brands) => brands.some((b) => !isCardBrand(b)))) {
      const extras = await this.extras();
      const env = this.env(0);
      this.mounted = extras && extras.mount({ env, forms, listed, widgets: this.widgets, cards: answer.checkout.registrations, carries: answer.checkout.carries, error: env.error });
    }
    if (this.unloaded) return;
    const self = { $form: wrap(this.widgets.map((w) => w.container.querySelector('form')).filter((f): f is HTMLFormElement => f !== null)) };
    safeCall(this.options.onReady, self);
    if (this.unloaded) return;
    for (const widget of this.widgets) widget.announce();
  }

  /**
   * A (hidden) card widget for each form that lists at least one card brand. The loader's iframes
   * (`early`, loader/handoff.ts) go to the first card form; used once, they are gone with it.
   */
  private mountAll(forms: HTMLFormElement[], listed: string[][], early: EarlyFrames | null): void {
    let index = 0;
    let frames = early;
    for (const [i, form] of forms.entries()) {
      const brands = listed[i]!.filter(isCardBrand);
      if (brands.length === 0) continue;
      const widget = new CardWidget(this.env(index++), form, brands, frames);
      frames = null;
      this.widgets.push(widget);
      widget.mount();
    }
  }

  /**
   * The loader's iframes that no card form took are removed; what their frames said before the
   * main script ran is handled now, with the same checks as any message.
   */
  private settleEarlyFrames(): void {
    const handed = this.cfg.handoff.frames;
    if (!handed) return;
    const kept = handed.take();
    for (const iframe of Object.values(handed.frames)) if (!iframe.closest('.wpwl-container')) iframe.remove();
    if (!this.unloaded) for (const e of kept) this.onMessage(e);
  }

  /** extras.min.js (extras/main.ts), loaded once; null if it did not load (reported) or on unload. */
  private async extras(): Promise<Extras | null> {
    const extras = await loadExtras(this.cfg.extras).catch(() => null);
    if (!extras) this.error('WidgetError', 'extras.min.js did not load');
    return this.unloaded ? null : extras;
  }

  private removeWidgets(): void {
    this.mounted?.destroy();
    this.mounted = null;
    for (const w of this.widgets.splice(0)) w.destroy();
  }

  unload(): void {
    if (this.unloaded) return;
    this.unloaded = true;
    this.abort.abort();
    window.removeEventListener('message', this.onMessage);
    this.settleEarlyFrames();
    this.removeWidgets();
    // The form the merchant gets back is empty: no height kept for a form that is gone.
    release();
    for (const n of this.notices.splice(0)) {
      n.box.remove();
      n.form.style.display = n.display;
    }
  }

  /** wpwl.executePayment(containerClass): submits the first widget whose container has the class. */
  executePayment(containerClass?: string): void {
    const cls = (containerClass ?? 'wpwl-container-card').replace(/^\./, '');
    if (this.mounted?.submit(cls)) return;
    const widget = this.widgets.find((w) => w.container.classList.contains(cls));
    if (widget) void widget.submit();
    else this.error('WidgetError', `No payment form with class ${cls}`);
  }

  private env(index: number): WidgetEnv {
    return {
      base: this.cfg.base,
      origin: this.cfg.origin,
      checkoutId: this.cfg.checkoutId,
      registration: this.cfg.registration,
      options: this.options,
      texts: this.texts,
      index,
      call: safeCall,
      error: (name, message, info) => this.error(name, message, info),
    };
  }

  /** The form's brands, as far as the checkout (when known) allows them. */
  private brandsOf(form: HTMLFormElement, checkout: CheckoutInfo | null): string[] {
    const listed = parseBrandList(form.getAttribute('data-brands') ?? form.textContent);
    const allowed = checkout?.brands;
    return allowed && allowed.length ? listed.filter((b) => allowed.includes(b)) : listed;
  }

  /** wpwl.checkout as merchant pages read it; brands are the checkout's, else the forms' own. */
  private fillCheckout(c: CheckoutInfo, formBrands: string[]): void {
    const w = (window.wpwl ??= {});
    const checkout = (w.checkout ??= {});
    Object.assign(checkout, {
      id: this.cfg.checkoutId,
      amount: c.amount,
      currency: c.currency,
      paymentType: c.paymentType,
      // customRedirectPageConfig: filled by pages in onReady (redirect-colors.ts reads it).
      config: { brands: c.brands ?? formBrands, registrations: c.registrations, customRedirectPageConfig: {} },
    });
  }

  /** A message in place of the form (unknown or expired checkout, relay unreachable). */
  private notice(form: HTMLFormElement, text: string): void {
    const box = document.createElement('div');
    box.className = 'wpwl-container wpwl-container-card wpwl-clearfix';
    if (this.texts.dir === 'rtl') box.dir = 'rtl';
    const message = document.createElement('div');
    message.className = 'wpwl-message wpwl-has-error';
    message.setAttribute('role', 'alert');
    message.textContent = text;
    box.append(message);
    this.notices.push({ box, form, display: form.style.display });
    form.before(box);
    form.style.display = 'none';
  }

  private error(name: WidgetErrorName, message: string, info?: WidgetErrorInfo): void {
    if (this.unloaded) return;
    safeCall(this.options.onError, undefined, widgetError(name, message, info));
  }
}

/** Entry of static.min.js: finds its own script element (only readable now), starts a Session. */
export function boot(script: HTMLScriptElement | null): void {
  if (!script?.src) return;
  const src = script.src;
  const at = src.indexOf('/v1/static/');
  if (at < 0) return;
  // Before anything the page provides can run (getters on window.wpwl, wpwl.unload): only this
  // script's own top level may claim the loader's hand-over.
  const handoff = takeOver(script);
  const base = src.slice(0, at);
  const raw = script.getAttribute('data-checkout-id') ?? String(window.wpwl?.checkout?.id ?? '');
  const registration = /\/registration$/.test(raw);
  const checkoutId = raw.replace(/\/registration$/, '');
  if (!checkoutId) return;
  const w = (window.wpwl ??= {});
  if (typeof w.unload === 'function') w.unload();
  const session = new Session({
    base,
    origin: new URL(src).origin,
    checkoutId,
    registration,
    stylesheet: src.replace(/\/js\/static\.min\.js(?:[?#].*)?$/, '/css/static.min.css'),
    extras: src.replace(/\/static\.min\.js(?:[?#].*)?$/, '/extras.min.js'),
    handoff,
  });
  w.unload = () => session.unload();
  w.executePayment = (containerClass?: string) => session.executePayment(containerClass);
  void session.start();
}
