import { describe, expect, it } from 'vitest';
import { textsFor } from './texts.js';

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
  });
  it('Arabic is right-to-left, with regional variants', () => {
    const t = textsFor('ar-SA', {}, {});
    expect(t.dir).toBe('rtl');
    expect(t.lang).toBe('ar-SA');
    expect(t.labels.submit).not.toBe('Pay now');
  });
  it('unknown locales fall back to English', () => {
    expect(textsFor('de', {}, {}).labels.submit).toBe('Pay now');
    expect(textsFor('de', {}, {}).lang).toBe('en');
  });
  it('merchant overrides win, unknown keys are ignored', () => {
    const t = textsFor('ar', { submit: 'Pay <b>now</b>', nonsense: 'x' }, { cvvError: 'CVV?' });
    expect(t.labels.submit).toBe('Pay <b>now</b>');
    expect(t.labels).not.toHaveProperty('nonsense');
    expect(t.errors.cvvError).toBe('CVV?');
  });
});
