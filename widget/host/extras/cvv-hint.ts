// (Loaded on demand: extras.) wpwlOptions.showCVVHint: where the CVV is printed, as a popover
// (`div.wpwl-popover`) next to the CVV field. It opens while the CVV frame has focus (the shopper
// is looking for the code) and from a help button after the field (`button.wpwl-cvv-help`, the
// labels' cvvHelp), which keyboard and screen-reader users reach in the tab order; Escape or a
// click elsewhere closes it. The text follows the chosen brand: AMEX prints four digits on the
// front, MAESTRO may have none, the others three on the back (labels cvvHintAmex, cvvHintMaestro,
// cvvHint).

import { h } from '../dom.js';
import type { WidgetEnv } from '../env.js';
import type { CardFormView } from './api.js';
import { extraTexts } from './texts.js';

let popovers = 0;

/** Adds the hint to the form's CVV group; returns its removal, or null if the form has no CVV. */
export function cvvHint(env: WidgetEnv, widget: CardFormView): (() => void) | null {
  const wrapper = widget.container.querySelector<HTMLElement>('.wpwl-wrapper-cvv');
  if (!wrapper) return null;
  const { labels } = extraTexts(env.texts);
  const popover = h('div', { class: 'wpwl-popover', id: `wpwl-popover-${++popovers}`, role: 'tooltip', hidden: true });
  const button = h('button', { type: 'button', class: 'wpwl-cvv-help', 'aria-expanded': 'false', 'aria-controls': popover.id }, labels.cvvHelp);
  wrapper.append(button, popover);

  let focused = false;
  let pinned = false;
  const render = () => {
    const open = focused || pinned;
    popover.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
  };
  const stop = widget.watchCvv((brand, cvvFocused) => {
    popover.textContent = brand === 'AMEX' ? labels.cvvHintAmex : brand === 'MAESTRO' ? labels.cvvHintMaestro : labels.cvvHint;
    focused = cvvFocused;
    render();
  });
  button.addEventListener('click', () => {
    pinned = !pinned;
    render();
  });
  const close = (e: Event) => {
    if (!pinned) return;
    if (e instanceof KeyboardEvent ? e.key === 'Escape' : !wrapper.contains(e.target as Node)) {
      pinned = false;
      render();
    }
  };
  document.addEventListener('keydown', close);
  document.addEventListener('click', close);
  return () => {
    stop();
    document.removeEventListener('keydown', close);
    document.removeEventListener('click', close);
    button.remove();
    popover.remove();
  };
}
