// Headers of every demo page. The Content-Security-Policy allows the relay's origin and nothing
// else from outside: the widget loads its script, card-field iframes, images and styles from there.
// Inline scripts are not allowed (the pages keep theirs in /assets); inline styles are, because a
// widget may set style attributes in markup it builds.

export function contentSecurityPolicy(relayOrigin: string, options: { framesSelf?: boolean } = {}): string {
  const frameSrc = options.framesSelf ? `'self' ${relayOrigin}` : relayOrigin;
  return [
    "default-src 'none'",
    `script-src 'self' ${relayOrigin}`,
    `style-src 'self' 'unsafe-inline' ${relayOrigin}`,
    `img-src 'self' data: ${relayOrigin}`,
    `font-src 'self' ${relayOrigin}`,
    `connect-src 'self' ${relayOrigin}`,
    `frame-src ${frameSrc}`,
    // The widget may post a 3-D Secure form to the relay in its target iframe.
    `form-action 'self' ${relayOrigin}`,
    // The style gallery frames the widget page; nobody else may.
    "frame-ancestors 'self'",
    "base-uri 'none'",
  ].join('; ');
}

export function pageHeaders(csp: string): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // Pages carry a checkout id or a payment result: nothing for a shared cache.
    'cache-control': 'no-store',
  };
}
