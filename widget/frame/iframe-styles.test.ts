import { describe, expect, it } from 'vitest';
import { isSafeValue, kebab, sanitizeStyles } from './iframe-styles.js';

describe('iframeStyles allow-list (W7)', () => {
  it('keeps text properties with plain values, in either spelling', () => {
    expect(
      sanitizeStyles({ color: '#ff0000', 'font-size': '16px', fontFamily: "'Courier New', monospace", fontWeight: 600, letterSpacing: '0.1em' }),
    ).toEqual({ color: '#ff0000', 'font-size': '16px', 'font-family': "'Courier New', monospace", 'font-weight': '600', 'letter-spacing': '0.1em' });
    expect(sanitizeStyles({ color: 'rgba(0, 0, 0, 0.5)' })).toEqual({ color: 'rgba(0, 0, 0, 0.5)' });
  });

  it('drops properties outside the list', () => {
    expect(sanitizeStyles({ background: 'red', 'background-image': 'none', behavior: 'x', position: 'fixed', content: '"x"' })).toEqual({});
  });

  it('drops values that could fetch, run or escape', () => {
    for (const v of [
      'url(https://evil.example/x)',
      'red; background: url(x)',
      "red}@import 'x'",
      'expression(alert(1))',
      'image-set("a.png" 1x)',
      'var(--x)',
      'attr(data-x)',
      '\\75 rl(x)',
      'red /* x */',
      '<style>',
      '"unbalanced',
      'x'.repeat(200),
    ]) {
      expect(isSafeValue(v), v).toBe(false);
      expect(sanitizeStyles({ color: v })).toEqual({});
    }
  });

  it('ignores non-objects and non-string values', () => {
    expect(sanitizeStyles(null)).toEqual({});
    expect(sanitizeStyles('color:red')).toEqual({});
    expect(sanitizeStyles({ color: ['red'] })).toEqual({});
  });

  it('kebab-cases property names', () => {
    expect(kebab('fontSize')).toBe('font-size');
    expect(kebab('FONT-SIZE')).toBe('font-size');
  });
});
