// The widget's texts: English defaults (the wording merchant pages and their tests expect) and
// Arabic (right-to-left). Other locales fall back to English until they are translated. Merchant
// overrides (labels, errorMessages) win. Every text is rendered as a text node, never as HTML (W7).

export interface Labels {
  brand: string;
  cardNumber: string;
  cardHolder: string;
  cvv: string;
  expiryDate: string;
  mmyy: string;
  submit: string;
  cancel: string;
}

export interface ErrorMessages {
  cardNumberError: string;
  cardHolderError: string;
  cvvError: string;
  expiryMonthError: string;
  expiryYearError: string;
  cardBinError: string;
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
  messages: Messages;
  dir: 'ltr' | 'rtl';
  lang: string;
}

interface Locale {
  labels: Labels;
  errors: ErrorMessages;
  messages: Messages;
  dir: 'ltr' | 'rtl';
}

const en: Locale = {
  dir: 'ltr',
  labels: {
    brand: 'Brand',
    cardNumber: 'Card Number',
    cardHolder: 'Card holder',
    cvv: 'CVV',
    expiryDate: 'Expiry Date',
    mmyy: 'MM / YY',
    submit: 'Pay now',
    cancel: 'Cancel',
  },
  errors: {
    cardNumberError: 'Invalid card number or brand',
    cardHolderError: 'Invalid card holder',
    cvvError: 'Invalid CVV',
    expiryMonthError: 'Invalid expiry date',
    expiryYearError: 'Invalid expiry date',
    cardBinError: 'Card not supported',
  },
  messages: {
    invalidCheckout: 'This payment session is no longer valid. Please start the checkout again.',
    communication: 'The payment form could not be loaded. Please reload the page.',
    locked: 'Too many failed attempts. Please start the checkout again.',
    declined: 'The payment was declined.',
  },
};

const ar: Locale = {
  dir: 'rtl',
  labels: {
    brand: 'نوع البطاقة',
    cardNumber: 'رقم البطاقة',
    cardHolder: 'اسم حامل البطاقة',
    cvv: 'رمز التحقق',
    expiryDate: 'تاريخ الانتهاء',
    mmyy: 'شهر / سنة',
    submit: 'ادفع الآن',
    cancel: 'إلغاء',
  },
  errors: {
    cardNumberError: 'رقم البطاقة أو نوعها غير صالح',
    cardHolderError: 'اسم حامل البطاقة غير صالح',
    cvvError: 'رمز التحقق غير صالح',
    expiryMonthError: 'تاريخ الانتهاء غير صالح',
    expiryYearError: 'تاريخ الانتهاء غير صالح',
    cardBinError: 'البطاقة غير مدعومة',
  },
  messages: {
    invalidCheckout: 'جلسة الدفع هذه لم تعد صالحة. يرجى بدء عملية الدفع من جديد.',
    communication: 'تعذر تحميل نموذج الدفع. يرجى إعادة تحميل الصفحة.',
    locked: 'محاولات فاشلة كثيرة. يرجى بدء عملية الدفع من جديد.',
    declined: 'تم رفض الدفع.',
  },
};

const LOCALES: Readonly<Record<string, Locale>> = { en, ar };

function pick<T extends object>(defaults: T, overrides: Record<string, string>): T {
  const out = { ...defaults };
  for (const key of Object.keys(defaults) as Array<keyof T>) {
    const v = overrides[key as string];
    if (typeof v === 'string') (out as Record<keyof T, unknown>)[key] = v;
  }
  return out;
}

/** Texts for a locale such as "ar" or "ar-SA", with the merchant's overrides applied. */
export function textsFor(locale: string, labels: Record<string, string>, errorMessages: Record<string, string>): Texts {
  const language = locale.split('-')[0] ?? 'en';
  const base = LOCALES[language] ?? en;
  return {
    labels: pick(base.labels, labels),
    errors: pick(base.errors, errorMessages),
    messages: base.messages,
    dir: base.dir,
    lang: LOCALES[language] ? locale : 'en',
  };
}
