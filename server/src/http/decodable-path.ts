// Paths as a browser's URL parser reads them: a percent sequence whose bytes are not UTF-8 stands
// for U+FFFD, and a '%' that starts no sequence for itself. The router refuses a path it cannot
// decode before any route is known, so `GET /v1/payments/%C0%80` would answer the router's error
// instead of the route's answer for an id it does not know; made decodable, the id reaches its
// route, which reads an id no row can have as unknown (api-route.ts, domain/ids.ts).

const LENIENT_UTF8 = new TextDecoder('utf-8');

/** A run of percent sequences, or a '%' that starts none. */
const ESCAPES = /(?:%[0-9A-Fa-f]{2})+|%/g;

function reencoded(run: string): string {
  if (run === '%') return '%25';
  const bytes = new Uint8Array(run.length / 3);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(run.slice(i * 3 + 1, i * 3 + 3), 16);
  return encodeURIComponent(LENIENT_UTF8.decode(bytes));
}

/** `url` with its path decodable; unchanged when it already is (nearly always: one indexOf). */
export function decodablePath(url: string): string {
  const percent = url.indexOf('%');
  if (percent < 0) return url;
  const query = url.search(/[?#]/);
  const end = query < 0 ? url.length : query;
  if (percent > end) return url;
  const path = url.slice(0, end);
  try {
    decodeURI(path);
    return url;
  } catch {
    return path.replace(ESCAPES, reencoded) + url.slice(end);
  }
}
