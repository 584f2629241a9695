// The card frames' stylesheet, carried by their script and adopted as a constructed stylesheet,
// not inline in each frame page: the pages are fetched once per frame and checkout and cannot be
// cached, the script once per build, so the stylesheet is downloaded once for all four frames and
// the card form's download stays within its budget. The script creates the input, so nothing is
// drawn unstyled before it runs. A frame page's CSP (style-src 'self') does not govern constructed
// stylesheets; an engine without them gets frame.min.css, the same rules, from the relay.

import FRAME_CSS from './frame.css?inline';

/** The frames' sheet, also where the merchant's placeholder styles go (input-page.ts). */
export function adoptFrameStyle(): CSSStyleSheet | null {
  if (typeof CSSStyleSheet === 'function' && 'adoptedStyleSheets' in document) {
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(FRAME_CSS);
      document.adoptedStyleSheets = [sheet];
      return sheet;
    } catch {
      // Constructed but not constructible (an early implementation): the stylesheet below.
    }
  }
  const script = document.currentScript as HTMLScriptElement | null;
  if (script) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = script.src.replace(/\/js\/[^/]+$/, '/css/frame.min.css');
    document.head.append(link);
  }
  return null;
}
