import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localeUrl, parseLocale } from './locale-load.js';
import { enExtra, extraTexts } from './extras/texts.js';
import { en, LOCALE_CODES, localeCode, textsFor, type Locale } from './texts.js';

const file = (code: string) => parseLocale(JSON.parse(readFileSync(resolve(import.meta.dirname, `../locales/${code}.json`), 'utf8')));

describe('textsFor', () => {
  it('English defaults that merchant pages expect', () => {
    const t = textsFor('en', {}, {});
    expect(t.labels).toMatchObject({ brand: 'Brand', cardNumber: 'Card Number', expiryDate: 'Expiry Date', cardHolder: 'Card holder', cvv: 'CVV', mmyy: 'MM / YY', submit: 'Pay now' });
    expect(t.errors).toMatchObject({
      cardNumberError: 'Invalid card number or brand',
      expiryMonthError: 'Invalid expiry date',
      cvvError: 'Invalid CVV',
      cardHolderError: 'Invalid card holder',
    });
    expect(t.dir).toBe('ltr');
    expect(t.lang).toBe('en');
  });
  it('Arabic is right-to-left, with regional variants', () => {
    const t = textsFor('ar-SA', {}, {}, file('ar'));
    expect(t.dir).toBe('rtl');
    expect(t.lang).toBe('ar-SA');
    expect(t.labels.submit).toBe('ادفع الآن');
  });
  it('a locale that could not be had is English', () => {
    expect(textsFor('de', {}, {}).labels.submit).toBe('Pay now');
    expect(textsFor('de', {}, {}).lang).toBe('en');
    expect(textsFor('xx', {}, {}).lang).toBe('en');
  });
  it('the surface codes name their BCP 47 language; a region is kept', () => {
    expect(textsFor('dk', {}, {}, file('dk')).lang).toBe('da');
    expect(textsFor('cn', {}, {}, file('cn')).lang).toBe('zh');
    expect(textsFor('de-CH', {}, {}, file('de')).lang).toBe('de-CH');
    expect(textsFor('en-GB', {}, {}).lang).toBe('en-GB');
  });
  it('merchant overrides win over the locale, unknown keys are ignored, a text the locale lacks is English', () => {
    const partial = { ...file('de')!, labels: { submit: 'Zahlen' } } as unknown as Locale;
    const t = textsFor('de', { cvv: 'CVC <b>', nonsense: 'x' }, { cvvError: 'CVV?' }, partial);
    expect(t.labels.cvv).toBe('CVC <b>');
    expect(t.labels.submit).toBe('Zahlen');
    expect(t.labels.cardNumber).toBe('Card Number');
    expect(t.labels).not.toHaveProperty('nonsense');
    expect(t.errors.cvvError).toBe('CVV?');
  });
});

describe('extras texts', () => {
  it('come from the merchant, then the locale, then English, like the card form\'s', () => {
    expect(extraTexts(textsFor('en', {}, {})).labels.cvvHelp).toBe('What is this?');
    const de = textsFor('de', { cvvHint: 'Hinten' }, { pinError: 'PIN?' }, file('de'));
    expect(extraTexts(de).labels.cvvHint).toBe('Hinten');
    expect(extraTexts(de).labels.cvvHintAmex).toBe(file('de')!.labels.cvvHintAmex);
    expect(extraTexts(de).errors.pinError).toBe('PIN?');
    expect(de.labels).not.toHaveProperty('cvvHint');
  });
});

describe('locale codes', () => {
  it('-CC falls back to the language; ISO codes map to the surface codes', () => {
    expect(localeCode('fr-CA')).toBe('fr');
    expect(localeCode('da')).toBe('dk');
    expect(localeCode('sv-SE')).toBe('se');
    expect(localeCode('zh')).toBe('cn');
    expect(localeCode('el')).toBe('gr');
    expect(localeCode('cs')).toBe('cz');
    expect(localeCode('nb')).toBe('no');
    expect(localeCode('xx')).toBeNull();
  });
  it('only a locale other than English is fetched, by its surface code', () => {
    expect(localeUrl('https://r/v1/static/abc', 'en-US')).toBeNull();
    expect(localeUrl('https://r/v1/static/abc', 'xx')).toBeNull();
    expect(localeUrl('https://r/v1/static/abc', 'de-AT')).toBe('https://r/v1/static/abc/locales/de.json');
  });
  it('a file that is not a locale is refused', () => {
    expect(parseLocale(null)).toBeNull();
    expect(parseLocale({ lang: 'de', labels: {} })).toBeNull();
    expect(parseLocale({ lang: '<x>', labels: {}, errors: {}, messages: {} })).toBeNull();
  });
});

describe('the 24 locale files', () => {
  for (const code of LOCALE_CODES.filter((c) => c !== 'en')) {
    it(`${code} has every label, error and message text, translated`, () => {
      const locale = file(code);
      expect(locale).not.toBeNull();
      for (const set of ['labels', 'errors', 'messages'] as const) {
        const english = set === 'messages' ? en.messages : { ...en[set], ...enExtra[set] };
        expect(Object.keys(locale![set]).sort()).toEqual(Object.keys(english).sort());
        for (const [key, text] of Object.entries(locale![set])) expect(typeof text === 'string' && text.trim() !== '', `${code} ${set}.${key}`).toBe(true);
      }
      // Translated: the sentences are not the English ones.
      expect(locale!.messages.communication).not.toBe(en.messages.communication);
      expect(locale!.errors.cardNumberError).not.toBe(en.errors.cardNumberError);
      expect(locale!.dir).toBe(code === 'ar' ? 'rtl' : 'ltr');
    });
  }
});
