// extras.css, adopted into the merchant's document while extras are mounted and dropped on unload
// (nothing of the widget stays behind). Carried by extras.min.js rather than static.min.css: only
// the pages that use these parts download their look. A constructed sheet, as the loader's
// reservation is: a page whose CSP admits only the relay's stylesheets refuses <style>, never the
// CSSOM.

import EXTRAS_CSS from './extras.css?inline';

/** Adopts the sheet; returns its removal. Nothing where the engine has no constructed sheets. */
export function adoptExtrasStyle(): () => void {
  if (typeof CSSStyleSheet !== 'function' || !('adoptedStyleSheets' in document)) return () => undefined;
  const sheet = new CSSStyleSheet();
  try {
    sheet.replaceSync(EXTRAS_CSS);
  } catch {
    return () => undefined;
  }
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  return () => {
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
  };
}
