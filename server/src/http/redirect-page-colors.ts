// wpwl.checkout.config.customRedirectPageConfig: the colours a merchant page gives the pages the
// shopper is redirected to from the widget (the 3-D Secure page in iframe.wpwl-target or in
// paymentTarget), set in onReady as shop pages do
// (`wpwl.checkout.config.customRedirectPageConfig.backgroundColor = …`). The widget passes the
// object in JSON on the page's URL (`redirectPage`); the relay page links a stylesheet made of its
// colours (its CSP admits only the relay's stylesheets, no inline style). Only plain colour values are taken, each on its own: anything
// that could end a declaration or fetch something is dropped (as iframeStyles are, W7).

export const REDIRECT_PAGE_COLORS = ['backgroundColor', 'messageFontColor', 'hyperlinkFontColor'] as const;
export type RedirectPageColor = (typeof REDIRECT_PAGE_COLORS)[number];
export type RedirectPageColors = Partial<Record<RedirectPageColor, string>>;

/** #rgb(a), #rrggbb(aa), a colour keyword, or rgb()/rgba()/hsl()/hsla() of numbers. */
const COLOR = /^(?:#[0-9a-f]{3,8}|[a-z]{3,20}|(?:rgb|rgba|hsl|hsla)\([\d\s.,%/]{1,48}\))$/i;

/** The longest `redirectPage` read: three colours and their names fit many times over. */
const MAX_JSON = 1024;

/** The valid colours of an object: the page's configuration, or the stylesheet's query. */
function validColors(source: unknown): RedirectPageColors {
  const q = (typeof source === 'object' && source !== null ? source : {}) as Record<string, unknown>;
  const colors: RedirectPageColors = {};
  for (const name of REDIRECT_PAGE_COLORS) {
    const value = q[name];
    if (typeof value === 'string' && COLOR.test(value.trim())) colors[name] = value.trim();
  }
  return colors;
}

/** The valid colours of a redirect page's `redirectPage` parameter (the widget's JSON). */
export function redirectPageColors(query: unknown): RedirectPageColors {
  const json = (query as { redirectPage?: unknown } | null)?.redirectPage;
  if (typeof json !== 'string' || json.length > MAX_JSON) return {};
  try {
    return validColors(JSON.parse(json));
  } catch {
    return {};
  }
}

/** The colours of the stylesheet's own query (made by colorsStylesheet), checked again. */
export function stylesheetColors(query: unknown): RedirectPageColors {
  return validColors(query);
}

export const REDIRECT_PAGE_COLORS_PATH = '/v1/pages/colors.css';

/** The stylesheet's URL for a page, or undefined when there is no colour to apply. */
export function colorsStylesheet(colors: RedirectPageColors): string | undefined {
  const params = new URLSearchParams(Object.entries(colors));
  return params.size > 0 ? `${REDIRECT_PAGE_COLORS_PATH}?${params}` : undefined;
}

/** The rules of the colours over the relay pages' own stylesheet (relay-page.ts). */
export function colorsCss(colors: RedirectPageColors): string {
  const rules: string[] = [];
  if (colors.backgroundColor) rules.push(`body,main{background:${colors.backgroundColor}}`);
  if (colors.messageFontColor) rules.push(`body,main,h1,label{color:${colors.messageFontColor}}`);
  if (colors.hyperlinkFontColor) rules.push(`a{color:${colors.hyperlinkFontColor}}`);
  return rules.join('\n');
}
