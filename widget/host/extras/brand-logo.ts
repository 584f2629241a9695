// (Loaded on demand: extras.) What tells the forms that are not cards apart: the brand's logo (an
// image the relay serves next to this script, named for assistive technology by the brand's
// display name) and a pay button that names the method ("Pay with PayPal"), and, on a page with
// such forms, the card form's button "Pay by card" instead of "Pay now".

import { h } from '../dom.js';
import type { WidgetEnv } from '../env.js';
import { brandDisplayName } from '../../../spec/brand-logos.js';
import { extraTexts } from './texts.js';

/** <base>/v1/static/<cacheVersion>/logos, next to this script's own js/ folder. */
let logosDir = '';

/** Called once by extras/main.ts with extras.min.js's own URL. */
export function logosNextTo(scriptSrc: string): void {
  logosDir = scriptSrc.replace(/\/js\/[^/]*$/, '/logos');
}

/** The brand's display name (the code for a brand the table lacks). */
export const brandName = (brand: string): string => brandDisplayName(brand) ?? brand;

/** div.wpwl-brand.wpwl-brand-<kind>.wpwl-brand-<BRAND> holding the brand's logo, named by its display name. */
export function brandBox(kind: string, brand: string): HTMLElement {
  return h('div', { class: `wpwl-brand wpwl-brand-${kind} wpwl-brand-${brand}` }, h('img', { class: 'wpwl-brand-logo', src: `${logosDir}/${encodeURIComponent(brand)}.svg`, alt: brandName(brand), width: '56', height: '38', decoding: 'async' }));
}

/** "Pay with <brand>", in the page's locale (labels.payWith, `{brand}` standing for the name). */
export function payWith(env: WidgetEnv, brand: string): string {
  return extraTexts(env.texts).labels.payWith.replace('{brand}', brandName(brand));
}

/**
 * With other methods' forms on the page, the card forms' pay buttons say "Pay by card"
 * (labels.payByCard), unless the merchant named the button (labels.submit) or the form registers
 * a card. Gives back a function that puts the texts back.
 */
export function nameCardButtons(env: WidgetEnv, containers: readonly HTMLElement[]): () => void {
  if (env.options.labels.submit !== undefined || env.registration) return () => {};
  const text = extraTexts(env.texts).labels.payByCard;
  const named = containers.map((c) => c.querySelector<HTMLButtonElement>('form.wpwl-form-card button.wpwl-button-pay')).filter((b): b is HTMLButtonElement => b !== null);
  const before = named.map((b) => b.textContent);
  for (const b of named) b.textContent = text;
  return () => named.forEach((b, i) => (b.textContent = before[i] ?? ''));
}
