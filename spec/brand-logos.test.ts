import { describe, expect, it } from 'vitest';
import { ALL_BRAND_CODES, BRAND_LOGOS, brandDisplayName, brandLogoSvg } from './brand-logos.js';

/** WCAG relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('brand logos', () => {
  it('every brand of the table has a logo and a display name, and no logo is of a brand the table lacks', () => {
    for (const code of ALL_BRAND_CODES) {
      expect(brandDisplayName(code), code).toBeTruthy();
      const svg = brandLogoSvg(code);
      expect(svg, code).toMatch(/^<svg [^>]*viewBox="0 0 56 38"/);
      expect(svg).toContain(`<title>${brandDisplayName(code)!.replace(/&/g, '&amp;')}</title>`);
      expect(svg).not.toMatch(/<script|href=|url\(/i);
    }
    expect(Object.keys(BRAND_LOGOS).sort()).toEqual([...ALL_BRAND_CODES].sort());
    expect(brandLogoSvg('NOSUCHBRAND')).toBeUndefined();
  });

  it('the wordmark contrasts with its badge (4.5:1)', () => {
    for (const [code, { background, color }] of Object.entries(BRAND_LOGOS)) {
      const [a, b] = [luminance(background), luminance(color)].sort((x, y) => y - x) as [number, number];
      expect((a + 0.05) / (b + 0.05), code).toBeGreaterThanOrEqual(4.5);
    }
  });
});
