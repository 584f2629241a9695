// wpwlOptions.iframeStyles reach the card frames only through this allow-list (W7): known text
// properties, and values made of plain words, numbers, colours, quotes and rgb()/hsl()/calc().
// Anything that could fetch (url(), image-set(), @import), run (expression()) or break out of a
// declaration (; { } \ /* <) is dropped, entry by entry. The survivors are set through CSSOM
// (style.setProperty), never spliced into CSS text.

export const ALLOWED_PROPERTIES: ReadonlySet<string> = new Set([
  'color',
  'font-family',
  'font-size',
  'font-style',
  'font-variant',
  'font-weight',
  'letter-spacing',
  'line-height',
  'opacity',
  'text-align',
  'text-decoration',
  'text-shadow',
  'text-transform',
  'word-spacing',
]);

/** Style keys a merchant may use, and the field whose placeholder each one styles. */
export const STYLE_KEYS = { cardNumber: 'card-number-placeholder', cvv: 'cvv-placeholder' } as const;

const SAFE_VALUE = /^[\w\s#.,%'"()+-]{1,120}$/;
const ALLOWED_FUNCTIONS = new Set(['rgb', 'rgba', 'hsl', 'hsla', 'calc']);

/** fontSize -> font-size; FONT-SIZE -> font-size. */
export function kebab(name: string): string {
  if (name.includes('-') || name === name.toUpperCase()) return name.toLowerCase();
  return name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
}

export function isSafeValue(value: string): boolean {
  if (!SAFE_VALUE.test(value)) return false;
  for (const m of value.matchAll(/([a-zA-Z-]*)\s*\(/g)) if (!ALLOWED_FUNCTIONS.has(m[1]!.toLowerCase())) return false;
  // Quotes must pair up, or the value could swallow what follows.
  return (value.split('"').length - 1) % 2 === 0 && (value.split("'").length - 1) % 2 === 0;
}

/** Keeps only allowed properties with safe values; numbers become strings. */
export function sanitizeStyles(input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof input !== 'object' || input === null) return out;
  for (const [rawKey, rawValue] of Object.entries(input as Record<string, unknown>)) {
    const key = kebab(rawKey.trim());
    const value = typeof rawValue === 'number' && Number.isFinite(rawValue) ? String(rawValue) : rawValue;
    if (typeof value !== 'string') continue;
    const v = value.trim();
    if (ALLOWED_PROPERTIES.has(key) && isSafeValue(v)) out[key] = v;
  }
  return out;
}
