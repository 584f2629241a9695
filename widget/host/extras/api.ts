// What the main script and its on-demand part (extras.min.js, loaded only when a checkout or an
// option needs it: stored cards…) hand each other. The extras bundle has no signals of its own:
// the main script's state reaches it through `watch`.

import type { Incoming } from '../../protocol/channel.js';
import type { FrameToHost, PayMsg } from '../../protocol/messages.js';
import type { StoredCard } from '../checkout-api.js';
import type { WidgetEnv } from '../env.js';

/** The card form a stored card pays through (its card-number frame), as extras see it. */
export interface PayingForm {
  /** Pays with a stored card, through `send` (its CVV frame) if given, else the card-number frame. */
  payStored(form: HTMLFormElement, fields: Array<[string, string]>, send?: (body: Omit<PayMsg, 'tag' | 'channel' | 'key'>) => boolean): Promise<void>;
  /** The outcome or failure a stored card's CVV frame reported for the payment it submitted. */
  payMessage(msg: FrameToHost): void;
  /** Calls `fn` with the form's payment message and busy state now and on every change; returns a stop. */
  watch(fn: (message: string | null, busy: boolean) => void): () => void;
}

export interface StoredCardsView {
  readonly container: HTMLDivElement;
  handleMessage(e: Incoming): boolean;
  mount(first: HTMLElement, others: readonly HTMLElement[]): void;
  submit(): void;
  destroy(): void;
}

/** The non-card forms of one merchant form (account-forms.ts). */
export interface AccountFormsView {
  readonly containers: HTMLDivElement[];
  /** Brands listed that no form here can offer (wallet buttons, unknown codes): for onError. */
  readonly unsupported: string[];
  /** After the form's card container, or (no card brands) before the merchant's form, which is hidden. */
  mount(after: Element | null, merchantForm: HTMLElement): void;
  /** executePayment: submits the form whose container has the class; false if none has. */
  submit(containerClass: string): boolean;
  destroy(): void;
}

/** A card form as extras see it. */
export interface CardFormView extends PayingForm {
  readonly container: HTMLElement;
  readonly merchantForm: HTMLFormElement;
  /** A check run before each card submit (the billing group's). */
  addCheck(check: () => boolean): void;
  /** Calls `fn` with the chosen brand and the CVV frame's focus now and on every change; returns a stop. */
  watchCvv(fn: (brand: string | null, focused: boolean) => void): () => void;
}

/** What the session hands to extras once its card forms are shown, before onReady. */
export interface ExtrasHost {
  env: WidgetEnv;
  /** The merchant's form.paymentWidgets and the brands each lists. */
  forms: readonly HTMLFormElement[];
  listed: readonly string[][];
  widgets: readonly CardFormView[];
  /** Stored cards the checkout offers. */
  cards: readonly StoredCard[];
  /** Parameters the checkout carries from its preparation: forms do not ask for them again. */
  carries: readonly string[];
  error: WidgetEnv['error'];
}

/** What extras drew: executePayment by container class, and unload. */
export interface Mounted {
  submit(containerClass: string): boolean;
  /** True if the message was from one of the frames extras drew (stored cards' CVV frames). */
  handleMessage(e: Incoming): boolean;
  destroy(): void;
}

export interface Extras {
  mount(host: ExtrasHost): Mounted;
}

/** The event extras.min.js fires on its own script element, carrying the Extras. */
export const EXTRAS_EVENT = 'wpwl-extras';
