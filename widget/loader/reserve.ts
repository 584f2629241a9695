// The loader reserves the card form's final height on form.paymentWidgets before the page is first
// drawn (a merchant's loader tag is in <head>, before the form exists), so that nothing below the
// form moves when the form appears and its iframes load: cumulative layout shift 0.
// A rule, not an element style: the form is not parsed yet. A constructed stylesheet, not a
// <style> element: pages with a strict CSP (style-src of the relay only) refuse inline style
// elements, never the CSSOM.
// The height is what static.min.css draws (fixed heights: label 18 + 4, control 38, group gap 20,
// pay button 40, card style's padding and border 42) and the container's margins (0 above, 16
// below, which collapse with the next element's margin as the container's will); the browser tests
// compare it with the drawn form in every style and locale (e2e/widget/layout-shift.spec.ts).
// wpwlOptions may be set after the loader's tag; what is there now is only a hint for the height.

/** Marks the widget's reservation among the page's adopted stylesheets. */
const MARK = '--wpwl-reserved';

export interface LayoutHint {
  style?: unknown;
  showLabels?: unknown;
  requireCvv?: unknown;
}

const off = (x: unknown) => x === false || x === 'false' || x === 0 || x === '0';

/** The card form's height as drawn (its container's border box), px. */
export function formHeight(hint: LayoutHint | null | undefined): number {
  const h = hint ?? {};
  // The logos style opens on one row of logos (38) in the card style's box (logos.ts).
  if (h.style === 'logos') return 38 + 42;
  const label = off(h.showLabels) ? 0 : 22;
  // brand, number, expiry, holder (and CVV): label + control 38 + gap 20; then the pay button.
  const groups = off(h.requireCvv) ? 4 : 5;
  const frame = h.style === 'plain' ? 0 : 42;
  return groups * (label + 58) + 40 + frame;
}

/** Reserves the height on every form.paymentWidgets of the page, until release(). */
export function reserve(hint: LayoutHint | null | undefined): void {
  if (typeof CSSStyleSheet !== 'function' || !('adoptedStyleSheets' in document)) return;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`form.paymentWidgets{${MARK}:1;box-sizing:border-box;min-height:${formHeight(hint)}px;margin-top:0;margin-bottom:16px}`);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch {
    // An engine without constructed stylesheets: the form appears without a reservation.
  }
}

/** Drops the reservation (wpwl.unload, a form that is not drawn). */
export function release(): void {
  if (!('adoptedStyleSheets' in document)) return;
  const mine = (s: CSSStyleSheet) => (s.cssRules[0] as CSSStyleRule | undefined)?.style?.getPropertyValue(MARK) === '1';
  document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => !mine(s));
}
