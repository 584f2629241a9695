import { describe, expect, it } from 'vitest';
import { classify, hintForParameter, resultUrl, safeHttpUrl } from './result.js';

const o = (status: number, code: string, redirectUrl: string | null = null) => ({ status, code, redirectUrl });

describe('classify', () => {
  it('success codes, including test modes and manual review', () => {
    for (const code of ['000.000.000', '000.100.110', '000.100.112', '000.300.000', '000.600.000', '000.400.000', '000.400.100']) {
      expect(classify(o(200, code)), code).toBe('success');
    }
  });
  it('pending: 3-D Secure redirect or plain pending', () => {
    expect(classify(o(200, '000.200.000', 'https://relay.example/3ds'))).toBe('redirect');
    expect(classify(o(200, '000.200.000'))).toBe('pending');
  });
  it('a locked checkout (400) differs from throttling (429)', () => {
    expect(classify(o(400, '800.120.100'))).toBe('locked');
    expect(classify(o(429, '800.120.100'))).toBe('declined');
  });
  it('declines and a gone checkout', () => {
    expect(classify(o(400, '800.100.152'))).toBe('declined');
    expect(classify(o(400, '100.380.401'))).toBe('declined');
    expect(classify(o(404, '200.300.404'))).toBe('gone');
  });
});

describe('resultUrl fallback', () => {
  it('appends id and URL-encoded resourcePath to the existing query', () => {
    expect(resultUrl('https://shop.example/return?order=7', 'abc.uat01')).toBe(
      'https://shop.example/return?order=7&id=abc.uat01&resourcePath=%2Fv1%2Fcheckouts%2Fabc.uat01%2Fpayment',
    );
  });
});

describe('helpers', () => {
  it('hintForParameter', () => {
    expect(hintForParameter('card.expiryYear')).toBe('expiry');
    expect(hintForParameter('card.holder')).toBe('cardHolder');
    expect(hintForParameter('customer.email')).toBeNull();
  });
  it('safeHttpUrl', () => {
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('https://shop.example/x')).toBe('https://shop.example/x');
    expect(safeHttpUrl(null)).toBeNull();
  });
});
