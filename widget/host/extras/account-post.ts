// The forms that are not cards (bank account, virtual account, slip) post to the checkout's
// account route from the merchant page: they carry no card data. One request and one reading of
// its answer for all of them.

import type { WidgetEnv } from '../env.js';
import { classify, safeHttpUrl, type OutcomeKind } from '../result.js';

export interface AccountAnswer {
  /** HTTP status; 0 when the relay could not be reached. */
  status: number;
  result: { code: string; description?: string; parameterErrors?: Array<{ name?: string }> };
  /** Where the relay sends the shopper next (a provider's page, a slip), when it is a safe URL. */
  redirect: string | null;
  /** The result URL the relay names, when it is a safe URL. */
  resultUrl: string | null;
  /** What the answer means for the shopper; a relay out of reach reads as declined. */
  kind: OutcomeKind;
}

export async function postAccountForm(env: WidgetEnv, body: URLSearchParams): Promise<AccountAnswer> {
  let status = 0;
  let json: Record<string, unknown> = {};
  try {
    const res = await fetch(`${env.base}/v1/checkouts/${encodeURIComponent(env.checkoutId)}/account`, { method: 'POST', body, credentials: 'omit', referrerPolicy: 'no-referrer' });
    status = res.status;
    json = (await res.json()) as Record<string, unknown>;
  } catch {
    // status 0: said by the form as a communication failure.
  }
  const result = (json.result ?? {}) as AccountAnswer['result'];
  const redirect = safeHttpUrl(((json.redirect ?? {}) as { url?: string }).url ?? null);
  const code = result.code ?? '';
  return {
    status,
    result: { ...result, code },
    redirect,
    resultUrl: safeHttpUrl((json.resultUrl as string) ?? null),
    kind: status ? classify({ status, code, redirectUrl: redirect }) : 'declined',
  };
}
