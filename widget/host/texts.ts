// The widget's texts. English is built in (the wording merchant pages and their tests expect, and
// the fallback for any text a locale lacks); the other 24 locales of the surface are JSON files
// under widget/locales/, fetched on demand (locale-load.ts) so a page downloads only the one it
// shows. Codes are the surface's own (dk se cn gr cz, not ISO), ISO codes are accepted as well, and
// a -CC variant falls back to its language. Merchant overrides (labels, errorMessages) win. Every
// text is rendered as a text node, never as HTML (W7).

/** The labels the card form shows: the main script carries their English. */
export interface Labels {
  brand: string;
  cardNumber: string;
  cardHolder: string;
  cvv: string;
  expiryDate: string;
  mmyy: string;
  submit: string;
  register: string;
}

/** The labels only extras show (stored cards, other forms, billing, CVV hint): extras carry their English. */
export interface ExtraLabels {
  cancel: string;
  country: string;
  billingAddress: string;
  givenName: string;
  surname: string;
  showOtherPaymentMethods: string;
  cvvHint: string;
  cvvHintAmex: string;
  cvvHintMaestro: string;
  cvvHelp: string;
  accountHolder: string;
  accountNumber: string;
  accountBank: string;
  bankName: string;
  pin: string;
  ddmmyyyy: string;
  /** The pay button of a form that is not a card's; `{brand}` stands for the brand's name. */
  payWith: string;
  /** The card form's pay button when forms of other methods are on the page. */
  payByCard: string;
}

export interface ErrorMessages {
  cardNumberError: string;
  cardHolderError: string;
  cvvError: string;
  expiryMonthError: string;
  expiryYearError: string;
}

/** The error texts only extras show. */
export interface ExtraErrorMessages {
  cardBinError: string;
  accountHolderError: string;
  accountNumberError: string;
  accountBankError: string;
  pinError: string;
}

/** Texts that are not in the merchant-overridable sets. */
export interface Messages {
  invalidCheckout: string;
  communication: string;
  locked: string;
  declined: string;
}

export interface Texts {
  labels: Labels;
  errors: ErrorMessages;
  /**
   * Where a text is looked up before English, first first: the merchant's labels / errorMessages,
   * then the locale file's. Extras pick their own texts from them (extras/texts.ts).
   */
  from: { labels: Layer[]; errors: Layer[] };
  messages: Messages;
  dir: 'ltr' | 'rtl';
  lang: string;
}

/** One locale file (widget/locales/<code>.json); `lang` is its BCP 47 language. */
export interface Locale {
  lang: string;
  dir: 'ltr' | 'rtl';
  labels: Labels & ExtraLabels;
  errors: ErrorMessages & ExtraErrorMessages;
  messages: Messages;
}

/** The locale codes of the surface (widget-surface §5). */
export const LOCALE_CODES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'dk', 'fi', 'se', 'tr', 'ja', 'sl', 'pt', 'pl', 'cz', 'hu', 'bg', 'ro', 'ru', 'cn', 'gr', 'no', 'sk', 'ar', 'ko'] as const;

/** ISO 639-1 codes of the languages the surface names otherwise. */
const ALIASES: Readonly<Record<string, string>> = { da: 'dk', sv: 'se', zh: 'cn', el: 'gr', cs: 'cz', nb: 'no', nn: 'no' };

/** English, the card form's part; extras/texts.ts holds the rest. */
export const en = {
  lang: 'en',
  dir: 'ltr',
  labels: {
    brand: 'Brand',
    cardNumber: 'Card Number',
    cardHolder: 'Card holder',
    cvv: 'CVV',
    expiryDate: 'Expiry Date',
    mmyy: 'MM / YY',
    submit: 'Pay now',
    register: 'Register',
  },
  errors: {
    cardNumberError: 'Invalid card number or brand',
    cardHolderError: 'Invalid card holder',
    cvvError: 'Invalid CVV',
    expiryMonthError: 'Invalid expiry date',
    expiryYearError: 'Invalid expiry date',
  },
  messages: {
    invalidCheckout: 'This payment session is no longer valid. Please start the checkout again.',
    communication: 'The payment form could not be loaded. Please reload the page.',
    locked: 'Too many failed attempts. Please start the checkout again.',
    declined: 'The payment was declined.',
  },
} satisfies { lang: string; dir: 'ltr'; labels: Labels; errors: ErrorMessages; messages: Messages };

export type Layer = Record<string, unknown> | undefined;

/** The surface code of a locale ("de-CH" -> "de", "da" -> "dk"); null for a language it lacks. */
export function localeCode(locale: string): string | null {
  const language = (locale.split('-')[0] ?? '').toLowerCase();
  const code = ALIASES[language] ?? language;
  return (LOCALE_CODES as readonly string[]).includes(code) ? code : null;
}

/** Each key of `defaults` from the first of `layers` that has it as a string. */
export function pick<T extends object>(defaults: T, ...layers: Layer[]): T {
  const out = { ...defaults };
  for (const key of Object.keys(defaults) as Array<keyof T>) {
    for (const layer of layers) {
      const v = layer?.[key as string];
      if (typeof v === 'string' && v !== '') {
        (out as Record<keyof T, unknown>)[key] = v;
        break;
      }
    }
  }
  return out;
}

/**
 * Texts for a locale such as "de" or "de-CH": the merchant's overrides, then the fetched locale
 * file (`loaded`, null for English or when it could not be had), then English.
 */
export function textsFor(locale: string, labels: Record<string, string>, errorMessages: Record<string, string>, loaded: Locale | null = null): Texts {
  const base = loaded ?? en;
  const region = /-([A-Z]{2})$/.exec(locale)?.[1];
  const lang = loaded || localeCode(locale) === 'en' ? `${base.lang}${region ? `-${region}` : ''}` : 'en';
  const from = { labels: [labels, loaded?.labels as Layer], errors: [errorMessages, loaded?.errors as Layer] };
  return {
    labels: pick(en.labels, ...from.labels),
    errors: pick(en.errors, ...from.errors),
    from,
    messages: pick(en.messages, loaded?.messages as Record<string, unknown> | undefined),
    dir: base.dir,
    lang,
  };
}
