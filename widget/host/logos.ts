// style: 'logos' (widget surface §3: "logos first, form after choosing"): the form opens on a row
// of its card brands' logos; choosing one picks that brand and shows the rest of the form, with
// the card number's frame focused. Until then the stylesheet hides the other groups (the card
// frames load all the same, so the form is ready the moment it opens), and the loader reserves
// the height of the row alone (loader/reserve.ts).

import { signal } from '@preact/signals-core';
import { cardBrandName } from '../protocol/brands.js';
import type { Scope } from './bind.js';
import { chooseBrand } from './card-brand.js';
import type { CardContext } from './card-context.js';
import { h } from './dom.js';

/** On the form once a logo was chosen: every group shows. */
const OPEN = 'wpwl-form-logos-open';

export function bindLogos(c: CardContext, scope: Scope): void {
  const { refs, model } = c;
  const open = signal(false);
  const logos = model.brands.map((brand) => {
    const name = cardBrandName(brand);
    // The title is what the badge shows (styles.css).
    const logo = h('button', { type: 'button', class: `wpwl-brand wpwl-brand-card wpwl-brand-${brand}`, 'aria-label': name, title: name });
    logo.addEventListener('click', () => {
      open.value = true;
      refs.form.classList.add(OPEN);
      chooseBrand(c, brand);
      refs.number.focus();
    });
    // Pressed, once the form is open: the form's brand, chosen here, in the select or detected.
    scope.effect(() => logo.setAttribute('aria-pressed', String(open.value && model.brand.value === brand)));
    return logo;
  });
  refs.form.prepend(h('div', { class: 'wpwl-group wpwl-group-logos wpwl-clearfix', role: 'group', 'aria-label': c.env.texts.labels.brand }, ...logos));
}
