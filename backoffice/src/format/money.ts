// Amounts arrive as exact decimal strings ("12.50"); Intl formats the string itself, so no amount
// ever passes through a float on its way to the screen.

import { locale } from './locale.js';

const formats = new Map<string, Intl.NumberFormat>();

export function formatMoney(amount: string, currency: string): string {
  let format = formats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      return `${amount} ${currency}`;
    }
    formats.set(currency, format);
  }
  return format.format(amount as Intl.StringNumericLiteral);
}

/** The API's amount grammar: digits, optionally a point and up to three decimals. */
export const AMOUNT = /^\d{1,10}(\.\d{1,3})?$/;
