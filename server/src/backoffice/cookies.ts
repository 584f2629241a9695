// The session cookie. Under https it is `__Host-pw_session`: the prefix makes the browser refuse
// it unless it is Secure, has Path=/ and no Domain, so no sibling subdomain can plant or overwrite
// it. Under plain http (a developer's localhost) it is `pw_session`, without Secure, which the
// browser would otherwise drop. Always HttpOnly (no script reads it) and SameSite=Strict (no other
// site's page sends it).

export interface SessionCookie {
  name: string;
  secure: boolean;
}

/** The cookie the back office at `publicUrl` uses. */
export function sessionCookieFor(publicUrl: string): SessionCookie {
  const secure = new URL(publicUrl).protocol === 'https:';
  return { name: secure ? '__Host-pw_session' : 'pw_session', secure };
}

function attributes(cookie: SessionCookie): string {
  return `; Path=/; HttpOnly; SameSite=Strict${cookie.secure ? '; Secure' : ''}`;
}

/** Set-Cookie for a new session: a session cookie (no Max-Age); the server ends the session. */
export function setSessionCookie(cookie: SessionCookie, value: string): string {
  return `${cookie.name}=${value}${attributes(cookie)}`;
}

/** Set-Cookie for a cookie with the session cookie's attributes that the browser drops after `maxAgeSeconds`. */
export function setShortLivedCookie(cookie: SessionCookie, value: string, maxAgeSeconds: number): string {
  return `${cookie.name}=${value}${attributes(cookie)}; Max-Age=${maxAgeSeconds}`;
}

/** Set-Cookie that removes it. */
export function clearSessionCookie(cookie: SessionCookie): string {
  return `${cookie.name}=${attributes(cookie)}; Max-Age=0`;
}

/** A cookie's value is base64url: anything else in its place is not one of ours. */
const VALUE = /^[A-Za-z0-9_-]+$/;
const SESSION_VALUE_MAX = 128;

/** The value of the cookie named `name` in a Cookie header, when well formed and at most `maxLength` long. */
export function readCookie(header: string | undefined, name: string, maxLength = SESSION_VALUE_MAX): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    if (value.length <= maxLength && VALUE.test(value)) return value;
  }
  return undefined;
}
