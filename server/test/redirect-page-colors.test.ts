// The colours of customRedirectPageConfig as the relay takes them: plain colour values only, each
// on its own, into a stylesheet of the relay's.

import { describe, expect, it } from 'vitest';
import { colorsCss, colorsStylesheet, redirectPageColors as fromJson, stylesheetColors } from '../src/http/redirect-page-colors.js';

/** As the widget sends the page's object: JSON in `redirectPage`. */
const redirectPageColors = (config: unknown) => fromJson({ redirectPage: JSON.stringify(config) });

describe('redirect page colours', () => {
  it('takes hex, keywords and rgb()/hsl() of numbers, and nothing that could end a rule or fetch', () => {
    expect(redirectPageColors({ backgroundColor: '#1a2b3c', messageFontColor: 'white', hyperlinkFontColor: 'rgba(1, 2, 3, 0.5)' })).toEqual({
      backgroundColor: '#1a2b3c',
      messageFontColor: 'white',
      hyperlinkFontColor: 'rgba(1, 2, 3, 0.5)',
    });
    for (const hostile of ['red;}body{display:none', 'url(https://evil.example/x.png)', 'expression(alert(1))', '#12', 'var(--x)', 'rgb(1,2,3));x', '', ' '.repeat(3), ['red']]) {
      expect(redirectPageColors({ backgroundColor: hostile }), JSON.stringify(hostile)).toEqual({});
    }
    expect(redirectPageColors(null)).toEqual({});
    expect(redirectPageColors({ other: 'red' })).toEqual({});
    expect(fromJson({ redirectPage: '{"backgroundColor":' })).toEqual({});
    expect(fromJson({ redirectPage: JSON.stringify({ backgroundColor: 'red', pad: 'x'.repeat(2000) }) })).toEqual({});
    expect(fromJson(undefined)).toEqual({});
    // The stylesheet checks its own query again.
    expect(stylesheetColors({ backgroundColor: 'red;}', messageFontColor: 'blue' })).toEqual({ messageFontColor: 'blue' });
  });

  it('makes the stylesheet and its URL from the valid colours only', () => {
    const colors = redirectPageColors({ backgroundColor: 'hsl(200, 50%, 40%)', hyperlinkFontColor: 'red;}' });
    expect(colorsStylesheet(colors)).toBe('/v1/pages/colors.css?backgroundColor=hsl%28200%2C+50%25%2C+40%25%29');
    expect(colorsCss(colors)).toBe('body,main{background:hsl(200, 50%, 40%)}');
    expect(colorsStylesheet({})).toBeUndefined();
    expect(colorsCss(redirectPageColors({ messageFontColor: '#fff', hyperlinkFontColor: 'navy' }))).toBe('body,main,h1,label{color:#fff}\na{color:navy}');
  });
});
