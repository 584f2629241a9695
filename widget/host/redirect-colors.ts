// wpwl.checkout.config.customRedirectPageConfig: shop pages set its backgroundColor,
// messageFontColor and hyperlinkFontColor in onReady for the page the shopper is redirected to.
// The object goes as it is, in JSON, on that page's URL (the relay's 3-D Secure page), and the
// relay takes the valid colours from it (server/src/http/redirect-page-colors.ts).

/** `&redirectPage=<JSON>` when the page set anything; empty otherwise. */
export function redirectColors(): string {
  const page = (window.wpwl?.checkout?.config as { customRedirectPageConfig?: object } | undefined)?.customRedirectPageConfig;
  const json = page ? JSON.stringify(page) : '{}';
  return json === '{}' ? '' : `&redirectPage=${encodeURIComponent(json)}`;
}
