// What the loader hands the main script: the request for the widget configuration
// (GET <relay>/v1/checkouts/<id>/widget), started by the loader so that it runs while the main
// script and its stylesheet download instead of after them. It rides on the main script's own
// <script> element, which the main script reads as document.currentScript; a main script inserted
// some other way (or a merchant page that removed the property) makes the request itself.
// Nothing in it is secret: the endpoint is public and CORS-readable.

/** Property of the main script's <script> element that holds the started request. */
export const CHECKOUT_REQUEST = 'wpwlCheckoutRequest';

export function requestCheckout(base: string, checkoutId: string, signal?: AbortSignal): Promise<Response> {
  return fetch(`${base}/v1/checkouts/${encodeURIComponent(checkoutId)}/widget`, {
    mode: 'cors',
    credentials: 'omit',
    cache: 'no-store',
    headers: { Accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
}

/** Hands a started request over on the main script's element; a failure is the main script's to report. */
export function handOver(script: HTMLScriptElement, request: Promise<Response>): void {
  // Marks the rejection handled: should the main script never run, the page logs nothing.
  request.catch(() => undefined);
  Object.defineProperty(script, CHECKOUT_REQUEST, { value: request, configurable: true });
}

/** The request the loader started for this script element, if there is one. */
export function takeOver(script: HTMLScriptElement | null): Promise<Response> | null {
  const request = (script as unknown as Record<string, unknown> | null)?.[CHECKOUT_REQUEST];
  return request instanceof Promise ? (request as Promise<Response>) : null;
}
