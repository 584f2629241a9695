// Entry of extras.min.js: the parts of the widget only some checkouts need (stored cards, the forms
// of brands that are not cards and the wallet buttons, the billing group, the CVV hint), loaded on demand by the main script
// (extras-load.ts). It defines no global: it hands its parts to the main script through an event
// on its own script element.

import { isCardBrand } from '../../protocol/brands.js';
import { accountForms } from './account-forms.js';
import { EXTRAS_EVENT, type AccountFormsView, type Extras, type ExtrasHost, type Mounted } from './api.js';
import { billingGroup } from './billing.js';
import { cvvHint } from './cvv-hint.js';
import { StoredCards } from './stored-cards.js';
import { adoptExtrasStyle } from './style.js';
import { logosNextTo, nameCardButtons } from './brand-logo.js';

function mount(host: ExtrasHost): Mounted {
  const { env, widgets } = host;
  const dropStyle = adoptExtrasStyle();
  const accounts: AccountFormsView[] = [];
  host.forms.forEach((form, i) => {
    const brands = host.listed[i]!.filter((b) => !isCardBrand(b));
    if (!brands.length) return;
    const notOffered = (brand: string) => host.error('WidgetError', `Brand ${brand} not offered`, { brand });
    const view = accountForms(env, brands, new URL(form.getAttribute('action') ?? '', document.baseURI).href, host.carries, notOffered);
    for (const brand of view.unsupported) notOffered(brand);
    if (view.containers.length) view.mount(widgets.find((w) => w.merchantForm === form)?.container ?? null, form);
    accounts.push(view);
  });
  // Several methods on the page: each pay button names its own.
  const unnameCards = accounts.some((a) => a.containers.length) ? nameCardButtons(env, widgets.map((w) => w.container)) : () => {};
  if (env.options.billingAddress) for (const w of widgets) w.addCheck(billingGroup(env, w.container.querySelector('form')!));
  const hints = env.options.showCVVHint ? widgets.map((w) => cvvHint(env, w)) : [];
  const first = widgets[0];
  const stored = first && host.cards.length ? new StoredCards(env, host.cards, first) : null;
  if (first) stored?.mount(first.container, widgets.map((w) => w.container));
  return {
    handleMessage: (e) => stored?.handleMessage(e) ?? false,
    submit(cls) {
      if (stored?.container.classList.contains(cls)) return stored.submit(), true;
      return accounts.some((a) => a.submit(cls));
    },
    destroy() {
      for (const a of accounts.splice(0)) a.destroy();
      stored?.destroy();
      for (const remove of hints.splice(0)) remove?.();
      unnameCards();
      dropStyle();
    },
  };
}

// Logos come from the build's folder next to this script.
if (document.currentScript instanceof HTMLScriptElement) logosNextTo(document.currentScript.src);
const extras: Extras = { mount };
document.currentScript?.dispatchEvent(new CustomEvent(EXTRAS_EVENT, { detail: extras }));
