// The rules a webhook endpoint URL meets when a merchant registers it, with reasons worded for an
// API error message. The spelling is checked here; the address it resolves to is checked again at
// every connection (address-guard.ts), since a name can change its address after registration.

import { urlCredentialsProblem } from '../../../spec/format.js';
import { isPrivateHost, privateAddressMessage } from './address-guard.js';

/** The longest URL accepted, as for notificationUrl in the specification (AN2048). */
export const MAX_ENDPOINT_URL_LENGTH = 2048;

export type EndpointUrlCheck = { ok: true; url: string } | { ok: false; reason: string };

export interface EndpointUrlRules {
  /** A live entity's notifications carry real payments: they travel over https only. */
  live: boolean;
  /** Whether private and loopback targets are allowed (local development and tests only). */
  allowPrivate: boolean;
}

/** Blanks and control characters, which a URL parser would silently drop or trim. */
const BLANK_OR_CONTROL = /[\u0000-\u0020\u007f]/;

/** Checks an endpoint URL; `url` in a success is the normalised form to store. */
export function checkEndpointUrl(text: string, rules: EndpointUrlRules): EndpointUrlCheck {
  const refuse = (reason: string): EndpointUrlCheck => ({ ok: false, reason });
  if (text.length > MAX_ENDPOINT_URL_LENGTH) return refuse(`the URL is longer than ${MAX_ENDPOINT_URL_LENGTH} characters`);
  if (BLANK_OR_CONTROL.test(text)) return refuse('the URL must not contain blanks or control characters');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('the URL is not a valid absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse('the URL must use http or https');
  if (rules.live && url.protocol !== 'https:') return refuse("a live entity's webhook URL must use https");
  // The same rule as a notificationUrl's (spec/format.ts), so both are refused alike.
  const credentials = urlCredentialsProblem(url);
  if (credentials !== null) return refuse(`the URL ${credentials}`);
  // href keeps an empty fragment ("…/#") that url.hash reports as "".
  if (url.href.includes('#')) return refuse('the URL must not carry a fragment (#…)');
  if (!rules.allowPrivate && isPrivateHost(url.hostname)) return refuse(privateAddressMessage(url.hostname));
  // Normalising can lengthen a URL (percent-encoding); the stored form must fit too.
  if (url.href.length > MAX_ENDPOINT_URL_LENGTH) return refuse(`the URL is longer than ${MAX_ENDPOINT_URL_LENGTH} characters once normalised`);
  return { ok: true, url: url.href };
}
