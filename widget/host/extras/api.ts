// What the main script and its on-demand part (extras.min.js, loaded only when a checkout or an
// option needs it: stored cards…) hand each other. The extras bundle has no signals of its own:
// the main script's state reaches it through `watch`.

import type { StoredCard } from '../checkout-api.js';
import type { WidgetEnv } from '../env.js';

/** The card form a stored card pays through (its card-number frame), as extras see it. */
export interface PayingForm {
  payStored(form: HTMLFormElement, fields: Array<[string, string]>): Promise<void>;
  /** Calls `fn` with the form's payment message and busy state now and on every change; returns a stop. */
  watch(fn: (message: string | null, busy: boolean) => void): () => void;
}

export interface StoredCardsView {
  readonly container: HTMLDivElement;
  mount(first: HTMLElement, others: readonly HTMLElement[], hide: boolean): void;
  submit(): void;
  destroy(): void;
}

export interface Extras {
  storedCards(env: WidgetEnv, cards: readonly StoredCard[], via: PayingForm): StoredCardsView;
}

/** The event extras.min.js fires on its own script element, carrying the Extras. */
export const EXTRAS_EVENT = 'wpwl-extras';
