// What a card widget gets from its session: where the relay is, which checkout, the options and
// texts read once, and the two ways out to the merchant (callbacks, onError).

import type { WidgetErrorInfo, WidgetErrorName } from './errors.js';
import type { Callback, Options } from './options.js';
import type { Texts } from './texts.js';

export interface WidgetEnv {
  /** Relay base URL (origin plus any path prefix) and exact origin. */
  base: string;
  origin: string;
  checkoutId: string;
  /** The registration widget (checkoutId=ID/registration): the form stores the card. */
  registration?: boolean;
  options: Options;
  texts: Texts;
  /** 0 for the first card form on the page, 1 for the next… */
  index: number;
  /** Calls a merchant callback; an exception there is logged, never breaks the widget. */
  call(cb: Callback | null, self: unknown, ...args: unknown[]): unknown;
  error(name: WidgetErrorName, message: string, info?: WidgetErrorInfo): void;
}
