import { describe, expect, it } from 'vitest';
import { DEFAULTS, normalizeLocale, readOptions, toBool } from './options.js';

describe('readOptions', () => {
  it('gives the defaults for anything that is not an object', () => {
    for (const raw of [undefined, null, 'style=plain', 42, []]) expect(readOptions(raw)).toEqual({ ...DEFAULTS });
  });

  it('ignores unknown keys and keeps known ones', () => {
    const o = readOptions({ style: 'plain', locale: 'ar', somethingElse: 1, applePay: { x: 1 } });
    expect(o.style).toBe('plain');
    expect(o.locale).toBe('ar');
    expect(o).not.toHaveProperty('somethingElse');
  });

  it('takes booleans as strings and numbers', () => {
    const o = readOptions({ maskCvv: 'true', requireCvv: 'false', showLabels: 0, disableSubmitOnEnter: ' TRUE ', brandDetection: 'yes' });
    expect(o.maskCvv).toBe(true);
    expect(o.requireCvv).toBe(false);
    expect(o.showLabels).toBe(false);
    expect(o.disableSubmitOnEnter).toBe(true);
    expect(o.brandDetection).toBe(DEFAULTS.brandDetection);
  });

  it('keeps functions only where callbacks go', () => {
    const onReady = () => undefined;
    const o = readOptions({ onReady, onError: 'alert(1)', onBeforeSubmitCard: null });
    expect(o.onReady).toBe(onReady);
    expect(o.onError).toBeNull();
    expect(o.onBeforeSubmitCard).toBeNull();
  });

  it('reads the brand priority as a list or a string', () => {
    expect(readOptions({ brandDetectionPriority: ['MADA', 'VISA', 'MASTER'] }).brandDetectionPriority).toEqual(['MADA', 'VISA', 'MASTER']);
    expect(readOptions({ brandDetectionPriority: 'MADA, VISA' }).brandDetectionPriority).toEqual(['MADA', 'VISA']);
    expect(readOptions({ brandDetectionPriority: [1, 'mada', 'VISA'] }).brandDetectionPriority).toEqual(['VISA']);
  });

  it('texts and styles become flat string maps', () => {
    const o = readOptions({
      labels: { cardHolder: 'Name on card', cvv: 4, submit: { html: '<b>' } },
      errorMessages: { cvvError: 'Bad CVV' },
      iframeStyles: { 'card-number-placeholder': { color: '#888', fontSize: 14 }, junk: 'x' },
    });
    expect(o.labels).toEqual({ cardHolder: 'Name on card', cvv: '4' });
    expect(o.errorMessages).toEqual({ cvvError: 'Bad CVV' });
    expect(o.iframeStyles).toEqual({ 'card-number-placeholder': { color: '#888', fontSize: '14' } });
  });

  it('targets, autofocus, spinner and 3-D Secure size', () => {
    const o = readOptions({
      paymentTarget: '_top',
      shopperResultTarget: '  ',
      autofocus: 'card.number',
      spinner: { color: '#f00', className: 'my-spinner', lines: 12 },
      threeDIframeSize: { width: 500, height: '600px' },
    });
    expect(o.paymentTarget).toBe('_top');
    expect(o.shopperResultTarget).toBeNull();
    expect(o.autofocus).toBe('card.number');
    expect(o.spinner).toEqual({ className: 'my-spinner', color: '#f00' });
    expect(o.threeDIframeSize).toEqual({ width: '500px', height: '600px' });
    expect(readOptions({ spinner: { color: 'red;x:url(y)' } }).spinner.color).toBe('');
  });

  it('does not share mutable defaults between reads', () => {
    const a = readOptions({ iframeStyles: { 'cvv-placeholder': { color: 'red' } } });
    const b = readOptions({});
    expect(b.iframeStyles).toEqual({});
    expect(a.iframeStyles).not.toBe(b.iframeStyles);
  });
});

describe('coercions', () => {
  it('toBool', () => {
    expect(toBool('false', true)).toBe(false);
    expect(toBool('1', false)).toBe(true);
    expect(toBool(undefined, true)).toBe(true);
    expect(toBool('maybe', false)).toBe(false);
  });
  it('normalizeLocale', () => {
    expect(normalizeLocale('AR')).toBe('ar');
    expect(normalizeLocale('en_gb')).toBe('en-GB');
    expect(normalizeLocale('de-DE')).toBe('de-DE');
    expect(normalizeLocale('"><script>')).toBe('en');
    expect(normalizeLocale(7)).toBe('en');
  });
});
