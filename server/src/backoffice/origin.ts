// Where a state-changing request comes from. Every POST, PUT, PATCH and DELETE to the back office
// must come from its own pages: the Origin header must be the back office's origin. A browser sends
// Origin with every cross-site request and with same-origin ones other than GET and HEAD; a
// request without it is refused too, unless Sec-Fetch-Site (which a page cannot forge) says it is
// same-origin. SameSite=Strict already keeps the cookie off cross-site requests; this also covers
// the sign-in, which has no cookie yet (login CSRF), and a browser that ignores SameSite.

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isStateChanging(method: string): boolean {
  return STATE_CHANGING.has(method);
}

/** Whether the request's Origin (or, without one, Sec-Fetch-Site) says it comes from `origin`. */
export function fromOwnOrigin(headers: Record<string, string | string[] | undefined>, origin: string): boolean {
  const sent = headers.origin;
  if (typeof sent === 'string') return sent === origin;
  if (sent !== undefined) return false;
  return headers['sec-fetch-site'] === 'same-origin';
}
