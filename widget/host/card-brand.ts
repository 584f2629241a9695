// The card form's brand: chosen in the select, or detected by the card-number frame from the
// digits (brandDetection); the merchant hears of every change (onChangeBrand, onDetectBrand).

import type { StateMsg } from '../protocol/messages.js';
import { formThis } from './callback-this.js';
import type { CardContext } from './card-context.js';

export function chooseBrand(c: CardContext, brand: string | null): void {
  if (brand === c.model.brand.peek()) return;
  c.model.brand.value = brand;
  c.env.call(c.env.options.onChangeBrand, formThis(c.refs.form), brand);
}

/** What the card-number frame's state report says about the brand. */
export function followDetection(c: CardContext, s: StateMsg): void {
  const { env, model } = c;
  if (env.options.brandDetection && s.brand && s.brand !== model.brand.peek() && model.brands.includes(s.brand)) chooseBrand(c, s.brand);
  if (model.detected.peek().join() !== s.detected.join()) {
    model.detected.value = s.detected;
    env.call(env.options.onDetectBrand, formThis(c.refs.form), s.detected, model.brand.peek());
  }
}
