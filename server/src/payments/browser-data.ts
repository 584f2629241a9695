// 3-D Secure v2 authenticates the shopper's browser, so the spec makes the customer.browser.* fields
// below "mandatory for 3-D Secure v2". A widget payment always carries them (the widget collects
// them in the shopper's browser, widget/host/browser-data.ts); a server-to-server payment carries
// them only if the merchant's page collected them. Their formats are the parameter catalogue's
// (spec/params/customer.ts): a malformed value is refused there, before anything here. Which
// version a challenge runs as, given these fields: three-d-secure-version.ts.

import type { FlatParams } from '../params/types.js';
import type { ParameterError } from '../domain/errors.js';

/** The fields the spec marks "Conditional: mandatory for 3-D Secure v2". */
export const THREE_D_SECURE_BROWSER_FIELDS = [
  'customer.browser.acceptHeader',
  'customer.browser.language',
  'customer.browser.screenHeight',
  'customer.browser.screenWidth',
  'customer.browser.timezone',
  'customer.browser.userAgent',
  'customer.browser.javaEnabled',
] as const;

/** The mandatory browser fields the payment sent (empty counts as not sent). */
export function sentBrowserFields(params: FlatParams): number {
  return THREE_D_SECURE_BROWSER_FIELDS.filter((name) => (params.get(name) ?? '') !== '').length;
}

/** One parameter error per browser field the payment lacks; `why` says what made it v2. */
export function missingBrowserData(params: FlatParams, why: string): ParameterError[] {
  return THREE_D_SECURE_BROWSER_FIELDS.filter((name) => (params.get(name) ?? '') === '').map((name) => ({
    name,
    value: '',
    message: `is required for 3-D Secure v2: the card is enrolled and the payment goes to a challenge, ${why}`,
  }));
}
