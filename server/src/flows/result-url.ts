// The shopper's way back to the merchant (A7): only to the URL bound to the checkout or request,
// with id and resourcePath appended to its query, URL-encoded by the URL API.

export function resultUrl(base: string, id: string, resourcePath: string): string | undefined {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  url.searchParams.append('id', id);
  url.searchParams.append('resourcePath', resourcePath);
  return url.toString();
}

export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
